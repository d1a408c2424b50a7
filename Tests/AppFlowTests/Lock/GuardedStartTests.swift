import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A start under a privacy cover or a lock called before it began, and a start that lands
/// locked: nothing of the session is built or shown until an uncover or an unlock.
@Suite(.endsWithin(.seconds(60))) struct GuardedStartTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    /// A flow whose start is restoring "ada" and held in `initialSession()`.
    static func restoringFlow(
        locksAtLaunch: Bool = false,
        session: String? = "ada"
    ) async -> (Flow, IntentAuthProvider, AuthCallHandle) {
        var provider = IntentAuthProvider()
        provider.session = session
        provider.locksAtLaunch = locksAtLaunch
        provider.restoring.hold()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let start = flow.request(.start)
        #expect(await eventually { provider.restoring.waitingCount == 1 })
        return (flow, provider, start)
    }

    static func shown(_ flow: Flow) async -> String {
        await flow.scene.container.child.child.name
    }

    /// The session's children built so far.
    static func sessionChildren(_ provider: IntentAuthProvider) -> [String] {
        provider.log.all.filter { $0.hasPrefix("main(") }
    }

    @Test func aCoverCalledWhileTheSessionIsRestoredShowsNothingOfItBeforeTheUncover() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await cover.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow).hasPrefix("cover(ada)"))
        #expect(Self.sessionChildren(provider).isEmpty)
        #expect(await flow.uncover() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func aLockCalledWhileTheSessionIsRestoredLandsTheStartOnTheLockScreen() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let lock = flow.request(.lock(.teardown))
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await lock.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow).hasPrefix("lock(ada)"))
        #expect(Self.sessionChildren(provider).isEmpty)
        #expect(await flow.unlock() == .completed)
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func anUncoverBeforeTheStartLandsLiftsTheCoverItFollows_AndTheCoverIsSuperseded() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        let uncover = flow.request(.uncover)
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await cover.result == .superseded)
        #expect(await uncover.result == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func anUncoverNeverLiftsALockCalledAfterTheCover_AnUnlockDoes() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        let lock = flow.request(.lock(.cover))
        #expect(await flow.uncover() == .unchanged)
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await cover.result == .superseded)
        #expect(await lock.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await flow.unlock() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func aCoverOrALockOfAStartThatLandsLoggedOutIsUnchanged() async {
        let (flow, provider, start) = await Self.restoringFlow(session: nil)
        let cover = flow.request(.cover)
        let lock = flow.request(.lock())
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await cover.result == .unchanged)
        #expect(await lock.result == .unchanged)
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    @Test func aLoginCalledAfterTheCoverBeatsTheStartAndTheCover() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        let login = flow.request(.login("bob"))
        provider.restoring.release()
        #expect(await start.result == .superseded)
        #expect(await cover.result == .superseded)
        #expect(await login.result == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        await flow.finish()
    }

    @Test func aLockWhileTheStartPlacesTheLoggedOutScreenIsUnchangedAndTheScreenIsPlaced() async {
        let provider = IntentAuthProvider()
        provider.logouts.hold()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("splash 2"))
        let start = flow.request(.start)
        #expect(await eventually { provider.logouts.waitingCount >= 1 })
        #expect(await flow.lock() == .unchanged)
        provider.logouts.release()
        #expect(await start.result == .completed)
        #expect(await Self.shown(flow).hasPrefix("loggedOut"))
        #expect(await second.container.child.child.name.hasPrefix("loggedOut"))
        await flow.finish()
    }

    @Test func aLockedStartShowsTheLockScreen_AndOnlyAnUnlockShowsTheSession() async {
        let (flow, provider, start) = await Self.restoringFlow(locksAtLaunch: true)
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow).hasPrefix("lock(ada)"))
        #expect(Self.sessionChildren(provider).isEmpty)
        #expect(await flow.uncover() == .unchanged)
        #expect(await flow.unlock() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func anAuthenticationBegunBeforeALockedStartCannotUnlockIt() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.locksAtLaunch = true
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let stale = flow.unlockAttempt()
        #expect(await flow.start() == .completed)
        #expect(await flow.unlock(stale) == .superseded)
        #expect(await flow.phase == .locked("ada"))
        let fresh = flow.unlockAttempt()
        #expect(await flow.unlock(fresh) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func anUnlockMadeWhileALockedStartIsRestoredLandsItInTheSession() async {
        let (flow, provider, start) = await Self.restoringFlow(locksAtLaunch: true)
        let lock = flow.request(.lock())
        let unlock = flow.request(.unlock)
        provider.restoring.release()
        #expect(await start.result == .completed)
        // Locked already by the answer: the lock changes nothing, the unlock lifts it.
        #expect(await lock.result == .unchanged)
        #expect(await unlock.result == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func aCoverAfterAnUnlockOfALockedStartCoversTheSession_AsItWouldOnceLanded() async {
        let (flow, provider, start) = await Self.restoringFlow(locksAtLaunch: true)
        let unlock = flow.request(.unlock)
        let cover = flow.request(.cover)
        provider.restoring.release()
        #expect(await start.result == .completed)
        // The unlock took the start into the session, the cover further: the session is
        // unlocked, under the cover.
        #expect(await unlock.result == .superseded)
        #expect(await cover.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow).hasPrefix("cover(ada)"))
        #expect(await flow.uncover() == .completed)
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func anUnlockWhileTheStartPlacesItsLockScreenGoesOnAndShowsTheSession() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let lock = flow.request(.lock(.teardown))
        provider.lockScreens.hold()
        provider.restoring.release()
        #expect(await eventually { provider.lockScreens.waitingCount == 1 })
        // The start has begun on the lock screen: the unlock takes its place after it.
        let unlock = flow.request(.unlock)
        provider.lockScreens.release()
        #expect(await unlock.result == .completed)
        #expect(await start.result != .completed)
        #expect(await lock.result != .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func anUncoverWhileTheStartPlacesItsCoverGoesOnAndShowsTheSession() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        provider.covers.hold()
        provider.restoring.release()
        #expect(await eventually { provider.covers.waitingCount == 1 })
        // The app is active again while the start places the cover.
        let uncover = flow.request(.uncover)
        provider.covers.release()
        #expect(await uncover.result == .completed)
        #expect(await start.result != .completed)
        #expect(await cover.result != .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await Self.shown(flow).hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func aCoverOfAStartThatNeverBeganHoldsForTheNextStart() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        // The start is made again (a SwiftUI `.task` restarted) before the first began.
        let again = flow.request(.start)
        provider.restoring.release()
        #expect(await start.result == .superseded)
        #expect(await cover.result == .superseded)
        #expect(await again.result == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow).hasPrefix("cover(ada)"))
        #expect(Self.sessionChildren(provider).isEmpty)
        await flow.finish()
    }

    @Test func aCoverOfACancelledStartHoldsForTheNextStart() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        start.cancel()
        provider.restoring.release()
        #expect(await start.result == .cancelled)
        #expect(await cover.result == .cancelled)
        #expect(await flow.start() == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(Self.sessionChildren(provider).isEmpty)
        // A login made after the cover shows its session: the newer call decides.
        #expect(await flow.login("bob") == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        await flow.finish()
    }

    @Test func afterFinishACoverJoinsNoStartAndReturnsAtOnce() async {
        let (flow, provider, start) = await Self.restoringFlow()
        await flow.finish()
        // The start still waits for its provider; the cover does not wait for it.
        let cover = Task { await flow.request(.cover).result }
        #expect(await cover.value(within: .seconds(10)) == .unchanged)
        provider.restoring.release()
        #expect(await start.result == .cancelled)
    }

    @Test func noSwitchingIntentLogsInPastACoverThatJoinedTheStart() async {
        let (flow, provider, start) = await Self.restoringFlow()
        let cover = flow.request(.cover)
        let calls = flow.callCount
        let tap = flow.enqueue("mention", for: "bob", switching: true)
        #expect(flow.callCount == calls)
        provider.restoring.release()
        #expect(await start.result == .completed)
        #expect(await cover.result == .completed)
        #expect(!tap.hasOutcome)
        #expect(await flow.phase == .locked("ada"))
        await flow.finish()
        #expect(await tap.result == .dropped(.finished))
    }
}
