import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Foundation
import Testing

/// `FlowTraceRecorder`: what an `AuthFlow` and a `FlowContainer` record, scripted on a
/// manual clock; the Trace Event Format export; storms whose traces balance.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowTraceRecorderTests {
    struct Provider: AuthFlowProvider {
        var configuration = AuthFlowConfiguration(
            loginAnimation: .fade(duration: .milliseconds(100)),
            logoutAnimation: .immediate,
            startAnimation: .immediate
        )
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> String { "login" }
        func makeLoggedInChild(for session: String) async -> String { "home(\(session))" }
    }

    /// The events of the calls' track, and of the containers' tracks, apart.
    static func split(_ entries: [FlowTraceRecorder.Entry]) -> (calls: [FlowTraceEvent], transitions: [FlowTraceEvent])
    {
        var calls: [FlowTraceEvent] = []
        var transitions: [FlowTraceEvent] = []
        for entry in entries {
            switch entry.event {
            case .transitionBegan, .frame, .transitionEnded: transitions.append(entry.event)
            default: calls.append(entry.event)
            }
        }
        return (calls, transitions)
    }

    static func ended(_ entries: [FlowTraceRecorder.Entry]) -> Int {
        entries.filter { if case .transitionEnded = $0.event { return true } else { return false } }.count
    }

    @Test func aScriptedFlowRecordsItsCallsWorkAdmissionsResultsAndTransitionsInOrder() async {
        let clock = ManualClock()
        let provider = Provider()
        let recorder = FlowTraceRecorder(clock: clock)
        let flow = AuthFlow(provider: provider, splash: "launch", clock: clock, tracer: recorder)
        #expect(await flow.start() == .completed)
        let login = Task { await flow.login("ann") }
        // Mounted (its first frame recorded), the fade asleep on the clock.
        #expect(
            await eventually {
                recorder.entries.contains {
                    $0.event == .frame(track: "scene 1", id: TransitionID(rawValue: 2), fraction: 0)
                }
            }
        )
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(100))
        #expect(await login.value(within: .seconds(10)) == .completed)
        #expect(await flow.logout() == .completed)
        #expect(await eventually { Self.ended(recorder.entries) == 3 })

        let scene = flow.scene.id
        let (calls, transitions) = Self.split(recorder.entries)
        // Each call: admitted on arrival and at its start, the leaving child prepared, its
        // child built, admitted once made, then its result.
        let call = { (number: UInt64, name: String) -> [FlowTraceEvent] in
            [
                .callBegan(number: number, name: name),
                .admission(number: number, scene: scene, point: "arrival", admitted: true),
                .admission(number: number, scene: scene, point: "start", admitted: true),
                .workBegan(number: number, scene: scene, work: .preparation),
                .workEnded(number: number, scene: scene, work: .preparation),
                .workBegan(number: number, scene: scene, work: .child),
                .workEnded(number: number, scene: scene, work: .child),
                .admission(number: number, scene: scene, point: "childMade", admitted: true),
                .callEnded(number: number, result: "completed"),
            ]
        }
        #expect(calls == call(1, "start") + call(2, "login(ann)") + call(3, "logout(signedOut)"))
        let track = "\(scene)"
        let frames = transitions.compactMap { event -> Double? in
            if case .frame(_, _, let fraction) = event { return fraction }
            return nil
        }
        #expect(frames.first == 0 && frames.last == 1)
        #expect(
            transitions.filter { if case .frame = $0 { return false } else { return true } } == [
                .transitionBegan(track: track, id: TransitionID(rawValue: 1), name: "#1 splash → loggedOut(signedOut)"),
                .transitionEnded(track: track, id: TransitionID(rawValue: 1), interruption: nil),
                .transitionBegan(
                    track: track,
                    id: TransitionID(rawValue: 2),
                    name: "#2 loggedOut(signedOut) → loggedIn(\"ann\")"
                ),
                .transitionEnded(track: track, id: TransitionID(rawValue: 2), interruption: nil),
                .transitionBegan(
                    track: track,
                    id: TransitionID(rawValue: 3),
                    name: "#3 loggedIn(\"ann\") → loggedOut(signedOut)"
                ),
                .transitionEnded(track: track, id: TransitionID(rawValue: 3), interruption: nil),
            ]
        )
        // Times come from the injected clock: the login ended 100 ms in, nothing before.
        let times = recorder.entries.map(\.time)
        #expect(times == times.sorted())
        #expect(times.first == .zero && times.last == .milliseconds(100))
        #expect(TraceEventFormat.violations(of: recorder.chromeTrace()).isEmpty)
    }

    /// A provider whose logged-in children take intents (routes) and do nothing with them.
    struct RoutingProvider: AuthFlowProvider {
        var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        func initialSession() async -> String? { "ann" }
        func makeLoggedOutChild() async -> String { "login" }
        func makeLoggedInChild(for session: String) async -> String { "home(\(session))" }
        func handle(_ intent: String, in child: String, context: AuthIntentContext<String>) async {}
    }

    @Test func anIntentIsRecordedFromItsOpeningThroughItsDeliveryToItsResult() async {
        let recorder = FlowTraceRecorder()
        let flow = AuthFlow(provider: RoutingProvider(), splash: "launch", tracer: recorder)
        let opened = flow.enqueue("inbox")
        #expect(await flow.start() == .completed)
        #expect(await opened.result == .delivered(flow.scene.id))
        let dropped = flow.enqueue("settings", for: "bob")
        #expect(await dropped.result == .dropped(.sessionMismatch))
        let intents = recorder.entries.map(\.event).filter {
            switch $0 {
            case .intentOpened, .intentDelivering, .intentEnded: return true
            default: return false
            }
        }
        #expect(
            intents == [
                .intentOpened(number: 1, name: "inbox"),
                .intentDelivering(number: 1, scene: flow.scene.id),
                .intentEnded(number: 1, result: "delivered to \(flow.scene.id)"),
                .intentOpened(number: 2, name: "settings"),
                .intentEnded(number: 2, result: "dropped: sessionMismatch"),
            ]
        )
        #expect(TraceEventFormat.violations(of: recorder.chromeTrace()).isEmpty)
    }

    @Test func theExportKeepsTheTraceEventFormatAndNamesItsTracks() async {
        let clock = ManualClock()
        let provider = Provider()
        let recorder = FlowTraceRecorder(clock: clock)
        let flow = AuthFlow(provider: provider, splash: "launch", clock: clock, tracer: recorder)
        #expect(await flow.start() == .completed)
        #expect(await eventually { Self.ended(recorder.entries) == 1 })
        let json = recorder.chromeTrace()
        #expect(TraceEventFormat.violations(of: json).isEmpty, "\(TraceEventFormat.violations(of: json))")
        #expect(json.contains(#""args":{"name":"calls"}"#))
        #expect(json.contains(#""args":{"name":"scene 1"}"#))
        #expect(json.contains(#""name":"start","cat":"call","ph":"e","id":"1.1""#))
        #expect(json.contains(#""args":{"result":"completed"}"#))
    }

    @Test func theFormatCheckCatchesWhatBreaksTheFormat() {
        let unbalanced = #"{"traceEvents":[{"ph":"E","pid":1,"tid":2,"ts":1}]}"#
        let backwards =
            #"{"traceEvents":[{"name":"a","ph":"i","pid":1,"tid":2,"ts":5},{"name":"b","ph":"i","pid":1,"tid":2,"ts":4}]}"#
        let crossed =
            #"{"traceEvents":[{"name":"x","cat":"call","ph":"b","id":1,"pid":1,"tid":1,"ts":1},{"name":"y","cat":"call","ph":"e","id":1,"pid":1,"tid":1,"ts":2}]}"#
        for json in [unbalanced, backwards, crossed, "[]"] {
            #expect(!TraceEventFormat.violations(of: json).isEmpty, "\(json)")
        }
    }

    @Test func aStormsTraceHasOneBeginAndOneEndPerTransitionAndNoOverlapOnAContainer() async {
        let recorder = FlowTraceRecorder()
        let container = FlowContainer(initial: 0, animation: .immediate)
        recorder.follow(container, track: "container")
        let results = await withTaskGroup(of: TransitionResult.self) { group in
            for value in 1...300 {
                group.addTask {
                    await container.cycle(to: value, policy: value.isMultiple(of: 2) ? .latestWins : .enqueue)
                }
            }
            return await group.reduce(into: [TransitionResult]()) { $0.append($1) }
        }
        let ran = results.filter(\.didRun).count
        #expect(await eventually { Self.ended(recorder.entries) == ran })
        let json = recorder.chromeTrace()
        #expect(TraceEventFormat.violations(of: json).isEmpty)
        let slices = TraceEventFormat.slices(of: json)
        #expect(slices[2]?.count == ran)
        #expect(slices[2]?.overlap == false)
    }

    @Test func anAuthStormsCallsEachBeginAndEndOnceAndItsScenesBalance() async {
        let recorder = FlowTraceRecorder()
        var provider = Provider()
        provider.configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        let flow = AuthFlow(provider: provider, splash: "launch", tracer: recorder)
        let second = flow.attachScene(placeholder: "launch")
        var generator = SeededGenerator(seed: 28)
        let plan = (0..<300).map { _ in Int.random(in: 0..<4, using: &generator) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await flow.start() }
            for (index, kind) in plan.enumerated() {
                group.addTask {
                    switch kind {
                    case 0: _ = await flow.logout()
                    case 1: _ = await flow.lock()
                    case 2: _ = await flow.unlock()
                    default: _ = await flow.login("u\(index)")
                    }
                }
            }
        }
        // The storm may end on the splash in both scenes, and rightly: if every login and
        // logout was superseded before it began and the newest calls were locks or unlocks,
        // which have nothing to lock there (seen once under AddressSanitizer). One login
        // after it makes both scenes transition, so that each must have its track.
        #expect(await flow.login("last") == .completed)
        let entries = recorder.entries
        var began: Set<UInt64> = []
        var ended: [UInt64: Int] = [:]
        for entry in entries {
            if case .callBegan(let number, _) = entry.event { began.insert(number) }
            if case .callEnded(let number, _) = entry.event { ended[number, default: 0] += 1 }
        }
        #expect(!began.isEmpty)
        #expect(Set(ended.keys) == began && ended.values.allSatisfy { $0 == 1 })
        await flow.finish()
        // A scene that left its splash has transitioned, so it must have a track.
        var moved: Set<String> = []
        for scene in [flow.scene, second] where await scene.phase != .splash {
            moved.insert("\(scene.id)")
        }
        // Each scene's transitions reach the recorder through a task of its own, which may
        // still be draining its ended stream: wait until every such scene's track has ended
        // transitions and every began one has ended.
        let settled = { (entries: [FlowTraceRecorder.Entry]) in
            var began = 0
            var endedTracks: Set<String> = []
            for entry in entries {
                if case .transitionBegan = entry.event { began += 1 }
                if case .transitionEnded(let track, _, _) = entry.event { endedTracks.insert(track) }
            }
            return endedTracks == moved && began == Self.ended(entries)
        }
        #expect(await eventually { settled(recorder.entries) })
        let json = recorder.chromeTrace()
        #expect(TraceEventFormat.violations(of: json).isEmpty, "\(TraceEventFormat.violations(of: json).prefix(3))")
        // Both scenes transitioned (the last login), and each has its track, the one
        // attached later included.
        #expect(moved.count == 2)
        for track in moved {
            #expect(json.contains(#""args":{"name":"\#(track)"}"#), "\(track)")
        }
        for (tid, slice) in TraceEventFormat.slices(of: json) where tid > 1 {
            #expect(!slice.overlap, "scene track \(tid)")
        }
    }
}
