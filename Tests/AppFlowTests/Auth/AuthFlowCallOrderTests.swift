import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `AuthFlow`: call order decides everything, and a logout aborts a login in progress.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthFlowCallOrderTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    /// The kinds and children of every event, with the call that made it.
    static func record(_ flow: Flow) -> Task<[String], Never> {
        let events = flow.events()
        return Task {
            var seen: [String] = []
            for await event in events {
                seen.append("\(event.kind) \(event.child.name) by \(event.call)\(event.isInitial ? " initial" : "")")
            }
            return seen
        }
    }

    /// A started, logged-out flow whose logged-in factory waits at the returned gate.
    static func flowWithHeldLogin() async -> (Flow, TestAuthProvider, Gate) {
        var provider = TestAuthProvider()
        let gate = Gate()
        provider.loginGate = gate
        provider.tracker = ReleaseTracker()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        return (flow, provider, gate)
    }

    @Test func aLogoutCalledWhileALoginsChildIsBeingMadeCancelsTheFactoryAndDropsTheChildUnseen() async {
        // The factory is held where it hears its cancellation, which the test waits for
        // before letting it go: the logout's step comes before the cancel.
        let held = HeldFactories()
        defer { held.openAll() }
        var provider = TestAuthProvider()
        provider.tracker = ReleaseTracker()
        provider.onLoggedInFactory = { await held.hold() }
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        held.arm()
        let events = Self.record(flow)
        let login = Task { await flow.login("ada") }
        #expect(await eventually { held.count == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually { held.cancelled.all == [0] })
        held.openAll()
        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(await logout.value(within: .seconds(10)) == .unchanged)
        #expect(provider.cancelledFactories.all == ["ada"], "the factory's task sees the logout as a cancellation")
        #expect(provider.built.all.contains("loggedIn(ada)"), "the factory ran to its end")
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [],
            "no willLogin, no didLogin: the child was dropped unseen"
        )
        #expect(provider.tracker?.alive == ["loggedOut"], "the dropped child is released")
    }

    /// Holds each logged-in factory, once armed, at a gate of its own, in the order the
    /// factories start, and records each cancellation its task hears while it waits there:
    /// a test waits for the cancellation itself, never for a step that comes before it.
    final class HeldFactories: Sendable {
        private let state = LockedValue<(armed: Bool, gates: [Gate])>((false, []))
        /// The factories whose task was cancelled while held, by the order they started.
        let cancelled = Log<Int>()

        func arm() { state.withLock { $0.armed = true } }
        /// How many factories have been held so far.
        var count: Int { state.withLock { $0.gates.count } }
        func open(_ index: Int) { state.withLock { $0.gates[index] }.open() }
        func openAll() {
            for gate in state.withLock({ $0.gates }) { gate.open() }
        }

        /// What a factory runs first: once armed, waits at a new gate.
        func hold() async {
            let held: (index: Int, gate: Gate)? = state.withLock { state in
                guard state.armed else { return nil }
                state.gates.append(Gate())
                return (state.gates.count - 1, state.gates[state.gates.count - 1])
            }
            guard let held else { return }
            await withTaskCancellationHandler {
                await held.gate.pass()
            } onCancel: { [cancelled] in
                cancelled.append(held.index)
            }
        }
    }

    /// A flow of a provider whose logged-in factories `held` holds, started in `session`.
    static func flow(holding held: HeldFactories, session: String? = nil) async -> Flow {
        var provider = TestAuthProvider()
        provider.session = session
        provider.onLoggedInFactory = { await held.hold() }
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        held.arm()
        return flow
    }

    /// A flow logged out in two windows, and a login whose factories are held in both.
    static func loginHeldInTwoWindows(
        _ held: HeldFactories
    ) async -> (Flow, AuthScene<TestAuthProvider>, Task<AuthResult, Never>) {
        let flow = await flow(holding: held)
        let second = flow.attachScene(placeholder: Screen("placeholder"))
        #expect(await eventually { await second.container.child.child.name == "loggedOut" })
        let login = Task { await flow.login("ada") }
        #expect(await eventually { held.count == 2 })
        return (flow, second, login)
    }

    /// Every window equal: a login builds a child in each scene, and a logout cancels the
    /// factory's task in each, not only in the scene whose factory started last (until
    /// 2026-12-07 the flow kept one factory per call, and the other window's ran on).
    @Test func aLogoutCancelsTheLoginsFactoryInEveryWindow() async {
        let held = HeldFactories()
        defer { held.openAll() }
        let (flow, second, login) = await Self.loginHeldInTwoWindows(held)
        let logout = Task { await flow.logout() }
        #expect(await eventually { held.cancelled.all.count == 2 }, "both windows' factories see the logout")
        held.openAll()
        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(await logout.value(within: .seconds(10)) == .unchanged)
        #expect(held.cancelled.all.sorted() == [0, 1])
        #expect(await second.container.child.child.name == "loggedOut")
        await flow.finish()
    }

    /// A window closed while its factory builds the newest call's child has that factory
    /// cancelled: its container drops what it makes. The other window's goes on.
    @Test func detachingAWindowCancelsItsFactoryAndNoOther() async {
        let held = HeldFactories()
        defer { held.openAll() }
        let (flow, second, login) = await Self.loginHeldInTwoWindows(held)
        let detach = Task { await flow.detach(second) }
        #expect(await eventually { held.cancelled.all.count == 1 }, "the closed window's factory is cancelled")
        held.openAll()
        #expect(await login.value(within: .seconds(10)) == .completed)
        #expect(await detach.value(within: .seconds(10)) != nil)
        #expect(held.cancelled.all.count == 1, "no other factory is cancelled")
        #expect(await flow.scene.container.child.child.name == "main(ada)")
        await flow.finish()
    }

    /// A window attached mid-session builds the session's child in its placement; a logout
    /// made while that factory runs cancels its task, as it cancels a call's factory.
    @Test func aLogoutCancelsTheFactoryOfAWindowBeingPlacedInTheSession() async {
        let held = HeldFactories()
        defer { held.openAll() }
        let flow = await Self.flow(holding: held, session: "ada")
        let second = flow.attachScene(placeholder: Screen("placeholder"))
        #expect(await eventually { held.count == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually { held.cancelled.all == [0] }, "the placement's factory sees the logout")
        held.openAll()
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await eventually { await second.container.child.child.name == "loggedOut" })
        await flow.finish()
    }

    /// A window attached while a login is on its way joins it and builds after the login
    /// has ended in the first window: a logout made then cancels that factory too, for an
    /// ended call keeps its factories (until 2026-12-07 its end forgot them).
    @Test func aLogoutCancelsTheFactoryOfAWindowThatJoinedTheLoginAfterTheLoginEnded() async {
        let held = HeldFactories()
        defer { held.openAll() }
        let flow = await Self.flow(holding: held)
        let login = Task { await flow.login("ada") }
        #expect(await eventually { held.count == 1 })
        let second = flow.attachScene(placeholder: Screen("placeholder"))
        #expect(await eventually { held.count == 2 })
        held.open(0)
        #expect(await login.value(within: .seconds(10)) == .completed)
        let logout = Task { await flow.logout() }
        #expect(await eventually { held.cancelled.all == [1] }, "the late window's factory sees the logout")
        held.openAll()
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await eventually { await second.container.child.child.name == "loggedOut" })
        await flow.finish()
    }

    /// A window detached while its outgoing child prepares for a logout has no factory yet
    /// for its detach to cancel; the factory that starts there afterwards is cancelled as it
    /// starts, so the detach does not wait for it. The other window's goes on.
    @Test func aFactoryThatStartsInAWindowAlreadyDetachedIsCancelledAtOnce() async {
        let held = HeldFactories()
        let preparation = Gate()
        defer {
            preparation.open()
            held.openAll()
        }
        var provider = TestAuthProvider()
        provider.session = "ada"
        provider.logoutPreparationGate = preparation
        provider.onLoggedOutFactory = { await held.hold() }
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        let second = flow.attachScene(placeholder: Screen("placeholder"))
        #expect(await eventually { await second.container.child.child.name == "main(ada)" })
        held.arm()
        let logout = Task { await flow.logout() }
        #expect(await eventually { preparation.waitingCount == 2 })
        let detach = Task { await flow.detach(second) }
        #expect(await eventually { flow.scenes.count == 1 })
        preparation.open()
        #expect(await eventually { held.cancelled.all.count == 1 }, "the detached window's factory is cancelled")
        held.openAll()
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await detach.value(within: .seconds(10)) != nil)
        #expect(held.cancelled.all.count == 1, "no other factory is cancelled")
        #expect(await flow.scene.container.child.child.name == "loggedOut")
        await flow.finish()
    }

    /// `finish()` cancels the factory still building in every window, whose child it would
    /// drop, rather than only waiting for it.
    @Test func finishCancelsTheFactoriesStillBuildingInEveryWindow() async {
        let held = HeldFactories()
        defer { held.openAll() }
        let (flow, _, login) = await Self.loginHeldInTwoWindows(held)
        let finish = Task { await flow.finish() }
        #expect(await eventually { held.cancelled.all.count == 2 }, "both windows' factories see the finish")
        held.openAll()
        #expect(await login.value(within: .seconds(10)) == .cancelled)
        #expect(await finish.value(within: .seconds(10)) != nil)
    }

    /// A tracer that, once armed, makes a logout the moment call `number`'s factory begins:
    /// from the performer's own task, after the factory's task started and before the flow
    /// has recorded it, so that the logout finds no factory to cancel.
    final class LogoutAsFactoryBegins: FlowTracer {
        /// The call whose factory's beginning the logout waits for.
        let number: UInt64
        private let armed = LockedValue<Flow?>(nil)
        private let made = LockedValue<AuthCallHandle?>(nil)

        init(number: UInt64) { self.number = number }

        /// Makes the next matching `workBegan` make a logout on `flow`, once.
        func arm(_ flow: Flow) { armed.withLock { $0 = flow } }

        /// The logout made, once it was.
        var logout: AuthCallHandle? { made.withLock { $0 } }

        func record(_ event: FlowTraceEvent) {
            guard case .workBegan(number, _, .child) = event else { return }
            // Taken once, and outside the lock: the request takes the flow's own.
            let flow = armed.withLock { armed in
                defer { armed = nil }
                return armed
            }
            guard let flow else { return }
            let handle = flow.request(.logout())
            made.withLock { $0 = handle }
        }
    }

    @Test func aLogoutMadeJustAsALoginsFactoryStartsStillCancelsThatFactory() async throws {
        var provider = TestAuthProvider()
        let gate = Gate()
        // Opened on every way out, so that a failed check leaves no factory waiting.
        defer { gate.open() }
        let sawCancellation = Log<String>()
        // The factory waits here, and notes the moment its task is cancelled: the gate
        // opens only after that, so the factory's own check cannot race the cancel.
        provider.onLoggedInFactory = {
            await withTaskCancellationHandler {
                await gate.pass()
            } onCancel: {
                sawCancellation.append("ada")
            }
        }
        let tracer = LogoutAsFactoryBegins(number: 2)
        let flow = Flow(provider: provider, splash: Screen("splash"), tracer: tracer)
        #expect(await flow.start() == .completed)
        tracer.arm(flow)
        let login = Task { await flow.login("ada") }
        #expect(await eventually { gate.waitingCount == 1 && tracer.logout != nil })
        let logout = try #require(tracer.logout, "the logout was made as the factory began")
        let cancelled = await eventually { sawCancellation.all == ["ada"] }
        gate.open()
        #expect(cancelled, "the factory's task is cancelled while it runs")
        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(await Task { await logout.result }.value(within: .seconds(10)) == .unchanged)
        #expect(provider.cancelledFactories.all == ["ada"], "the factory's task sees the logout as a cancellation")
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    @Test func aLoginSupersededByALaterLoginWhileItsChildIsBeingMadeIsDroppedToo() async {
        let (flow, provider, gate) = await Self.flowWithHeldLogin()
        let first = Task { await flow.login("ada") }
        #expect(await eventually { gate.waitingCount == 1 })
        let second = Task { await flow.login("bob") }
        #expect(await eventually { flow.callCount == 3 })
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .superseded)
        #expect(await second.value(within: .seconds(10)) == .completed)
        #expect(provider.cancelledFactories.all == ["ada"])
        #expect(await flow.phase == .loggedIn("bob"))
    }

    @Test func aStartWaitingForItsSessionNeverOverridesALoginCalledAfterIt() async {
        var provider = TestAuthProvider()
        let sessionGate = Gate()
        provider.session = "restored"
        provider.sessionGate = sessionGate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let events = Self.record(flow)
        let starting = Task { await flow.start() }
        #expect(await eventually { sessionGate.waitingCount == 1 })
        #expect(await flow.login("fresh") == .completed)
        sessionGate.open()
        #expect(await starting.value(within: .seconds(10)) == .superseded)
        #expect(await flow.phase == .loggedIn("fresh"))
        #expect(!provider.built.all.contains("loggedIn(restored)"))
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogin main(fresh) by login", "didLogin main(fresh) by login",
            ]
        )
    }

    @Test func onlyStartsOwnPlacementIsFlaggedInitialEvenWhenALogoutBeatsIt() async {
        var provider = TestAuthProvider()
        let sessionGate = Gate()
        provider.session = "restored"
        provider.sessionGate = sessionGate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let events = Self.record(flow)
        let starting = Task { await flow.start() }
        #expect(await eventually { sessionGate.waitingCount == 1 })
        #expect(await flow.logout() == .completed)
        sessionGate.open()
        #expect(await starting.value(within: .seconds(10)) == .superseded)
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogout loggedOut by logout", "didLogout loggedOut by logout",
            ]
        )
    }

    @Test func aRefreshRebuildsTheLoggedInChildOnlyWhileLoggedIn() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        #expect(await flow.refresh() == .unchanged, "logged out: nothing to refresh")
        await flow.login("ada")
        let events = Self.record(flow)
        #expect(await flow.refresh() == .completed)
        #expect(await flow.refresh("ada-v2") == .completed)
        #expect(await flow.phase == .loggedIn("ada-v2"))
        await flow.finish()
        #expect(provider.built.all == ["loggedOut", "loggedIn(ada)", "loggedIn(ada)", "loggedIn(ada-v2)"])
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogin main(ada) by refresh", "didLogin main(ada) by refresh",
                "willLogin main(ada-v2) by refresh", "didLogin main(ada-v2) by refresh",
            ]
        )
    }

    @Test func aReloadRacingALogoutNeverBringsTheLoggedInChildBack() async {
        var provider = TestAuthProvider()
        let gate = Gate()
        provider.loginGate = gate
        provider.heldSession = "ada-v2"  // the reload's factory is slow, as a flag fetch would be
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        #expect(await flow.login("ada") == .completed)
        let events = Self.record(flow)
        let reload = Task { await flow.refresh("ada-v2") }
        #expect(await eventually { gate.waitingCount == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually { flow.callCount == 4 })
        gate.open()
        #expect(await reload.value(within: .seconds(10)) == .superseded)
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogout loggedOut by logout", "didLogout loggedOut by logout",
            ]
        )
    }

    @Test func aLogoutToAnotherVariantWhileLoggedOutSwitchesAndTheSameVariantIsUnchanged() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        await flow.login("ada")
        let soft = LogoutVariant("softLogout")
        #expect(await flow.logout(soft) == .completed)
        #expect(await flow.logoutVariant == soft)
        #expect(await flow.logout(soft) == .unchanged)
        #expect(await flow.logout(LogoutVariant("clearAllData")) == .completed)
        #expect(await flow.logoutVariant == LogoutVariant("clearAllData"))
        #expect(await flow.logout() == .completed, "back to the plain signed-out screen")
        #expect(await flow.logout() == .unchanged)
        #expect(
            provider.built.all == [
                "loggedOut", "loggedIn(ada)", "loggedOut(softLogout)", "loggedOut(clearAllData)", "loggedOut",
            ]
        )
    }

    @Test func aPerCallAnimationOverridesTheConfiguredOneAndStartCanPlaceWithoutAnimating() async throws {
        var provider = TestAuthProvider()
        provider.configuration = AuthFlowConfiguration(startAnimation: .immediate)  // fades otherwise
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        // Neither call needs the clock to advance: both are immediate.
        try #require(await course(of: Task { await flow.start() }, on: clock) == .returned(.completed))
        let login = Task { await flow.login("ada", animation: .immediate) }
        try #require(await course(of: login, on: clock) == .returned(.completed))
        // The configured fade needs the clock: the logout waits for it...
        let logout = Task { await flow.logout() }
        try #require(await course(of: logout, on: clock) == .animating, "the logout fades on the clock")
        // ...until the clock has gone, deadline by deadline, through the fade's 0.2 s (the
        // preparation timeout, at 1 s, and the watchdog, at 2.2 s, sleep on).
        await clock.advance(through: ManualClock.Instant(offset: .milliseconds(200)))
        // Generous: only a fade that never ends takes this long.
        #expect(await logout.value(within: .seconds(30)) == .completed)
    }

    @Test func theChildrenGetBalancedLifecycleHooksThroughTheFlow() async {
        var provider = TestAuthProvider()
        let hooks = Log<String>()
        provider.hooks = hooks
        let flow = Flow(provider: provider, splash: Screen("splash", calls: hooks))
        await flow.start()
        await flow.login("ada")
        await flow.logout()
        await flow.finish()
        #expect(
            hooks.all == [
                "splash.willDisappear", "loggedOut.willAppear", "splash.didDisappear", "loggedOut.didAppear",
                "loggedOut.willDisappear", "main(ada).willAppear", "loggedOut.didDisappear", "main(ada).didAppear",
                "main(ada).willDisappear", "loggedOut.willAppear", "main(ada).didDisappear", "loggedOut.didAppear",
                "loggedOut.willDisappear", "loggedOut.didDisappear",
            ]
        )
    }

    /// A started flow logged in as "ada" that releases a session's child before building
    /// the next one.
    static func flowReleasingSessions(
        _ configure: (inout TestAuthProvider) -> Void = { _ in }
    ) async -> (Flow, TestAuthProvider) {
        var provider = TestAuthProvider()
        provider.tracker = ReleaseTracker()
        provider.configuration.releasesSessionBeforeSwitch = true
        configure(&provider)
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        #expect(await flow.login("ada") == .completed)
        #expect(provider.built.all == ["loggedOut", "loggedIn(ada)"], "no placeholder from logged out")
        return (flow, provider)
    }

    @Test func aSessionSwitchCanReleaseTheOldSessionsChildBeforeTheNewOneIsBuilt() async {
        let (flow, provider) = await Self.flowReleasingSessions()
        #expect(await flow.login("bob") == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        #expect(provider.built.all == ["loggedOut", "loggedIn(ada)", "placeholder", "loggedIn(bob)"])
        // When bob's child began to be built, ada's was gone and the placeholder shown.
        #expect(provider.aliveWhenBuilding.all.last == "bob: [\"placeholder\"]")
        // The old session's child is the one prepared to leave, not the placeholder.
        #expect(provider.prepared.all == ["splash logout", "loggedOut login", "main(ada) login"])
        await flow.finish()
    }

    @Test func aSessionSwitchReportsOnlyTheNewSessionsLogin() async {
        let (flow, _) = await Self.flowReleasingSessions()
        let events = Self.record(flow)
        #expect(await flow.login("bob") == .completed)
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == ["willLogin main(bob) by login", "didLogin main(bob) by login"]
        )
    }

    @Test func aLoginBackToTheOldSessionWhileThePlaceholderIsShownRebuildsIt() async {
        let gate = Gate()
        let (flow, provider) = await Self.flowReleasingSessions {
            $0.loginGate = gate
            $0.heldSession = "bob"
        }
        let bob = Task { await flow.login("bob") }
        #expect(await eventually { gate.waitingCount == 1 })
        #expect(await flow.container.child.child.name == "placeholder")
        let ada = Task { await flow.login("ada") }
        // Bob's factory is still held: ada, the newer call, does not wait for it.
        #expect(await ada.value(within: .seconds(10)) == .completed, "the placeholder is not ada's session shown")
        #expect(await flow.container.child.child.name == "main(ada)")
        #expect(await flow.phase == .loggedIn("ada"))
        gate.open()
        #expect(await bob.value(within: .seconds(10)) == .superseded)
        #expect(await flow.container.child.child.name == "main(ada)")
        #expect(provider.built.all.suffix(2) == ["loggedIn(ada)", "loggedIn(bob)"])
        await flow.finish()
    }

    @Test func aCancelledSwitchGoesOnOnceTheOldSessionsChildIsReleased() async {
        let gate = Gate()
        let (flow, _) = await Self.flowReleasingSessions { $0.placeholderGate = gate }
        let bob = Task { await flow.login("bob") }
        #expect(await eventually { gate.waitingCount == 1 })
        bob.cancel()
        gate.open()
        #expect(await bob.value(within: .seconds(10)) == .completed)
        #expect(await flow.container.child.child.name == "main(bob)", "never left on the placeholder")
        await flow.finish()
    }

    @Test func aSessionStreamDrivesLoginAndLogoutAndRepeatsAreIgnored() async throws {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let (sessions, current) = AsyncStream.makeStream(of: String?.self)
        let following = Task { try await flow.follow(sessions) }
        current.yield("ada")
        current.yield("ada")
        #expect(await eventually { await flow.phase == .loggedIn("ada") })
        current.yield(nil)
        current.yield(nil)
        current.yield("bob")
        current.finish()
        try await following.value
        #expect(await flow.phase == .loggedIn("bob"))
        #expect(flow.callCount == 4, "start, then one call per change")
        #expect(!provider.built.all.dropFirst(2).contains("loggedIn(ada)"), "the repeat built nothing")
    }

    @Test func aHopWithinTheLoggedInPhaseIsNoLoginAndEndsWhenALogoutReplacesIt() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        await flow.login("ada")
        let events = Self.record(flow)
        let onboarding = Task {
            await flow.container.hop { (_: HopHandle<String>) in
                AuthScreen(phase: .loggedIn("ada"), child: Screen("onboarding"))
            }
        }
        #expect(await eventually { await flow.container.child.child.name == "onboarding" })
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await flow.logout() == .completed)
        guard case .replaced? = await onboarding.value(within: .seconds(10)) else {
            Issue.record("the onboarding hop must end when the logout replaces it")
            return
        }
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogout loggedOut by logout", "didLogout loggedOut by logout",
            ]
        )
    }

    @Test func aChildDroppedForALaterLogoutGetsNoHooksAndAnInterruptedOnesAreBalanced() async {
        var provider = TestAuthProvider()
        let hooks = Log<String>()
        let gate = Gate()
        provider.hooks = hooks
        provider.loginGate = gate
        provider.heldSession = "ada"
        provider.configuration = AuthFlowConfiguration(
            loginAnimation: .fade(),
            logoutAnimation: .immediate,
            policy: .interrupt
        )
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        #expect(await flow.start(animation: .immediate) == .completed)
        // Ada's child is made after the logout was called: dropped unseen.
        let ada = Task { await flow.login("ada") }
        #expect(await eventually { gate.waitingCount == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually { flow.callCount == 3 })
        gate.open()
        #expect(await ada.value(within: .seconds(10)) == .superseded)
        #expect(await logout.value(within: .seconds(10)) == .unchanged)
        // Bob's login is cut short by a logout while it fades in; nobody advances the clock.
        let bob = Task { await flow.login("bob") }
        #expect(await eventually { hooks.all.contains("main(bob).willAppear") })
        let last = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { hooks.all.contains("main(bob).didDisappear") })
        await flow.finish()
        #expect(await bob.value(within: .seconds(10)) == .interrupted)
        #expect(await last.value(within: .seconds(10)) == .completed)
        #expect(!hooks.all.contains { $0.hasPrefix("main(ada)") }, "the dropped child got no hooks")
        let bobs = hooks.all.filter { $0.hasPrefix("main(bob)") }
        let balanced = ["willAppear", "didAppear", "willDisappear", "didDisappear"].map { "main(bob).\($0)" }
        #expect(bobs == balanced)
    }

    @Test func anOnboardingHopWithinTheLoggedOutPhaseIsNoLogoutAndEndsWhenALoginReplacesIt() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let events = Self.record(flow)
        let forcedUpdate = Task {
            await flow.container.hop { (_: HopHandle<String>) in
                AuthScreen(phase: .loggedOut, child: Screen("forcedUpdate"))
            }
        }
        #expect(await eventually { await flow.container.child.child.name == "forcedUpdate" })
        #expect(await flow.phase == .loggedOut)
        #expect(await flow.login("ada") == .completed)
        guard case .replaced? = await forcedUpdate.value(within: .seconds(10)) else {
            Issue.record("the hop must end when the login replaces it")
            return
        }
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == ["willLogin main(ada) by login", "didLogin main(ada) by login"]
        )
    }

    @Test func aStreamWithABoundedBufferKeepsOnlyTheNewestEventsItCouldNotDeliver() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let events = flow.events(bufferingPolicy: .bufferingNewest(1))
        await flow.start()
        for index in 0..<20 {
            await flow.login("s\(index)")
            await flow.logout()
        }
        await flow.finish()
        var seen: [String] = []
        for await event in events { seen.append("\(event.kind) \(event.child.name)") }
        // 82 events were published before this loop began to read; an unbounded buffer
        // would hold them all. Only those the forwarding task passed on after the read
        // began can arrive besides the newest.
        #expect(seen.count < 82)
        #expect(seen.last == "didLogout loggedOut")
    }

    @Test func everyCallTakesItsOwnAnimationBeforeTheConfiguredOne() async throws {
        var provider = TestAuthProvider()
        provider.configuration = AuthFlowConfiguration(startAnimation: .fade())  // fades everywhere
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        // Nobody advances the clock: a call that fades waits for it.
        let calls: [@Sendable () async -> AuthResult] = [
            { await flow.start(animation: .immediate) },
            { await flow.login("ada", animation: .immediate) },
            { await flow.refresh(animation: .immediate) },
            { await flow.logout(.signedOut, animation: .immediate) },
        ]
        for call in calls {
            try #require(await course(of: Task { await call() }, on: clock) == .returned(.completed))
        }
        let (sessions, session) = AsyncStream.makeStream(of: String?.self)
        session.yield("bob")
        session.finish()
        let following = Task { (try? await flow.follow(sessions, animation: .immediate)) != nil }
        try #require(await course(of: following, on: clock) == .returned(true))
        #expect(await flow.phase == .loggedIn("bob"))
        // Without its own animation a call takes the configured fade, which needs the clock.
        #expect(await course(of: Task { await flow.refresh() }, on: clock) == .animating)
        await flow.finish()
    }

    @Test func aCustomAnimationOfTheProvidersChildrenRunsOnTheFlow() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let animated = Log<String>()
        let typed = Flow.animation(duration: nil) { (from: Screen, to: Screen, context) in
            animated.append("\(from.name) -> \(to.name)")
            context.report(1)
        }
        #expect(await flow.login("ada", animation: typed) == .completed)
        // A plain custom animation written for the provider's child works the same way.
        let plain = TransitionAnimation.custom(duration: nil) { (from: Screen, to: Screen, _) in
            animated.append("\(from.name) -> \(to.name)")
        }
        #expect(await flow.logout(.signedOut, animation: plain) == .completed)
        #expect(animated.all == ["loggedOut -> main(ada)", "main(ada) -> loggedOut"])
    }

    /// A logged-in child that owns a nested container and ends it when it disappears.
    final class SessionScreen: FlowLifecycle {
        let inner = FlowContainer(initial: Screen("inbox"), animation: .immediate)
        func flowDidDisappear() async { await inner.finish() }
    }

    struct NestingProvider: AuthFlowProvider {
        let sessions = Log<SessionScreen>()
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> any FlowLifecycle { Screen("loggedOut") }
        func makeLoggedInChild(for session: String) async -> any FlowLifecycle {
            let screen = SessionScreen()
            sessions.append(screen)
            return screen
        }
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }
    }

    @Test func aNestedContainerInsideTheLoggedInChildEndsWhenALogoutReplacesIt() async {
        let provider = NestingProvider()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        await flow.start()
        await flow.login("ada")
        guard let session = provider.sessions.all.first else {
            Issue.record("no logged-in child was built")
            return
        }
        // Onboarding inside the session waits on the nested container...
        let onboarding = Task {
            await session.inner.hop { (_: HopHandle<Bool>) in Screen("onboarding") }
        }
        #expect(await eventually { await session.inner.child.name == "onboarding" })
        #expect(await !session.inner.isFinished)
        // ...until the session expires.
        await flow.logout()
        #expect(await session.inner.isFinished)
        guard case .replaced? = await onboarding.value(within: .seconds(10)) else {
            Issue.record("the nested hop must end when its container finishes")
            return
        }
    }
}
