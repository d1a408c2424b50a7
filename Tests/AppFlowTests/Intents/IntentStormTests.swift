import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Thousands of random intents among random overlapping calls, in two scenes: each intent
/// gets one outcome, reaches only a child that appeared, in open order, and never crosses a
/// logout; nothing is held after `finish()`, and everything is released.
@Suite(.endsWithin(.seconds(120))) struct IntentStormTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    /// One step of the storm, in the order the flow placed it: every call and intent is made
    /// from one task with `request` and `enqueue`, so this order is call order.
    enum Step: Equatable {
        case login(String)
        case logout
        case refresh
        case intent(Int, session: String?)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func everyIntentGetsOneOutcome_ReachesOnlyShownChildrenInOrder_AndNeverCrossesALogout(seed: UInt64) async {
        var generator = SeededGenerator(seed: seed)
        let tracker = ReleaseTracker()
        var provider = IntentAuthProvider()
        provider.checksScreen = false
        provider.tracker = tracker
        provider.configuration.maxHeldIntents = 6
        var flow: Flow? = Flow(provider: provider, splash: Screen("splash"))
        var second: AuthScene<IntentAuthProvider>? = flow!.attachScene(placeholder: Screen("launch"))
        var steps: [Step] = []
        var calls: [AuthCallHandle] = [flow!.request(.start)]
        var handles: [AuthIntentHandle] = []
        var sessions: [String] = []
        for _ in 0..<2_000 {
            switch generator.next() % 12 {
            case 0, 1:
                let session = "s\(sessions.count)"
                sessions.append(session)
                steps.append(.login(session))
                calls.append(flow!.request(.login(session)))
            case 2:
                steps.append(.logout)
                calls.append(flow!.request(.logout()))
            case 3:
                steps.append(.refresh)
                calls.append(flow!.request(.refresh()))
            case 4:
                flow!.sceneBecameActive(generator.next() % 2 == 0 ? second! : flow!.scene)
            default:
                // Any session, the newest one logged in, or an older one.
                let named: String? =
                    switch generator.next() % 3 {
                    case 0: nil
                    case 1: sessions.last
                    default: sessions.randomElement(using: &generator)
                    }
                steps.append(.intent(handles.count, session: named))
                handles.append(flow!.enqueue("i\(handles.count)", for: named))
            }
            for _ in 0..<generator.next() % 8 { await Task.yield() }
        }
        for call in calls { _ = await call.result }
        await flow!.finish()
        var results: [IntentResult] = []
        for handle in handles { results.append(await handle.result) }
        #expect(flow!.heldIntentCount == 0)

        // Each delivered intent was delivered once, in open order, to a child that had
        // appeared, of the session it named, with no logout placed between the intent and
        // the login of that session.
        let log = provider.log.all
        let deliveries = provider.received.all.map { (index: Int($0.intent.dropFirst())!, child: $0.child) }
        let delivered = results.indices.filter { if case .delivered = results[$0] { true } else { false } }
        #expect(deliveries.map(\.index) == delivered, "delivered once each, in open order")
        for (index, child) in deliveries {
            let session = String(child.dropFirst("main(".count).prefix { $0 != ")" })
            let intentAt = steps.firstIndex { isIntent($0, index) }!
            if case .intent(_, let named?) = steps[intentAt] {
                #expect(named == session, "i\(index) named \(named), got \(child)")
            }
            let loginAt = steps.firstIndex(of: .login(session))!
            let between = steps[min(intentAt, loginAt)..<max(intentAt, loginAt)]
            #expect(!between.contains(.logout), "i\(index) crossed a logout to \(child)")
            let appeared = log.firstIndex(of: "\(child).didAppear")
            let deliveredAt = log.firstIndex(of: "deliver i\(index) → \(child)")
            #expect(appeared != nil && appeared! < deliveredAt!, "i\(index) reached \(child) before it appeared")
        }
        // A drop for a logout has a logout placed after the intent; a mismatch names a session.
        for (index, result) in results.enumerated() {
            let intentAt = steps.firstIndex { isIntent($0, index) }!
            switch result {
            case .dropped(.loggedOut):
                #expect(steps[intentAt...].contains(.logout))
            case .dropped(.sessionMismatch):
                guard case .intent(_, let named) = steps[intentAt] else { continue }
                #expect(named != nil)
            case .dropped(.cancelled), .dropped(.sceneGone), .dropped(.expired):
                Issue.record("i\(index): \(result), which nothing in the storm causes")
            case .delivered, .dropped(.displaced), .dropped(.finished):
                break
            }
        }
        // Some of each, so that the storm exercised what it checks.
        #expect(!delivered.isEmpty)
        #expect(results.contains(.dropped(.loggedOut)))
        #expect(results.contains(.dropped(.sessionMismatch)))
        (flow, second) = (nil, nil)
        #expect(await tracker.waitUntilReleased(), "alive: \(tracker.alive)")
    }

    private func isIntent(_ step: Step, _ index: Int) -> Bool {
        if case .intent(index, _) = step { return true }
        return false
    }
}
