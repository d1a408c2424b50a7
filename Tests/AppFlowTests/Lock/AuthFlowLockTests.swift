import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// App lock over a live session: lock and unlock in call order, in both styles, across
/// scenes, with intents held while locked.
@Suite(.endsWithin(.seconds(60))) struct AuthFlowLockTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    /// A flow logged in with "ada" from its start, its provider and its children's tracker.
    static func loggedInFlow(
        style: AuthLockStyle = .cover
    ) async -> (Flow, IntentAuthProvider, ReleaseTracker) {
        let tracker = ReleaseTracker()
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.tracker = tracker
        provider.configuration.lockStyle = style
        let flow = Flow(provider: provider, splash: Screen("splash"))
        provider.scenes.add(flow.scene)
        await flow.start()
        return (flow, provider, tracker)
    }

    static func shown(_ scene: AuthScene<IntentAuthProvider>) async -> Screen {
        await scene.container.child.child
    }

    @Test func aCoverLockHidesTheSessionsChildAndUnlockShowsTheSameChildAgainWithBalancedHooks() async {
        let (flow, provider, tracker) = await Self.loggedInFlow(style: .cover)
        let main = await Self.shown(flow.scene)
        #expect(await flow.lock() == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(await Self.shown(flow.scene).name.hasPrefix("lock(ada)"))
        // Hidden, not released.
        #expect(tracker.alive.contains(main.name))
        #expect(await flow.unlock() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await Self.shown(flow.scene) === main)
        let hooks = provider.log.all.filter { $0.hasPrefix(main.name + ".") }.map { $0.dropFirst(main.name.count + 1) }
        #expect(hooks == ["willAppear", "didAppear", "willDisappear", "didDisappear", "willAppear", "didAppear"])
        await flow.finish()
    }

    @Test func aTeardownLockReleasesTheSessionsChildAndUnlockBuildsANewOne() async {
        let (flow, _, tracker) = await Self.loggedInFlow(style: .teardown)
        let main = await Self.shown(flow.scene).name
        #expect(await flow.lock() == .completed)
        #expect(await eventually { !tracker.alive.contains(main) })
        #expect(await flow.unlock() == .completed)
        let rebuilt = await Self.shown(flow.scene).name
        #expect(rebuilt != main && rebuilt.hasPrefix("main(ada)"))
        await flow.finish()
    }

    @Test func aLockBeatsAnUnlockCalledBeforeIt_AndTheSessionIsNeverShownInBetween() async {
        let (flow, provider, _) = await Self.loggedInFlow(style: .teardown)
        await flow.lock()
        provider.logins.hold()
        let unlock = Task { await flow.unlock() }
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let appearedBefore = provider.log.all.filter { $0.hasSuffix(".didAppear") }
        let calls = flow.callCount
        let relock = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == calls + 1 })
        provider.logins.release()
        #expect(await unlock.value == .superseded)
        // Still locked: the lock called while the flow was locked has nothing to lock.
        #expect(await relock.value == .unchanged)
        #expect(await flow.phase == .locked("ada"))
        let appeared = provider.log.all.filter { $0.hasSuffix(".didAppear") }
        #expect(appeared == appearedBefore, "nothing appeared after the lock")
        // The flow knows it is locked: an unlock called now unlocks.
        provider.logins.release()
        #expect(await flow.unlock() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func anUnlockWhileNotLockedAndALockWhileLoggedOutAreUnchanged() async {
        let (flow, _, _) = await Self.loggedInFlow()
        #expect(await flow.unlock() == .unchanged)
        await flow.logout()
        #expect(await flow.lock() == .unchanged)
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    @Test func aLogoutWhileLockedLogsOutAndReleasesTheHiddenChild() async {
        let (flow, _, tracker) = await Self.loggedInFlow(style: .cover)
        let main = await Self.shown(flow.scene).name
        await flow.lock()
        #expect(await flow.logout() == .completed)
        #expect(await flow.phase == .loggedOut)
        #expect(await eventually { !tracker.alive.contains(main) })
        #expect(await flow.unlock() == .unchanged)
        await flow.finish()
    }

    @Test func aLoginWhileLockedLogsInAnew_ItIsItsOwnAuthentication() async {
        let (flow, _, tracker) = await Self.loggedInFlow(style: .cover)
        let main = await Self.shown(flow.scene).name
        await flow.lock()
        #expect(await flow.login("bob") == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        #expect(await eventually { !tracker.alive.contains(main) })
        await flow.finish()
    }

    @Test func anUnlockWhoseAuthenticationBeganBeforeANewerLockIsSuperseded() async {
        let (flow, _, _) = await Self.loggedInFlow()
        await flow.lock()
        let faceID = flow.unlockAttempt()
        // The user left the app and came back: a newer lock.
        await flow.unlock()
        await flow.lock()
        #expect(await flow.unlock(faceID) == .superseded)
        #expect(await flow.phase == .locked("ada"))
        let fresh = flow.unlockAttempt()
        #expect(await flow.unlock(fresh) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    @Test func anIntentOpenedWhileLockedIsHeldUntilUnlock_AndDroppedByALogout() async {
        let (flow, provider, _) = await Self.loggedInFlow()
        await flow.lock()
        let held = flow.enqueue("inbox")
        #expect(flow.heldIntentCount == 1)
        await flow.unlock()
        #expect(await held.result == .delivered(flow.scene.id))
        #expect(provider.received.all.map(\.child) == [await Self.shown(flow.scene).name])
        await flow.lock()
        let dropped = flow.enqueue("later")
        await flow.logout()
        #expect(await dropped.result == .dropped(.loggedOut))
        await flow.finish()
    }

    @Test func everySceneLocks_AndASceneAttachedWhileLockedShowsTheLockScreen() async {
        let (flow, _, _) = await Self.loggedInFlow()
        let second = flow.attachScene(placeholder: Screen("launch"))
        await second.placed()
        await flow.lock()
        for scene in [flow.scene, second] {
            #expect(await Self.shown(scene).name.hasPrefix("lock(ada)@\(scene.id.rawValue)"))
        }
        let third = flow.attachScene(placeholder: Screen("launch"))
        await third.placed()
        #expect(await Self.shown(third).name.hasPrefix("lock(ada)@3"))
        #expect(await flow.unlock() == .completed)
        for scene in [flow.scene, second, third] {
            #expect(await scene.phase == .loggedIn("ada"))
        }
        await flow.finish()
    }

    // MARK: - Session services

    /// A flow with session services, logged in with "ada" from its start, and its provider.
    static func loggedInFlowWithServices() async -> (AuthFlow<SceneAuthProvider>, SceneAuthProvider) {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        await flow.start()
        return (flow, provider)
    }

    @Test func aCoverLockKeepsTheSessionsServices_AndUnlockShowsTheChildBuiltWithThem() async {
        let (flow, provider) = await Self.loggedInFlowWithServices()
        let main = await flow.container.child.child
        #expect(await flow.lock(.cover) == .completed)
        #expect(provider.aliveServices.current == 1)
        #expect(await flow.unlock() == .completed)
        #expect(await flow.container.child.child === main)
        #expect(provider.aliveServices.total == 1, "no services made again")
        await flow.finish()
    }

    @Test func aTeardownLockTearsTheServicesDown_AndUnlockMakesNewOnes() async {
        let (flow, provider) = await Self.loggedInFlowWithServices()
        #expect(await flow.lock(.teardown) == .completed)
        #expect(await eventually { provider.aliveServices.current == 0 })
        #expect(provider.log.all.contains("tear down kit 1 of ada"))
        #expect(await flow.unlock() == .completed)
        #expect(provider.log.all.contains("make kit 2 of ada"))
        #expect(provider.aliveServices.current == 1)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }

    // MARK: - Work before the session shows again

    @Test func anUnlocksWorkRunsWithTheLockScreenShown_AndALockCalledMeanwhileWins() async {
        let (flow, _, _) = await Self.loggedInFlow()
        await flow.lock()
        let work = Gate()
        let unlock = Task { await flow.unlock(preparing: { await work.pass() }) }
        #expect(await eventually { work.waitingCount == 1 })
        #expect(await flow.phase == .locked("ada"))
        // The user leaves again before the work is done: a newer lock.
        let calls = flow.callCount
        let relock = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == calls + 1 })
        work.open()
        #expect(await unlock.value == .superseded)
        #expect(await relock.value == .unchanged)
        #expect(await flow.phase == .locked("ada"))
        // Without a lock meanwhile, the session shows once the work is done.
        #expect(await flow.unlock(preparing: {}) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }
}
