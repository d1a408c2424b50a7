import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `AuthFlow`'s strengthened invariant under thousands of overlapping calls.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct AuthFlowStressTests {
    /// The index of the call a factory works for, carried into the factory's task.
    @TaskLocal static var callIndex = -1

    /// A provider whose logged-in factories are slow and stop early when cancelled, and
    /// that stamps each logged-in child with a ticket taken when it was made.
    struct SlowProvider: AuthFlowProvider {
        let ticket: @Sendable () -> UInt64
        let made = LockedValue<[Int: UInt64]>([:])
        let shown = Log<String>()
        let tracker = ReleaseTracker()
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }

        func initialSession() async -> String? { "restored" }
        func makeLoggedOutChild() async -> Screen { child("out") }
        func makeLoggedInChild(for session: String) async -> Screen {
            let index = AuthFlowStressTests.callIndex
            for _ in 0..<(index % 7) * 3 where !Task.isCancelled {
                await Task.yield()
            }
            let stamp = ticket()
            made.withLock { $0[index] = stamp }
            return child("\(index)")
        }

        private func child(_ name: String) -> Screen {
            let screen = Screen(name, calls: shown)
            tracker.track(screen, as: name)
            return screen
        }
    }

    /// Calls made one after another in a known call order, then left to race, some of
    /// their callers cancelled: no login or refresh called before a logout is shown if its
    /// child was made after that logout was called; every caller hears back (a lost one
    /// hangs the time limit, a doubled one traps its checked continuation); nothing is
    /// leaked. A child is made before it is shown, so comparing when it was made can
    /// only miss violations, never invent one.
    @Test func noLoginCalledBeforeALogoutIsShownOnceTheLogoutWasCalled() async {
        let calls = 2_000
        let storm = AuthCallStorm(calls: calls, seed: 11)
        let plan = storm.plan
        @Sendable func ticket() -> UInt64 { storm.ticket() }
        let provider = SlowProvider(ticket: ticket)
        let running = AuthFlow(provider: provider, splash: Screen("splash"))
        var tasks: [Task<AuthResult, Never>] = []
        var stamped: [UInt64] = []  // a ticket taken once each call has its place
        for (index, kind) in plan.enumerated() {
            let before = running.callCount
            tasks.append(
                Task {
                    await AuthFlowStressTests.$callIndex.withValue(index) {
                        switch kind {
                        case .start: return await running.start()
                        case .login: return await running.login("s\(index)")
                        case .logout: return await running.logout()
                        case .refresh: return await running.refresh()
                        }
                    }
                }
            )
            _ = await eventually { running.callCount > before }
            stamped.append(ticket())
            if index % 13 == 5 { tasks[index].cancel() }
        }
        var results: [AuthResult] = []
        for task in tasks {
            guard let result = await task.value(within: .seconds(10)) else {
                Issue.record("a call did not return within 10 s")
                return
            }
            results.append(result)
        }
        #expect(Set(results).isSubset(of: [.completed, .interrupted, .superseded, .unchanged, .cancelled]))
        #expect(await running.phase == .loggedOut, "the last call, a logout, decides")

        // For each call, the earliest logout called after it (by its stamped ticket).
        let earliestLaterLogout = storm.earliestLaterLogout(stamped: stamped)
        let made = provider.made.withLock { $0 }
        let shown = provider.shown.all.filter { $0.hasSuffix(".willAppear") }.compactMap {
            Int($0.dropLast(".willAppear".count))
        }
        #expect(!shown.isEmpty)
        let violations = shown.filter { index in
            guard let madeAt = made[index] else { return false }
            return madeAt > earliestLaterLogout[index]
        }
        #expect(violations.isEmpty, "shown after a later logout was called: \(violations.prefix(5))")

        // Only the child in place stays alive: every dropped, replaced or cancelled child
        // is released.
        await running.finish()
        let tracker = provider.tracker
        #expect(await eventually { tracker.alive == ["out"] }, "children left alive: \(tracker.alive.prefix(5))")
    }
}
