import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// One session in three scenes under hundreds of overlapping calls, with slow factories and
/// slow services, a scene attached and one detached mid-storm.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct SceneStressTests {
    /// The index of the call a factory works for, carried into the factory's task.
    @TaskLocal static var callIndex = -1

    /// A provider whose factories and services are slow, stop early when cancelled, and
    /// stamp each logged-in child with a ticket taken when it was made.
    struct SlowProvider: AuthFlowProvider {
        typealias Services = SessionKit

        let ticket: @Sendable () -> UInt64
        let made = LockedValue<[String: UInt64]>([:])
        let log = Log<String>()
        let tracker = ReleaseTracker()
        let aliveServices = PeakCounter()
        let servicesMade = Log<String>()
        let servicesTornDown = Log<String>()
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }

        func initialSession() async -> String? { "restored" }

        func makeServices(for session: String) async -> SessionKit {
            aliveServices.enter()
            let kit = SessionKit(session: session, number: aliveServices.total)
            servicesMade.append("\(kit)")
            for _ in 0..<(kit.number % 4) { await Task.yield() }
            tracker.track(kit, as: "\(kit)")
            return kit
        }

        func tearDown(_ services: SessionKit, of session: String) async {
            for _ in 0..<(services.number % 3) { await Task.yield() }
            servicesTornDown.append("\(services)")
            aliveServices.leave()
        }

        func makeLoggedOutChild() async -> Screen { child("out") }

        func makeLoggedInChild(for session: String) async -> Screen { child(session) }

        func makeLoggedInChild(for session: String, in context: AuthChildContext<SessionKit>) async -> Screen {
            let index = SceneStressTests.callIndex
            // A scene that arrives mid-storm builds outside any call: index -1.
            for _ in 0..<(max(index, 0) % 7) * 2 where !Task.isCancelled {
                await Task.yield()
            }
            let name = "\(index)@\(context.scene.rawValue)"
            made.withLock { $0[name] = ticket() }
            return child(name)
        }

        private func child(_ name: String) -> Screen {
            let screen = Screen(name, calls: log)
            tracker.track(screen, as: name)
            return screen
        }
    }

    /// Every caller hears back once; in every scene, no child of a login called before a
    /// logout is shown if it was made after that logout was called; services are made
    /// and torn down in pairs, one session's at a time; every scene's hooks are balanced;
    /// nothing is leaked once the flow is gone.
    @Test func threeScenesKeepEveryGuaranteeUnderOverlappingCalls() async {
        let calls = 600
        let storm = AuthCallStorm(calls: calls, seed: 23)
        let plan = storm.plan
        @Sendable func ticket() -> UInt64 { storm.ticket() }
        let provider = SlowProvider(ticket: ticket)
        var stamped: [UInt64] = []
        var results: [AuthResult] = []
        do {
            let flow = AuthFlow(provider: provider, splash: Screen("splash"))
            var scenes = [flow.scene, flow.attachScene(placeholder: Screen("launch2"))]
            var tasks: [Task<AuthResult, Never>] = []
            for (index, kind) in plan.enumerated() {
                if index == calls / 3 { scenes.append(flow.attachScene(placeholder: Screen("launch3"))) }
                if index == 2 * calls / 3 { await flow.detach(scenes[1]) }
                let before = flow.callCount
                tasks.append(
                    Task {
                        await SceneStressTests.$callIndex.withValue(index) {
                            switch kind {
                            case .start: return await flow.start()
                            case .login: return await flow.login("s\(index % 5)")
                            case .logout: return await flow.logout()
                            case .refresh: return await flow.refresh()
                            }
                        }
                    }
                )
                _ = await eventually { flow.callCount > before }
                stamped.append(ticket())
                if index % 13 == 5 { tasks[index].cancel() }
            }
            for task in tasks {
                guard let result = await task.value(within: .seconds(30)) else {
                    Issue.record("a call did not return within 30 s")
                    return
                }
                results.append(result)
            }
            for scene in flow.scenes {
                #expect(await scene.phase == .loggedOut, "the last call, a logout, decides in \(scene.id)")
            }
            await flow.finish()
        }
        #expect(Set(results).isSubset(of: [.completed, .interrupted, .superseded, .unchanged, .cancelled]))

        // The security invariant, per scene: a child shown was made before any logout
        // called after its call.
        // For each call, the earliest logout called after it (by its stamped ticket).
        let earliestLaterLogout = storm.earliestLaterLogout(stamped: stamped)
        let made = provider.made.withLock { $0 }
        let log = provider.log.all
        let shown = log.filter { $0.hasSuffix(".willAppear") }.map { String($0.dropLast(".willAppear".count)) }
        #expect(!shown.filter { $0.contains("@") }.isEmpty)
        let violations = shown.filter { name in
            guard let madeAt = made[name], let index = Int(name.prefix { $0 != "@" }), index >= 0 else { return false }
            return madeAt > earliestLaterLogout[index]
        }
        #expect(violations.isEmpty, "shown after a later logout was called: \(violations.prefix(5))")

        // Hooks balanced per child, in every scene.
        for name in Set(shown) {
            let count = { (hook: String) in log.filter { $0 == "\(name).\(hook)" }.count }
            #expect(count("willAppear") == count("didAppear"), "\(name)")
            #expect(count("willDisappear") == count("didDisappear"), "\(name)")
        }

        // Services in pairs, one session's at a time, all torn down by the end.
        #expect(Set(provider.servicesMade.all) == Set(provider.servicesTornDown.all))
        #expect(provider.aliveServices.peak == 1)
        #expect(provider.aliveServices.current == 0)
        let tracker = provider.tracker
        #expect(await tracker.waitUntilReleased(timeout: .seconds(30)), "left alive: \(tracker.alive.prefix(5))")
    }
}
