import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A call never waits for the work of calls it beat: not for a beaten login's factory
/// (the container hands the newer call its turn at once), and a requested logout, lock or
/// cover not behind the beaten calls' jobs either (its task runs a priority class above its
/// caller's).
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthFlowRunsAheadTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    @Test func aLogoutDoesNotWaitForABeatenLoginsFactoryThatIgnoresCancellation() async {
        let (flow, provider, gate) = await AuthFlowCallOrderTests.flowWithHeldLogin()
        let events = AuthFlowCallOrderTests.record(flow)
        let login = Task { await flow.login("ada") }
        #expect(await eventually { gate.waitingCount == 1 })
        // The factory is held however it is cancelled: the logout returns meanwhile.
        let logout = Task { await flow.logout(LogoutVariant("soft")) }
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await flow.container.child.child.name == "loggedOut(soft)")
        #expect(gate.waitingCount == 1)
        gate.open()
        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(provider.built.all.contains("loggedIn(ada)"), "the factory ran to its end")
        #expect(await flow.container.child.child.name == "loggedOut(soft)")
        await flow.finish()
        let seen = await events.value(within: .seconds(10)) ?? []
        #expect(!seen.contains { $0.contains("main(ada)") }, "the login's child was never shown: \(seen)")
        #expect(provider.tracker?.alive == ["loggedOut(soft)"], "the dropped child is released")
    }

    /// A factory that finds the session invalid and requests a logout, then awaits it: the
    /// logout beats the login that is building, so it does not wait for the very factory
    /// that awaits it.
    @Test func aLoginFactoryThatAwaitsARequestedLogoutDoesNotDeadlock() async {
        let logOut = LockedValue<(@Sendable () -> AuthCallHandle)?>(nil)
        let sawReturn = LockedValue(false)
        var provider = TestAuthProvider()
        provider.onLoggedInFactory = {
            guard let logOut = logOut.withLock({ $0 }) else { return }
            let handle = logOut()
            // The factory's task is cancelled by the logout it made, so it polls for the
            // logout's return (for at most 10 s) instead of awaiting its result.
            let deadline = ContinuousClock.now + .seconds(10)
            while !handle.hasReturned, ContinuousClock.now < deadline {
                await Task.yield()
            }
            sawReturn.withLock { $0 = handle.hasReturned }
        }
        let flow = await provider.startedFlow()
        logOut.withLock { $0 = { flow.request(.logout(LogoutVariant("expired"))) } }
        let login = Task { await flow.login("ada") }
        #expect(await login.value(within: .seconds(20)) == .superseded)
        #expect(sawReturn.withLock { $0 }, "the logout returned while the factory waited for it")
        #expect(await flow.container.child.child.name == "loggedOut(expired)")
        await flow.finish()
    }

    /// The priority each logged-out child was built at, for a logout made as `make` from a
    /// task of `priority`, with or without a login on its way.
    static func logoutPriority(
        from priority: TaskPriority,
        loginOnItsWay: Bool,
        _ make: @escaping @Sendable (Flow) async -> AuthResult
    ) async -> TaskPriority? {
        var provider = TestAuthProvider()
        let gate = Gate()
        provider.loginGate = gate
        let priorities = Log<TaskPriority>()
        provider.onLoggedOutFactory = { priorities.append(Task.currentPriority) }
        let flow = await provider.startedFlow()
        let login = loginOnItsWay ? Task { await flow.login("ada") } : nil
        if loginOnItsWay {
            _ = await eventually { gate.waitingCount == 1 }
        }
        // Polled, not awaited: awaiting the task would raise its priority to the test's.
        let returned = LockedValue<AuthResult?>(nil)
        Task(priority: priority) {
            let result = await make(flow)
            returned.withLock { $0 = result }
        }
        _ = await eventually { returned.withLock { $0 } != nil }
        let result = returned.withLock { $0 }
        gate.open()
        _ = await login?.value(within: .seconds(10))
        await flow.finish()
        #expect(result == .completed)
        return priorities.all.last
    }

    @Test func aRequestedLogoutThatBeatsALoginOnItsWayRunsAClassAboveItsCaller() async {
        let ahead = await Self.logoutPriority(from: .low, loginOnItsWay: true) { flow in
            await flow.request(.logout(LogoutVariant("soft"))).result
        }
        #expect(ahead == .medium)
    }

    @Test func aRequestedLogoutWithNothingOnItsWayRunsAtItsCallersPriority() async {
        let same = await Self.logoutPriority(from: .low, loginOnItsWay: false) { flow in
            await flow.request(.logout(LogoutVariant("soft"))).result
        }
        #expect(same == .low)
    }

    @Test func anAwaitedLogoutRunsInItsCallersTaskAtItsPriority() async {
        let same = await Self.logoutPriority(from: .low, loginOnItsWay: true) { flow in
            await flow.logout(LogoutVariant("soft"))
        }
        #expect(same == .low)
    }

    @Test(arguments: [
        (TaskPriority(rawValue: 0), TaskPriority.background),
        (.background, .utility),
        (.utility, .medium),
        (.medium, .high),
        (.high, TaskPriority(rawValue: AuthCallHandle.userInteractive)),
        (
            TaskPriority(rawValue: AuthCallHandle.userInteractive),
            TaskPriority(rawValue: AuthCallHandle.userInteractive)
        ),
    ])
    func aCallThatRunsAheadTakesTheNextPriorityClassAboveItsCallers(
        _ caller: TaskPriority,
        _ ahead: TaskPriority
    ) {
        #expect(AuthCallHandle.priority(above: caller) == ahead)
    }
}
