import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `request(_:animation:)`: calls made from synchronous code take their place when made.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthRequestTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    /// A started, logged-out flow whose logged-in factory waits at the returned gate.
    static func startedWithHeldLogin() async -> (Flow, TestAuthProvider, Gate) {
        var provider = TestAuthProvider()
        let gate = Gate()
        provider.loginGate = gate
        let flow = await provider.startedFlow()
        return (flow, provider, gate)
    }

    /// The start an app places at launch with `request(.start)` takes its place before
    /// `request` returns: a login the user makes while the session is still being restored
    /// beats it, and the start never undoes that login.
    @Test func aStartRequestedBeforeALoginNeverUndoesThatLogin() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.restoring.hold()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        let start = flow.request(.start)
        let login = flow.request(.login("bob"))
        provider.restoring.release()
        #expect(await login.result == .completed)
        #expect(await start.result == .superseded)
        #expect(await flow.phase == .loggedIn("bob"))
        await flow.finish()
    }

    /// Synchronous code (a tap handler) makes both calls: each is stamped before
    /// `request` returns, so the logout beats the login however their tasks are scheduled.
    @Test func callsMadeFromSynchronousCodeTakeTheirPlaceBeforeRequestReturns() async {
        let flow = Flow(provider: TestAuthProvider(), splash: Screen("splash"))
        await flow.start()
        func tap() -> (AuthCallHandle, AuthCallHandle) {
            let login = flow.request(.login("ada"))
            let logout = flow.request(.logout())
            return (login, logout)
        }
        let (login, logout) = tap()
        #expect(flow.callCount == 3)
        #expect(flow.requestedPhase == .loggedOut)
        let results = [await login.result, await logout.result]
        #expect(results == [.superseded, .unchanged] || results == [.completed, .completed])
        #expect(await flow.phase == .loggedOut)
        #expect(login.hasReturned && logout.hasReturned)
        await flow.finish()
    }

    @Test func aRequestedLogoutBeatsALoginWhoseChildIsBeingMade() async {
        let (flow, provider, gate) = await Self.startedWithHeldLogin()
        let login = flow.request(.login("ada"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let logout = flow.request(.logout())
        gate.open()
        #expect(await login.result == .superseded)
        #expect(await logout.result == .unchanged)
        #expect(await flow.phase == .loggedOut)
        #expect(provider.cancelledFactories.all == ["ada"])
        await flow.finish()
    }

    @Test func aSecondRequestedLogoutJoinsTheFirstAndGetsItsResult() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = await provider.startedFlow()
        let first = flow.request(.logout())
        let second = flow.request(.logout())
        #expect(await first.result == .completed)
        #expect(await second.result == .completed)
        #expect(provider.built.all == ["loggedIn(ada)", "loggedOut"])
        await flow.finish()
    }

    /// Cancelling a handle cancels its call before it starts; its place in call order
    /// stays taken, so the login called before it stays beaten.
    @Test func cancellingAHandleCancelsItsCallAndKeepsEarlierCallsSuperseded() async {
        // The start's transition holds the container, so both calls wait for their turn.
        let (flow, _, gate, starting) = await AuthFlowTests.heldFlow(policy: .enqueue)
        let login = flow.request(.login("ada"))
        #expect(await eventually(timeout: .seconds(30)) { await flow.container.pendingCount == 1 })
        let logout = flow.request(.logout(LogoutVariant("softLogout")))
        #expect(await eventually(timeout: .seconds(30)) { await flow.container.pendingCount == 2 })
        logout.cancel()
        #expect(await logout.result == .cancelled)
        gate.open()
        #expect(await starting.value(within: .seconds(10)) == .completed)
        #expect(await login.result == .superseded)
        #expect(await flow.phase == .loggedOut)
        #expect(await flow.logoutVariant == .signedOut)
        await flow.finish()
    }

    @Test func aRequestedRefreshWhileALoginIsOnItsWayIsUnchangedAtOnce() async {
        let (flow, _, gate) = await Self.startedWithHeldLogin()
        let login = flow.request(.login("ada"))
        let refresh = flow.request(.refresh())
        #expect(refresh.hasReturned)
        #expect(await refresh.result == .unchanged)
        gate.open()
        #expect(await login.result == .completed)
        await flow.finish()
    }

    /// The example of `request(_:animation:)`'s documentation.
    @Test func aTapHandlerRequestsALogout() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = await provider.startedFlow()
        let tapped = flow.request(.logout())  // in a button handler: the logout's place is taken
        #expect(flow.requestedPhase == .loggedOut)
        #expect(await tapped.result == .completed)
        await flow.finish()
    }

    @Test func aRequestAfterFinishIsCancelled() async {
        let flow = Flow(provider: TestAuthProvider(), splash: Screen("splash"))
        await flow.finish()
        #expect(await flow.request(.start).result == .cancelled)
        #expect(await flow.request(.login("ada")).result == .cancelled)
    }

    /// A waiter that gives up gets `cancelled`; the call goes on and others get its result.
    @Test func aCancelledWaiterStopsWaitingWhileTheCallGoesOn() async {
        let (flow, _, gate) = await Self.startedWithHeldLogin()
        let login = flow.request(.login("ada"))
        let impatient = Task { await login.result }
        impatient.cancel()
        #expect(await impatient.value == .cancelled)
        gate.open()
        #expect(await login.result == .completed)
        await flow.finish()
    }

    @Test func aRequestedStartLandsWhereTheProviderSays() async {
        var provider = TestAuthProvider()
        provider.initial = .loggedOut(LogoutVariant("locked"))
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let start = flow.request(.start)
        #expect(flow.callCount == 1)
        #expect(await start.result == .completed)
        #expect(await flow.logoutVariant == LogoutVariant("locked"))
        await flow.finish()
    }

    /// Cancelling a logout that joined another one does not stop its wait: the async call
    /// and the handle both get the result of the logout they joined.
    @Test func cancellingAJoinedLogoutDoesNotStopItsWait() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.logoutPreparationGate = gate
        let flow = await provider.startedFlow(clock: ManualClock())
        let first = flow.request(.logout())
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let joinedHandle = flow.request(.logout())
        let joinedCall = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 4 })
        joinedHandle.cancel()
        joinedCall.cancel()
        gate.open()
        #expect(await first.result == .completed)
        #expect(await joinedHandle.result == .completed)
        #expect(await joinedCall.value(within: .seconds(30)) == .completed)
        await flow.finish()
    }
}
