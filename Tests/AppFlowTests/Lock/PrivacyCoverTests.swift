import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// The privacy cover: shown at once over the session for the app switcher, taken away when
/// the app is active again, unless a lock was called meanwhile.
@Suite(.endsWithin(.seconds(60))) struct PrivacyCoverTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    static func shown(_ flow: Flow) async -> Screen {
        await flow.container.child.child
    }

    @Test func theCoverIsShownAtOnceAndUncoverShowsTheSameChildAgain() async {
        let (flow, provider, _) = await AuthFlowLockTests.loggedInFlow()
        let main = await Self.shown(flow)
        #expect(await flow.cover() == .completed)
        #expect(await Self.shown(flow).name.hasPrefix("cover(ada)@1"))
        #expect(await flow.phase == .locked("ada"))
        #expect(await flow.uncover() == .completed)
        #expect(await Self.shown(flow) === main)
        let hooks = provider.log.all.filter { $0.hasPrefix(main.name + ".") }.map { $0.dropFirst(main.name.count + 1) }
        #expect(hooks == ["willAppear", "didAppear", "willBeCovered", "wasUncovered"], "covered, not gone")
        await flow.finish()
    }

    /// A flow restoring ada's session whose start's one-second fade runs on a manual clock.
    static func startFading() async -> (flow: Flow, clock: ManualClock, start: Task<AuthResult, Never>) {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.configuration.loginAnimation = .fade(duration: .seconds(1))
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        let events = flow.events()
        let start = Task { await flow.start() }
        let fading = await Task {
            for await event in events where event.kind == .willLogin { return true }
            return false
        }.value(within: .seconds(10))
        #expect(fading == true, "the start's fade into ada's session began")
        return (flow, clock, start)
    }

    @Test func theCoverCutsARunningTransitionShortAndIsShownWithoutAnimation() async throws {
        let (flow, _, start) = await Self.startFading()
        // The app leaves the foreground mid-fade: the cover needs no clock to be shown.
        let covered = await Task { await flow.cover() }.value(within: .seconds(10))
        try #require(covered == .completed)
        #expect(await Self.shown(flow).name.hasPrefix("cover(ada)"))
        let started = await start.value
        #expect(started == .interrupted, "the start returned \(started)")
        await flow.finish()
    }

    @Test func anUncoverAfterALockCalledMeanwhileIsUnchanged_AndTheLockStays() async {
        let (flow, _, _) = await AuthFlowLockTests.loggedInFlow()
        await flow.cover()
        // The app was locked while inactive: the lock screen replaces the cover.
        #expect(await flow.lock() == .completed)
        #expect(await Self.shown(flow).name.hasPrefix("lock(ada)"))
        let calls = flow.callCount
        #expect(await flow.uncover() == .unchanged)
        #expect(flow.callCount == calls + 1)
        #expect(await Self.shown(flow).name.hasPrefix("lock(ada)"))
        #expect(await flow.unlock() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func aCoverCalledWhileALogoutWaitsForItsTurnIsUnchanged_AndTheLogoutEndsTheSession() async throws {
        let (flow, clock, start) = await Self.startFading()
        // The logout waits for the fade: it has not begun, and the flow is still in ada's session.
        let logout = Task { await flow.logout() }
        #expect(await eventually { flow.callCount == 2 })
        #expect(await flow.phase == .loggedIn("ada"), "the cover is called in ada's session")
        #expect(await flow.cover() == .unchanged, "a cover never beats a logout on its way")
        await clock.waitForSleepers()
        #expect(await clock.runUntilIdle(), "the fade ends")
        #expect(await start.value(within: .seconds(10)) == .completed)
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .loggedOut)
        #expect(await Self.shown(flow).name.hasPrefix("loggedOut"))
        await flow.finish()
    }

    @Test func aCoverWithNoSessionIsUnchangedAndTakesNoPlace() async {
        let provider = IntentAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        #expect(await flow.cover() == .unchanged)
        #expect(flow.requestedPhase == .loggedOut)
        #expect(await flow.login("ada") == .completed)
        await flow.finish()
    }

    @Test func aCoverDuringALoginCoversTheSessionItEnters_AndUncoverShowsIt() async {
        let provider = IntentAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        provider.logins.hold()
        let login = Task { await flow.login("ada") }
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let cover = flow.request(.cover)
        provider.logins.release()
        #expect(await login.value == .superseded)
        #expect(await cover.result == .completed)
        #expect(await Self.shown(flow).name.hasPrefix("cover(ada)"))
        #expect(await flow.uncover() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func anAuthenticationBegunBeforeTheAppLeftIsStale_EvenWhileLocked() async {
        let (flow, _, _) = await AuthFlowLockTests.loggedInFlow()
        await flow.lock()
        let faceID = flow.unlockAttempt()
        // The user leaves the app while the prompt is up, and comes back.
        #expect(await flow.cover() == .unchanged)
        #expect(await flow.uncover() == .unchanged)
        #expect(await flow.unlock(faceID) == .superseded)
        #expect(await flow.phase == .locked("ada"))
        await flow.finish()
    }

    @Test func anUncoversWorkRunsUnderTheCover_AndACoverCalledMeanwhileWins() async {
        let (flow, _, _) = await AuthFlowLockTests.loggedInFlow()
        await flow.cover()
        let work = Gate()
        let uncover = Task { await flow.uncover(preparing: { await work.pass() }) }
        #expect(await eventually { work.waitingCount == 1 })
        #expect(await Self.shown(flow).name.hasPrefix("cover(ada)"))
        let calls = flow.callCount
        let relock = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == calls + 1 })
        work.open()
        #expect(await uncover.value == .superseded)
        #expect(await relock.value == .completed)
        #expect(await Self.shown(flow).name.hasPrefix("lock(ada)"))
        await flow.finish()
    }

    @Test func anIntentOpenedUnderTheCoverIsDeliveredOnceUncovered() async {
        let (flow, _, _) = await AuthFlowLockTests.loggedInFlow()
        let cover = flow.request(.cover)
        let link = flow.enqueue("link")
        #expect(await cover.result == .completed)
        #expect(!link.hasOutcome)
        await flow.uncover()
        #expect(await link.result == .delivered(flow.scene.id))
        await flow.finish()
    }
}
