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
        // Covered, not gone: no disappear and appear hooks, but covered and uncovered.
        #expect(hooks == ["willAppear", "didAppear", "willBeCovered", "wasUncovered"])
        await flow.finish()
    }

    @Test func aSessionThatEndsUnderACoverLockGivesTheKeptChildItsDisappearHooksThen() async {
        let (flow, provider, tracker) = await Self.loggedInFlow(style: .cover)
        let name = await Self.shown(flow.scene).name
        #expect(await flow.lock() == .completed)
        func hooks() -> [Substring] {
            provider.log.all.filter { $0.hasPrefix(name + ".") }.map { $0.dropFirst(name.count + 1) }
        }
        #expect(hooks() == ["willAppear", "didAppear", "willBeCovered"])
        // The logout ends the session under the lock: the kept child hears it goes, the
        // place to finish a nested container it owns, and is released.
        #expect(await flow.logout() == .completed)
        #expect(
            await eventually {
                hooks() == ["willAppear", "didAppear", "willBeCovered", "willDisappear", "didDisappear"]
            }
        )
        #expect(await eventually { !tracker.alive.contains(name) })
        await flow.finish()
    }

    @Test func aLogoutRightAfterAnUnlockGivesTheUncoveredChildItsDisappearHooksOnce() async {
        let (flow, provider, _) = await Self.loggedInFlow(style: .cover)
        let name = await Self.shown(flow.scene).name
        #expect(await flow.lock() == .completed)
        let unlock = flow.request(.unlock)
        let logout = flow.request(.logout())
        _ = await unlock.result
        #expect(await logout.result == .completed)
        func hooks() -> [Substring] {
            provider.log.all.filter { $0.hasPrefix(name + ".") }.map { $0.dropFirst(name.count + 1) }
        }
        let uncovered: [Substring] = [
            "willAppear", "didAppear", "willBeCovered", "wasUncovered", "willDisappear", "didDisappear",
        ]
        let neverUncovered: [Substring] = ["willAppear", "didAppear", "willBeCovered", "willDisappear", "didDisappear"]
        #expect(await eventually { hooks() == uncovered || hooks() == neverUncovered }, "\(hooks())")
        await flow.finish()
        #expect(hooks() == uncovered || hooks() == neverUncovered, "nothing more at finish: \(hooks())")
    }

    @Test func aCoverLockThatNeverRanLeavesTheChildsHooksAsTheyWere() async {
        let (flow, provider, _) = await Self.loggedInFlow(style: .cover)
        let name = await Self.shown(flow.scene).name
        // The lock waits in its lock screen's factory, so it has not run when the logout beats it.
        let gate = provider.lockScreens.hold()
        let lock = flow.request(.lock())
        #expect(await eventually { gate.waitingCount == 1 })
        let logout = flow.request(.logout())
        provider.lockScreens.release()
        #expect(await logout.result == .completed)
        #expect(await lock.result == .superseded)
        let hooks = provider.log.all.filter { $0.hasPrefix(name + ".") }.map { $0.dropFirst(name.count + 1) }
        // The session's child heard no cover: it simply left with the logout.
        #expect(hooks == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        await flow.finish()
    }

    @Test func aTeardownLockGivesTheSessionsChildItsDisappearHooksAtOnce() async {
        let (flow, provider, _) = await Self.loggedInFlow(style: .teardown)
        let name = await Self.shown(flow.scene).name
        #expect(await flow.lock() == .completed)
        let hooks = provider.log.all.filter { $0.hasPrefix(name + ".") }.map { $0.dropFirst(name.count + 1) }
        #expect(hooks == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
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
        // Still locked: the lock called while the flow was locked is unchanged in its scene.
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

    /// A lock that beats a login which has not begun has nothing to lock: it returns
    /// unchanged, the flow stays logged out, and the phase asked for says so.
    @Test func aLockWithNothingToLockAsksForWhereTheFlowStays() async {
        let provider = IntentAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        // The container is busy: the login waits for its turn, and never begins.
        let busy = Gate()
        let transition = Task {
            await flow.container.cycle(animation: gatedAnimation(busy), policy: .enqueue) {
                AuthScreen(phase: .loggedOut, child: Screen("busy"))
            }
        }
        #expect(await eventually { busy.waitingCount == 1 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually { flow.callCount == 2 })
        #expect(flow.requestedPhase == .loggedIn("ada"))
        let lock = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == 3 })
        #expect(flow.requestedPhase == .loggedOut)
        busy.open()
        _ = await transition.value
        #expect(await (login.value, lock.value) == (.superseded, .unchanged))
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    /// A scene still busy when a lock arrives, and a second lock called before it got its
    /// turn: the first lock is stale there, and the second must still lock it.
    @Test func aSecondLockLocksASceneTheFirstNeverReached() async {
        let (flow, _, _) = await Self.loggedInFlow(style: .cover)
        let second = flow.attachScene(placeholder: Screen("launch"))
        await second.placed()
        // The second scene is busy: a hop within the session, its child not made yet.
        let busy = Gate()
        let hop = Task {
            await second.container.hop { (_: HopHandle<Int>) in
                await busy.pass()
                return AuthScreen(phase: .loggedIn("ada"), child: Screen("hop"))
            }
        }
        #expect(await eventually { busy.waitingCount == 1 })
        let first = Task { await flow.lock() }
        #expect(await eventually { await flow.scene.phase == .locked("ada") })
        // A second lifecycle hook locks again while the second scene is still busy.
        let again = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == 3 })
        busy.open()
        _ = await (first.value, again.value)
        #expect(await second.phase == .locked("ada"), "no scene shows the session while the flow is locked")
        hop.cancel()
        await flow.finish()
    }

    /// As above for an unlock: a second unlock brings back the session in a scene the first
    /// never reached, rather than leaving it on the lock screen.
    @Test func aSecondUnlockUnlocksASceneTheFirstNeverReached() async {
        let (flow, _, _) = await Self.loggedInFlow(style: .cover)
        let second = flow.attachScene(placeholder: Screen("launch"))
        await second.placed()
        await flow.lock()
        let busy = Gate()
        let hop = Task {
            await second.container.hop { (_: HopHandle<Int>) in
                await busy.pass()
                return AuthScreen(phase: .locked("ada"), child: Screen("hop"))
            }
        }
        #expect(await eventually { busy.waitingCount == 1 })
        let first = Task { await flow.unlock() }
        #expect(await eventually { await flow.scene.phase == .loggedIn("ada") })
        let again = Task { await flow.unlock() }
        #expect(await eventually { flow.callCount == 4 })
        busy.open()
        _ = await (first.value, again.value)
        #expect(await second.phase == .loggedIn("ada"), "no scene stays locked while the flow is unlocked")
        hop.cancel()
        await flow.finish()
    }

    /// A flow with session services logged in with "ada" from its start, in `style`, with a
    /// second scene placed.
    static func flowWithServices(
        style: AuthLockStyle,
        tracker: ReleaseTracker? = nil
    ) async -> (AuthFlow<SceneAuthProvider>, SceneAuthProvider, AuthScene<SceneAuthProvider>) {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        provider.tracker = tracker
        provider.configuration.lockStyle = style
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        await second.placed()
        return (flow, provider, second)
    }

    /// Keeps `scene` busy, in a transition back to the screen it shows, until `gate` opens.
    static func keepBusy(_ scene: AuthScene<SceneAuthProvider>, until gate: Gate) -> Task<TransitionResult, Never> {
        Task {
            await scene.container.cycle(animation: gatedAnimation(gate), policy: .enqueue) {
                await scene.container.child
            }
        }
    }

    /// A cover lock, an unlock that began in one scene but was beaten in the other by a
    /// teardown lock: that scene's cover lock screen, its hidden child and the session's
    /// services must go, and the next unlock must make new services rather than wait for
    /// the old ones forever.
    @Test func aTeardownLockReplacesTheCoverLockScreenAnUnlockLeftInAScene() async {
        let tracker = ReleaseTracker()
        let (flow, provider, second) = await Self.flowWithServices(style: .cover, tracker: tracker)
        #expect(await flow.lock() == .completed)
        let busy = Gate()
        let transition = Self.keepBusy(second, until: busy)
        #expect(await eventually(timeout: .seconds(30)) { busy.waitingCount == 1 })
        let unlock = Task { await flow.unlock() }
        #expect(await eventually(timeout: .seconds(30)) { await flow.scene.phase == .loggedIn("ada") })
        let teardown = Task { await flow.lock(.teardown) }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 4 })
        busy.open()
        _ = await transition.value(within: .seconds(30))
        _ = await unlock.value(within: .seconds(30))
        #expect(await teardown.value(within: .seconds(30)) == .completed)
        #expect(await second.container.child.sessionEpoch == nil, "the lock screen keeps no session")
        #expect(await eventually(timeout: .seconds(30)) { !tracker.alive.contains("main(ada)@2") })
        #expect(await eventually(timeout: .seconds(30)) { provider.log.all.contains("tear down kit 1 of ada") })
        #expect(await Task { await flow.unlock() }.value(within: .seconds(30)) == .completed)
        #expect(provider.log.all.contains("make kit 2 of ada"))
        await flow.finish()
    }

    /// A teardown lock that began in one scene, and an unlock called before the other scene
    /// locked: that scene still shows the session the lock left, and must release it before
    /// the unlock's new services are made, as a login would.
    @Test func anUnlockReleasesASessionChildATeardownLockNeverReached() async {
        let (flow, provider, second) = await Self.flowWithServices(style: .teardown)
        let busy = Gate()
        let transition = Self.keepBusy(second, until: busy)
        #expect(await eventually(timeout: .seconds(30)) { busy.waitingCount == 1 })
        let lock = Task { await flow.lock() }
        #expect(await eventually(timeout: .seconds(30)) { await flow.scene.phase == .locked("ada") })
        let unlock = Task { await flow.unlock() }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        busy.open()
        _ = await transition.value(within: .seconds(30))
        _ = await lock.value(within: .seconds(30))
        #expect(await unlock.value(within: .seconds(30)) == .completed)
        for scene in flow.scenes {
            #expect(await scene.phase == .loggedIn("ada"))
        }
        let log = provider.log.all
        #expect(
            SessionServicesTests.position("tear down kit 1 of ada", in: log)
                < SessionServicesTests.position("make kit 2 of ada", in: log)
        )
        await flow.finish()
    }

    // MARK: - Never against a logout

    @Test func anUnlockOrALockCalledWhileALogoutIsOnItsWayNeverUndoesIt() async {
        let (flow, provider, _) = await Self.loggedInFlow()
        provider.logouts.hold()
        let logout = flow.request(.logout())
        let calls = flow.callCount
        // An unlock with nothing to unlock, and a lock: neither takes a place.
        #expect(await flow.unlock() == .unchanged)
        #expect(await flow.lock() == .unchanged)
        #expect(flow.callCount == calls + 2)
        #expect(flow.requestedPhase == .loggedOut)
        provider.logouts.release()
        #expect(await logout.result == .completed)
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    @Test func anUnlockCalledWhileALoginIsOnItsWayLetsItGoOn() async {
        let (flow, provider, _) = await Self.loggedInFlow(style: .teardown)
        provider.logins.hold()
        let login = Task { await flow.login("bob") }
        #expect(await eventually { provider.logins.waitingCount == 1 })
        #expect(await flow.unlock() == .unchanged)
        provider.logins.release()
        #expect(await login.value == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        await flow.finish()
    }

    // MARK: - Intents that switch

    @Test func aTapForAnotherAccountWhileLockedNeverLogsInPastTheLock() async {
        let (flow, provider, _) = await Self.loggedInFlow()
        await flow.lock()
        let calls = flow.callCount
        let mention = flow.enqueue("mention", for: "bob", switching: true)
        // No login was placed: the intent waits for the unlock.
        #expect(flow.callCount == calls)
        #expect(await flow.phase == .locked("ada"))
        #expect(!mention.hasOutcome)
        await flow.unlock()
        #expect(await mention.result == .dropped(.sessionMismatch))
        #expect(provider.received.all.isEmpty)
        // The same tap for the account locked is delivered once the user unlocks.
        await flow.lock()
        let own = flow.enqueue("mention", for: "ada", switching: true)
        await flow.unlock()
        #expect(await own.result == .delivered(flow.scene.id))
        await flow.finish()
    }

    @Test func anUnlockWithNothingToUnlockRunsNoPreparation() async {
        let (flow, _, _) = await Self.loggedInFlow()
        let ran = LockedValue(false)
        #expect(await flow.unlock(preparing: { ran.withLock { $0 = true } }) == .unchanged)
        #expect(!ran.withLock { $0 })
        await flow.lock()
        #expect(await flow.unlock(preparing: { ran.withLock { $0 = true } }) == .completed)
        #expect(ran.withLock { $0 })
        await flow.finish()
    }
}
