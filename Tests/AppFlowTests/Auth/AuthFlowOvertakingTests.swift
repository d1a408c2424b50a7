import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A call does not wait for a beaten call's factory that is building (the container ends
/// the beaten call's turn at once) nor call a factory of its own once beaten; a requested
/// call runs at its caller's priority.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthFlowOvertakingTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    @Test func aLogoutDoesNotWaitForASupersededLoginsFactoryThatIgnoresCancellation() async {
        let (flow, provider, gate) = await AuthFlowCallOrderTests.flowWithHeldLogin()
        let events = AuthFlowCallOrderTests.record(flow)
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        // The factory is held however it is cancelled: the logout returns meanwhile.
        let logout = Task { await flow.logout(LogoutVariant("soft")) }
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(await flow.container.child.child.name == "loggedOut(soft)")
        #expect(gate.waitingCount == 1)
        gate.open()
        #expect(await login.value(within: .seconds(30)) == .superseded)
        #expect(provider.built.all.contains("loggedIn(ada)"), "the factory ran to its end")
        #expect(await flow.container.child.child.name == "loggedOut(soft)")
        await flow.finish()
        let seen = await events.value(within: .seconds(30)) ?? []
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
            // logout's return (for at most 30 s) instead of awaiting its result.
            let deadline = ContinuousClock.now + .seconds(30)
            while !handle.hasReturned, ContinuousClock.now < deadline {
                await Task.yield()
            }
            sawReturn.withLock { $0 = handle.hasReturned }
        }
        let flow = await provider.startedFlow()
        logOut.withLock { $0 = { flow.request(.logout(LogoutVariant("expired"))) } }
        let login = Task { await flow.login("ada") }
        #expect(await login.value(within: .seconds(40)) == .superseded)
        #expect(sawReturn.withLock { $0 }, "the logout returned while the factory waited for it")
        #expect(await flow.container.child.child.name == "loggedOut(expired)")
        await flow.finish()
        // The provider's hook holds the flow: let go of it, or the flow is never released.
        logOut.withLock { $0 = nil }
    }

    /// `finish()` waits for the factory of a call a newer call overtook: that factory
    /// holds the old session's services, which are torn down only once it has returned.
    @Test func finishWaitsForAnOvertakenFactoryAndTearsItsServicesDownFirst() async {
        let (flow, provider, gate, login) = await AuthSceneTests.loginHeldInItsFactory()
        // The login never showed: the logout finds the flow logged out already.
        let logout = Task { await flow.logout() }
        #expect(await logout.value(within: .seconds(30)) == .unchanged)
        #expect(provider.log.all.contains("make kit 1 of ada"))
        // The factory is let go only once `finish()` has ended the scene's container.
        await Self.expectFinishTearsKit1DownFirst(flow, provider, opening: gate, once: "loggedOut@1.didDisappear")
        #expect(await login.value(within: .seconds(30)) == .superseded)
    }

    /// Finishes `flow`, opening `gate` (which holds an overtaken factory) once `provider`
    /// logged `line` during `finish()`, and expects the services that factory holds (kit 1
    /// of ada) torn down before `finish()` returned.
    static func expectFinishTearsKit1DownFirst(
        _ flow: AuthFlow<SceneAuthProvider>,
        _ provider: SceneAuthProvider,
        opening gate: Gate,
        once line: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let opener = Task {
            _ = await eventually(timeout: .seconds(30)) { provider.log.all.contains(line) }
            gate.open()
        }
        let finishing = Task {
            await flow.finish()
            provider.log.append("finish returned")
        }
        _ = await finishing.value(within: .seconds(30))
        await opener.value
        let log = provider.log.all
        let teardown = log.firstIndex(of: "tear down kit 1 of ada")
        let returned = log.firstIndex(of: "finish returned")
        #expect(teardown != nil && returned != nil && teardown! < returned!, "\(log)", sourceLocation: sourceLocation)
        #expect(provider.aliveServices.current == 0, sourceLocation: sourceLocation)
    }

    /// The same for a scene's placement: a scene attached mid-session builds the session's
    /// child with its services; a logout overtakes that factory, which runs on unseen, and
    /// `finish()` waits for it before the services are torn down.
    @Test func finishWaitsForAnOvertakenPlacementsFactoryAndTearsItsServicesDownFirst() async {
        let gate = Gate()
        var held = SceneAuthProvider()
        held.session = "ada"
        held.loginGate = gate
        held.loginGateScene = 2
        let provider = held
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let scene = flow.attachScene(placeholder: Screen("launch"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        // The logout overtakes the placement's factory in scene 2 and shows its child there.
        let logout = Task { await flow.logout() }
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(await AuthSceneTests.shown(scene) == "loggedOut@2")
        #expect(provider.log.all.contains("make kit 1 of ada"))
        #expect(!provider.log.all.contains("tear down kit 1 of ada"), "the placement's factory holds them")
        // The factory is let go only once `finish()` has ended the scenes' containers.
        await Self.expectFinishTearsKit1DownFirst(flow, provider, opening: gate, once: "loggedOut@2.didDisappear")
    }

    /// A call beaten while the outgoing child prepares to leave keeps its turn until the
    /// preparation ends, then never calls its factory: the placeholder stands in for a
    /// child no one sees.
    @Test func aLogoutSupersededWhileItsChildPreparesNeverCallsItsFactory() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.logoutPreparationGate = gate
        // The preparation ends when the test says, never at its timeout.
        provider.configuration.preparationTimeout = .seconds(3_600)
        let flow = await provider.startedFlow()
        let logout = Task { await flow.logout(LogoutVariant("soft")) }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        // Stamped before `request` returns: the logout is beaten before its preparation
        // ends, however late the login's task runs.
        let login = flow.request(.login("bob"))
        // The logout keeps its turn while its child prepares: the login waits.
        #expect(await eventually(timeout: .seconds(30)) { await flow.container.pendingCount == 1 })
        gate.open()
        #expect(await logout.value(within: .seconds(30)) == .superseded)
        #expect(await login.result == .completed)
        #expect(!provider.built.all.contains("loggedOut(soft)"), "\(provider.built.all)")
        #expect(provider.built.all.contains("placeholder"))
        #expect(await flow.container.child.child.name == "main(bob)")
        await flow.finish()
    }

    /// A scene attached mid-session builds its child for the session; a logout called
    /// meanwhile does not wait for that build, in that scene or any other.
    @Test func aLogoutDoesNotWaitForASceneAttachedMidSessionToBuildItsChild() async {
        var provider = TestAuthProvider()
        let hold = LockedValue<Gate?>(nil)
        provider.onLoggedInFactory = { await hold.withLock { $0 }?.pass() }
        let flow = await provider.startedFlow()
        #expect(await flow.login("ada") == .completed)
        let gate = Gate()
        hold.withLock { $0 = gate }
        let scene = flow.attachScene(placeholder: Screen("launch"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let logout = Task { await flow.logout(LogoutVariant("soft")) }
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(await scene.container.child.child.name == "loggedOut(soft)")
        #expect(await flow.container.child.child.name == "loggedOut(soft)")
        gate.open()
        await scene.placed()
        #expect(await scene.container.child.child.name == "loggedOut(soft)")
        await flow.finish()
    }

    @Test func aRequestedLockThatBeatsALoginOnItsWayRunsAtItsCallersPriority() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.heldSession = "bob"
        provider.loginGate = gate
        let priorities = Log<TaskPriority>()
        provider.onLockScreen = { priorities.append(Task.currentPriority) }
        let flow = await provider.startedFlow()
        let login = Task { await flow.login("bob") }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 }, "the login is on its way")
        let returned = LockedValue<AuthResult?>(nil)
        Task(priority: .low) {
            let result = await flow.request(.lock(.teardown)).result
            returned.withLock { $0 = result }
        }
        _ = await eventually(timeout: .seconds(30)) { returned.withLock { $0 } != nil }
        gate.open()
        _ = await login.value(within: .seconds(30))
        #expect(returned.withLock { $0 } != nil)
        #expect(priorities.all.first == .low)
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
            #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 }, "the login is on its way")
        }
        // Polled, not awaited: awaiting the task would raise its priority to the test's.
        let returned = LockedValue<AuthResult?>(nil)
        Task(priority: priority) {
            let result = await make(flow)
            returned.withLock { $0 = result }
        }
        _ = await eventually(timeout: .seconds(30)) { returned.withLock { $0 } != nil }
        let result = returned.withLock { $0 }
        gate.open()
        _ = await login?.value(within: .seconds(30))
        await flow.finish()
        #expect(result == .completed)
        return priorities.all.last
    }

    /// A requested call runs at its caller's priority, with or without a call on its way:
    /// a scene's arrival gate, not a raised priority, keeps it from waiting behind the
    /// calls it beat.
    @Test(arguments: [true, false])
    func aRequestedLogoutRunsAtItsCallersPriority(loginOnItsWay: Bool) async {
        let priority = await Self.logoutPriority(from: .low, loginOnItsWay: loginOnItsWay) { flow in
            await flow.request(.logout(LogoutVariant("soft"))).result
        }
        #expect(priority == .low)
    }

    @Test func anAwaitedLogoutRunsInItsCallersTaskAtItsPriority() async {
        let same = await Self.logoutPriority(from: .low, loginOnItsWay: true) { flow in
            await flow.logout(LogoutVariant("soft"))
        }
        #expect(same == .low)
    }
}
