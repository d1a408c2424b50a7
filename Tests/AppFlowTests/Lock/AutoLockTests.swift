import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// The auto-lock: a countdown on the injected clock, restarted by activity, logins and
/// unlocks, that locks only a session shown.
@Suite(.endsWithin(.seconds(60))) struct AutoLockTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    static func loggedInFlow(clock: ManualClock) async -> Flow {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        await flow.start()
        return flow
    }

    @Test func itLocksAfterTheDurationWithoutActivity_AndNotBefore() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        let autoLock = AutoLock(flow, after: .seconds(300), clock: clock)
        autoLock.activity()  // a touch, a keystroke: the countdown starts over
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(299))
        await Task.yield()
        #expect(await flow.phase == .loggedIn("ada"))
        clock.advance(by: .seconds(1))
        #expect(await eventually { await flow.phase == .locked("ada") })
        autoLock.stop()
        await flow.finish()
    }

    @Test func activityStartsTheCountdownOver() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        let autoLock = AutoLock(flow, after: .seconds(300), clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(200))
        autoLock.activity()
        #expect(await eventually { clock.nextDeadline == clock.now.advanced(by: .seconds(300)) })
        clock.advance(by: .seconds(200))
        await Task.yield()
        #expect(await flow.phase == .loggedIn("ada"))
        clock.advance(by: .seconds(100))
        #expect(await eventually { await flow.phase == .locked("ada") })
        autoLock.stop()
        await flow.finish()
    }

    @Test func anUnlockStartsTheCountdownOver_AndStopEndsIt() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        let autoLock = AutoLock(flow, after: .seconds(60), clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(60))
        #expect(await eventually { await flow.phase == .locked("ada") })
        await flow.unlock()
        // The unlock's didLogin restarts it.
        #expect(await eventually { clock.sleeperCount == 1 })
        autoLock.stop()
        #expect(await eventually { clock.sleeperCount == 0 })
        clock.advance(by: .seconds(600))
        await Task.yield()
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func itNeverBeatsALoginOnItsWay() async {
        let clock = ManualClock()
        let provider = IntentAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        await flow.start()
        provider.logins.hold()
        let login = Task { await flow.login("ada") }
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let autoLock = AutoLock(flow, after: .seconds(60), clock: clock)
        await clock.waitForSleepers(1)
        let calls = flow.callCount
        clock.advance(by: .seconds(60))
        #expect(await eventually { clock.sleeperCount == 0 })
        #expect(flow.callCount == calls, "no lock was called")
        provider.logins.release()
        #expect(await login.value == .completed)
        autoLock.stop()
        await flow.finish()
    }

    @Test func itNeverBeatsAnUnlockOnItsWay() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        #expect(await flow.lock() == .completed)
        // The unlock is showing the session again, its animation held on the flow's clock.
        let unlock = Task { await flow.unlock(animation: .fade(duration: .seconds(1))) }
        await clock.waitForSleepers(1)
        // The countdown's lock, asked for now (what `AutoLock` does when it ends), is refused
        // in the step that would take its place.
        let calls = flow.callCount
        let autoLocked = Task { await flow.autoLock(nil) }
        #expect(await autoLocked.value(within: .seconds(10)) == .unchanged)
        #expect(flow.callCount == calls, "no lock took a place")
        clock.advance(by: .seconds(1))
        #expect(await unlock.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func itStillLocksAfterARefreshThatRenewsTheSession() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        // A renewed token for the same account (the test provider's accounts are the part
        // before the dash).
        #expect(await flow.refresh("ada-v2") == .completed)
        let autoLock = AutoLock(flow, after: .seconds(60), clock: clock)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(60))
        #expect(await eventually { await flow.phase == .locked("ada-v2") })
        autoLock.stop()
        await flow.finish()
    }

    @Test func itLocksWhileThePrivacyCoverIsShown() async {
        let clock = ManualClock()
        let flow = await Self.loggedInFlow(clock: clock)
        let autoLock = AutoLock(flow, after: .seconds(60), clock: clock)
        await clock.waitForSleepers(1)
        // The app went to the background: the countdown runs on under the cover.
        await flow.cover()
        clock.advance(by: .seconds(60))
        #expect(await eventually { await flow.container.child.child.name.hasPrefix("lock(ada") })
        #expect(await flow.uncover() == .unchanged)
        autoLock.stop()
        await flow.finish()
    }
}
