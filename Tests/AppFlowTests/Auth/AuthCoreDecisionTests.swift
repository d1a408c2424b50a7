import AppFlowTesting
import Testing

@testable import AppFlow

/// Decisions the performer used to make itself from the configuration, each now asked of
/// the auth machine: the animation a call takes when its caller names none, the delay
/// before its child is made, and its overlap policy and release step.
@Suite struct AuthCoreDecisionTests {
    typealias Machine = AuthStateMachineTests.Machine

    /// Every animation and delay told apart by its duration.
    static let configuration = AuthFlowConfiguration(
        loginAnimation: .fade(duration: .milliseconds(100)),
        logoutAnimation: .fade(duration: .milliseconds(300)),
        loginDelay: .seconds(1),
        logoutDelay: .seconds(2),
        policy: .enqueue,
        startAnimation: .fade(duration: .milliseconds(700))
    )

    /// A machine under `configuration` after `calls`, each run alone to its end, and then
    /// `call` made and begun; its stamp.
    static func machine(
        _ configuration: AuthFlowConfiguration = configuration,
        after calls: [Machine.Call] = [],
        making call: Machine.Call,
        answer: AuthInitialState<String>? = nil
    ) -> (Machine, UInt64) {
        var machine = Machine(configuration: configuration)
        for earlier in calls {
            guard case .proceed(let stamp, _) = machine.call(earlier, joiner: nil) else {
                preconditionFailure("\(earlier) did not proceed")
            }
            AuthStateMachineTests.State.runAlone(stamp, earlier, in: &machine)
        }
        guard case .proceed(let stamp, _) = machine.call(call, joiner: nil) else {
            preconditionFailure("\(call) did not proceed")
        }
        if let answer { machine.startAnswered(stamp, answer) }
        return (machine, stamp)
    }

    @Test func aCallWhoseCallerNamesNoAnimationTakesTheConfiguredOneTheMachineChooses() {
        func animation(
            in configuration: AuthFlowConfiguration = Self.configuration,
            after calls: [Machine.Call] = [],
            _ call: Machine.Call,
            answer: AuthInitialState<String>? = nil
        ) -> String {
            let (machine, stamp) = Self.machine(configuration, after: calls, making: call, answer: answer)
            return "\(machine.animation(for: stamp, call))"
        }
        #expect(animation(.login("a")) == "fade(0.1 seconds)")
        #expect(animation(.logout(.signedOut)) == "fade(0.3 seconds)")
        #expect(animation(after: [.login("a")], .lock(.cover)) == "fade(0.3 seconds)")
        #expect(animation(after: [.login("a")], .lock(.privacy)) == "immediate")
        #expect(animation(.start, answer: .loggedIn("a")) == "fade(0.7 seconds)")
        // Without a start animation, a start takes the one of its direction.
        var noStart = Self.configuration
        noStart.startAnimation = nil
        #expect(animation(in: noStart, .start, answer: .loggedIn("a")) == "fade(0.1 seconds)")
        #expect(animation(in: noStart, .start, answer: .loggedOut(.signedOut)) == "fade(0.3 seconds)")
    }

    @Test func aLockWhoseCallerNamesNoStyleTakesTheConfiguredOneTheMachineMaps() {
        var teardown = Self.configuration
        teardown.lockStyle = .teardown
        #expect(Machine.call(for: .lock(nil), Self.configuration) == .lock(.cover))
        #expect(Machine.call(for: .lock(nil), teardown) == .lock(.teardown))
        #expect(Machine.call(for: .lock(.cover), teardown) == .lock(.cover))
        #expect(Machine.call(for: .cover, teardown) == .lock(.privacy))
        #expect(Machine.call(for: .unlock, teardown) == .unlock(since: nil))
        #expect(Machine.call(for: .uncover, teardown) == .uncover)
        #expect(Machine.call(for: .start, teardown) == .start)
        #expect(Machine.call(for: .login("a"), teardown) == .login("a"))
        #expect(Machine.call(for: .logout(LogoutVariant("expired")), teardown) == .logout(LogoutVariant("expired")))
        #expect(Machine.call(for: .refresh(nil), teardown) == .refresh(nil))
    }

    @Test func theDelayBeforeAChildIsMadeComesWithThePlanByDirection() {
        func delay(
            after calls: [Machine.Call] = [],
            _ call: Machine.Call,
            current: AuthPlace<String>,
            configuration: AuthFlowConfiguration = Self.configuration
        ) -> Duration? {
            var (machine, stamp) = Self.machine(configuration, after: calls, making: call)
            _ = machine.admit(stamp, call, at: .start, current: current, currentEpoch: machine.sessionEpoch)
            return machine.plan(stamp, call, current: current).delay
        }
        #expect(delay(.login("a"), current: .splash) == .seconds(1))
        #expect(delay(after: [.login("a")], .logout(.signedOut), current: .loggedIn("a")) == .seconds(2))
        #expect(delay(after: [.login("a")], .lock(.cover), current: .loggedIn("a")) == .seconds(2))
        let locked: AuthPlace<String> = .locked("a", keepsSession: false)
        #expect(delay(after: [.login("a"), .lock(.teardown)], .unlock(since: nil), current: locked) == .seconds(1))
        // A delay of zero or less is no wait: the plan has none, so the factory does not
        // sleep on the clock at all.
        var none = Self.configuration
        none.loginDelay = .zero
        none.logoutDelay = .seconds(-1)
        #expect(delay(.login("a"), current: .splash, configuration: none) == nil)
        #expect(delay(after: [.login("a")], .logout(.signedOut), current: .loggedIn("a"), configuration: none) == nil)
    }

    /// The factory follows the plan the machine gave the call in the step that began it:
    /// only an admission at the start that begins the call plans it, and the plan is the
    /// one of the place and epoch the call began with.
    @Test func aCallIsPlannedInTheStepThatBeginsItAndOnlyThere() {
        var (machine, stamp) = Self.machine(after: [.login("a")], making: .lock(.cover))
        let current: AuthPlace<String> = .loggedIn("a")
        for point in [FlowAdmissionPoint.arrival, .childMade, .overtaken] {
            let (action, plan) = machine.admitAndPlan(
                stamp,
                .lock(.cover),
                at: point,
                current: current,
                currentEpoch: machine.sessionEpoch,
                building: false,
                sameAccount: { $0 == $1 }
            )
            #expect(action == .admit && plan == nil, "\(point)")
        }
        let epoch = machine.sessionEpoch
        let (action, plan) = machine.admitAndPlan(
            stamp,
            .lock(.cover),
            at: .start,
            current: current,
            currentEpoch: epoch,
            building: false,
            sameAccount: { $0 == $1 }
        )
        #expect(action == .admit)
        #expect(plan?.phase == .locked("a") && plan?.coveredChild == .kept && plan?.epoch == epoch)
        #expect(plan?.delay == machine.plan(stamp, .lock(.cover), current: current).delay)
        // A call refused at its start as unchanged begins nothing to plan.
        var (again, unchanged) = Self.machine(after: [.login("a")], making: .login("a"))
        let refused = again.admitAndPlan(
            unchanged,
            .login("a"),
            at: .start,
            current: current,
            currentEpoch: again.sessionEpoch,
            building: false,
            sameAccount: { $0 == $1 }
        )
        #expect(refused.action == .refuse(.unchanged) && refused.plan == nil)
    }

    /// A call's new screen stands where the machine took the flow as the call began, in
    /// the style of its lock screen: the screen no longer rebuilds its place from its fields.
    @Test func aCallsScreenStandsWhereTheCallTookTheFlow() {
        let soft = LogoutVariant("softLogout")
        let cases:
            [(after: [Machine.Call], call: Machine.Call, answer: AuthInitialState<String>?, from: AuthPlace<String>)] =
                [
                    ([], .start, .loggedIn("a"), .splash),
                    ([], .start, .loggedOut(soft), .splash),
                    ([], .login("a"), nil, .splash),
                    ([.login("a")], .logout(soft), nil, .loggedIn("a")),
                    ([.login("a")], .login("b"), nil, .loggedIn("a")),
                    ([.login("a")], .refresh(nil), nil, .loggedIn("a")),
                    ([.login("a")], .lock(.cover), nil, .loggedIn("a")),
                    ([.login("a")], .lock(.teardown), nil, .loggedIn("a")),
                    ([.login("a")], .lock(.privacy), nil, .loggedIn("a")),
                    ([.login("a"), .lock(.teardown)], .unlock(since: nil), nil, .locked("a", keepsSession: false)),
                    ([.login("a"), .lock(.cover)], .unlock(since: nil), nil, .locked("a", keepsSession: true)),
                    ([.login("a"), .lock(.privacy)], .uncover, nil, .covered("a")),
                ]
        for (after, call, answer, current) in cases {
            var (machine, stamp) = Self.machine(after: after, making: call, answer: answer)
            let (action, plan) = machine.admitAndPlan(
                stamp,
                call,
                at: .start,
                current: current,
                currentEpoch: machine.sessionEpoch,
                building: false,
                sameAccount: { $0 == $1 }
            )
            #expect(action == .admit, "\(call) after \(after)")
            #expect(plan?.place == machine.place, "\(call) after \(after): \(String(describing: plan?.place))")
        }
        // The lock styles and the privacy cover stand apart.
        let cover = Self.machine(after: [.login("a")], making: .lock(.privacy))
        var covering = cover.0
        let covered = covering.admitAndPlan(
            cover.1,
            .lock(.privacy),
            at: .start,
            current: .loggedIn("a"),
            currentEpoch: covering.sessionEpoch,
            building: false,
            sameAccount: { $0 == $1 }
        )
        #expect(covered.plan?.place == .covered("a"))
    }

    /// The switching placeholder stands in the session it releases.
    @Test func theSwitchingPlaceholderStandsInTheSessionItReleases() {
        let places: [(AuthPlace<String>, AuthPlace<String>)] = [
            (.loggedIn("a"), .switching(from: "a")), (.switching(from: "a"), .switching(from: "a")),
            (.locked("a", keepsSession: true), .locked("a", keepsSession: false)),
            (.covered("a"), .locked("a", keepsSession: false)), (.splash, .splash),
            (.loggedOut(LogoutVariant("softLogout")), .loggedOut(.signedOut)),
        ]
        for (current, expected) in places {
            #expect(Machine.switchingPlace(replacing: current) == expected, "\(current)")
        }
    }

    /// The order in which ``AuthFlow/finish()`` ends the flow's parts is the core's, in the
    /// one step that ends them all: intents, then the services refused (with services), the
    /// factories still building cancelled, the scenes, the event streams, the overtaken
    /// factories, and the services' teardown.
    @Test func finishEndsThePartsInTheOrderTheCoreGives() async {
        func kinds<Provider>(_ flow: AuthFlow<Provider>) -> [String] {
            flow.core.withLock { core in
                core.finish().map { step in
                    switch step {
                    case .dropIntents: "intents"
                    case .refuseServices: "refuse services"
                    case .cancelFactories: "cancel factories"
                    case .finishScenes(let scenes): "scenes \(scenes.map(\.id.rawValue))"
                    case .endFeeds: "feeds"
                    case .waitForOvertakenFactories: "overtaken factories"
                    case .finishServices(let scenes): "services of scenes \(scenes.map(\.rawValue))"
                    }
                }
            }
        }
        let withServices = AuthFlow(provider: SceneAuthProvider(), splash: Screen("splash"))
        _ = withServices.attachScene(placeholder: Screen("second"))
        #expect(
            kinds(withServices) == [
                "intents", "refuse services", "cancel factories", "scenes [1, 2]", "feeds",
                "overtaken factories", "services of scenes [1, 2]",
            ]
        )
        let without = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
        #expect(kinds(without) == ["intents", "cancel factories", "scenes [1]", "feeds", "overtaken factories"])
        await withServices.finish()
        await without.finish()
    }

    /// The scene whose child the flow's phase reads comes from the core alone, with no
    /// fallback in the flow: the first scene from the start, the first attached while any
    /// is, and the last detached once none is, after ``AuthFlow/finish()`` too.
    @Test func thePhaseIsReadFromTheSceneTheCoreNamesAttachedFirstElseDetachedLast() async {
        let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
        func shown() -> AuthSceneID { flow.core.withLock { $0.shownScene.id } }
        #expect(shown() == flow.scene.id)
        let second = flow.attachScene(placeholder: Screen("second"))
        let third = flow.attachScene(placeholder: Screen("third"))
        #expect(shown() == flow.scene.id)
        await flow.detach(flow.scene)
        #expect(shown() == second.id)
        await flow.detach(third)
        #expect(shown() == second.id)
        await flow.detach(second)
        #expect(shown() == second.id, "no scene is attached: the last detached")
        #expect(await flow.phase == .splash)
        await flow.finish()
        #expect(shown() == second.id)
    }

    /// The performer makes no child the core did not plan: none is planned or placed at the
    /// splash (the fuzzers check it against their models), so a child asked for there stops
    /// the process instead of being made as a logged-out one, as it once was.
    @Test func aChildAskedForAtTheSplashStopsTheProcessForTheCoreNeverPlansOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
            _ = await flow.makeChild(.splash, .start, nil, flow.scene.id, LockedValue(.placing()))
        }
        expectInternalInconsistency(in: result)
    }

    /// A session's child is asked for only with its session's epoch, which the flow has
    /// exactly while a session lives: one asked for with none stops the process rather
    /// than being made, or replaced by the switching placeholder, unseen.
    @Test func aSessionsChildAskedForWithNoEpochStopsTheProcessForTheCoreNeverPlansOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
            _ = await flow.makeChild(.loggedIn("ada"), .login, nil, flow.scene.id, LockedValue(.placing()))
        }
        expectInternalInconsistency(in: result)
    }

    /// A new event stream's feed is added with every scene attached in one step, to be
    /// subscribed to them outside the lock; a finished flow takes none, so the stream ends
    /// at once. The core decides both.
    @Test func anEventFeedSubscribesToEverySceneUntilTheFlowFinishes_ThenItIsTakenNoMore() async {
        let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("second"))
        let (_, early) = AuthEventFeed<AuthFlow<TestAuthProvider>.Screen>.make()
        let containers = flow.core.withLock { $0.subscribe(early) } ?? []
        #expect(containers.map(\.0) == [flow.scene.id, second.id])
        #expect(flow.core.withLock { $0.feeds.feeds.count } == 1)
        // Forwarded as a stream's are: the flow's end waits for them, and they end with
        // their scenes' containers.
        for (id, container) in containers { early.forward(early.subscribe(to: container), of: id) }
        await flow.finish()
        let (_, late) = AuthEventFeed<AuthFlow<TestAuthProvider>.Screen>.make()
        #expect(flow.core.withLock { $0.subscribe(late) } == nil)
        #expect(flow.core.withLock { $0.feeds.feeds.isEmpty })
    }

    /// An intent opened with `switching` is opened in the step that makes its login, so no
    /// call comes between them; the core makes none when the provider said the newest
    /// call asked for that account, and asks for the provider to be asked again when the
    /// newest call asked for another phase since the performer read it.
    @Test func anIntentSwitchingAccountsOpensInTheStepThatMakesItsLoginDecidedAgainstThePhaseRead() async {
        typealias Flow = AuthFlow<IntentAuthProvider>
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        provider.scenes.add(flow.scene)
        #expect(await flow.start() == .completed)
        let asked = flow.requestedPhase
        func login(_ session: String, phase: AuthPhase<String>?, sameAccount: Bool) -> Flow.AuthCore.SwitchingLogin {
            Flow.AuthCore.SwitchingLogin(
                session: session,
                phase: phase,
                sameAccount: sameAccount,
                joiner: AuthOutcome()
            )
        }
        func open(_ intent: String, _ login: Flow.AuthCore.SwitchingLogin) -> Flow.AuthCore.IntentOpening {
            flow.core.withLock {
                $0.openIntent(intent, scene: nil, waiter: AuthIntentHandle(), switching: login)
            }
        }
        // The provider said "ada" is the account asked for: no login, the intent opens.
        guard case .opened(_, _, login: nil) = open("same", login("ada", phase: asked, sameAccount: true)) else {
            Issue.record("a login was made for the account the newest call asked for")
            return
        }
        #expect(flow.requestedPhase == .loggedIn("ada"))
        // Another phase than the one read: nothing is made or opened, the phase now returned.
        let held = flow.core.withLock { $0.intents.held.count }
        guard case .retry(let now) = open("stale", login("bob", phase: .loggedOut, sameAccount: false)) else {
            Issue.record("decided against a phase the newest call no longer asks for")
            return
        }
        #expect(now == .loggedIn("ada"))
        #expect(flow.core.withLock { $0.intents.held.count } == held)
        #expect(flow.requestedPhase == .loggedIn("ada"))
        // Another account: its login is stamped in the same step, before the intent opens.
        guard case .opened(_, _, login: let made?) = open("other", login("bob", phase: asked, sameAccount: false)),
            case .proceed = made.action
        else {
            Issue.record("no login made for another account")
            return
        }
        #expect(flow.requestedPhase == .loggedIn("bob"))
        await flow.finish()
    }

    /// A scene is attached only with the feeds the performer subscribed to its container
    /// outside the lock: with a feed added since, the core answers with the feeds as they
    /// are now, for the performer to subscribe that one too; after `finish()` it attaches
    /// the scene and has the subscriptions let go, for no feed is left to forward them.
    @Test func aSceneIsAttachedOnlyWithTheFeedsSubscribedToIt_AndAfterFinishItsSubscriptionsGo() async {
        let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
        func makeScene() -> AuthScene<TestAuthProvider> {
            let id = flow.decide { $0.reserveScene() }
            return AuthFlow<TestAuthProvider>.makeScene(
                id,
                splash: Screen("second"),
                stage: nil,
                configuration: flow.configuration,
                clock: flow.clock
            )
        }
        let second = makeScene()
        let before = flow.core.withLock { $0.feeds.all }
        let (_, feed) = AuthEventFeed<AuthFlow<TestAuthProvider>.Screen>.make()
        _ = flow.core.withLock { $0.subscribe(feed) }
        guard case .retry(let now) = flow.core.withLock({ $0.attach(second.id, second, feedsAdded: before.added) })
        else {
            Issue.record("attached with a feed it never subscribed")
            return
        }
        #expect(now.added == before.added + 1)
        #expect(now.feeds.map(ObjectIdentifier.init) == [ObjectIdentifier(feed)])
        #expect(flow.scenes.map(\.id) == [flow.scene.id])
        guard
            case .attached(_, forwardsFeeds: true) = flow.core.withLock({
                $0.attach(second.id, second, feedsAdded: now.added)
            })
        else {
            Issue.record("not attached with the feeds it subscribed")
            return
        }
        #expect(flow.scenes.map(\.id) == [flow.scene.id, second.id])
        await flow.finish()
        let late = makeScene()
        guard
            case .attached(.wait, forwardsFeeds: false) = flow.core.withLock({ $0.attach(late.id, late, feedsAdded: 0) }
            )
        else {
            Issue.record("a scene attached after finish() forwards feeds, or is told to retry")
            return
        }
    }

    /// A feed's subscription to a scene that was never attached is let go: the feed's end
    /// does not wait for it, and the container forgets the subscriber.
    @Test func aDiscardedSubscriptionIsNotWaitedForAndLeavesTheContainer() async {
        let container = FlowContainer(initial: AuthFlow<TestAuthProvider>.Screen(phase: .splash, child: Screen("s")))
        let (inputs, feed) = AuthEventFeed<AuthFlow<TestAuthProvider>.Screen>.make()
        let source = feed.subscribe(to: container)
        #expect(container.subscriberCount == 1)
        feed.discard(source)
        let ended = Task { await feed.end() }
        #expect(await ended.value(within: .seconds(30)) != nil)
        #expect(container.subscriberCount == 0)
        var received: [String] = []
        for await input in inputs {
            if case .flowFinished = input { received.append("finished") } else { received.append("other") }
        }
        #expect(received == ["finished"])
        await container.finish()
    }

    /// Which accounts the provider compares before a call is admitted in a scene comes
    /// from the machine: only a refresh that names a session, against a session shown
    /// (logged in, or under the switching placeholder); every other call and place
    /// compares none.
    @Test func onlyARefreshNamingASessionComparesItsAccountWithTheSessionShown() {
        let calls: [Machine.Call] = [
            .start, .login("a"), .logout(.signedOut), .refresh(nil), .refresh("b"), .lock(.cover), .lock(.teardown),
            .lock(.privacy), .unlock(since: nil), .uncover,
        ]
        let places: [AuthPlace<String>] = [
            .splash, .loggedOut(.signedOut), .loggedIn("a"), .switching(from: "a"), .locked("a", keepsSession: true),
            .covered("a"),
        ]
        var compared: [String] = []
        for call in calls {
            for place in places {
                if let pair = Machine.accountsToCompare(call, place) {
                    compared.append("\(call) at \(place): \(pair.asked) as \(pair.shown)")
                }
            }
        }
        #expect(
            compared == [
                "refresh(Optional(\"b\")) at loggedIn(\"a\"): b as a",
                "refresh(Optional(\"b\")) at switching(from: \"a\"): b as a",
            ]
        )
    }

    /// Every call reports the public call it was made as, in its plan, its place and its
    /// screens' events: the cover is its own call, though the machine makes it a lock.
    @Test func everyCallReportsThePublicCallItWasMadeAs() {
        let calls: [Machine.Call] = [
            .start, .login("a"), .logout(.signedOut), .refresh(nil), .lock(.cover), .lock(.teardown),
            .lock(.privacy), .unlock(since: nil), .uncover,
        ]
        #expect(
            calls.map(\.origin) == [.start, .login, .logout, .refresh, .lock, .lock, .cover, .unlock, .uncover]
        )
    }

    /// Only a call with nothing to run first is launched in the step that stamps it.
    @Test func aCallIsLaunchedAsItIsStampedOnlyWithNothingToRunFirst() {
        let calls: [Machine.Call] = [
            .start, .login("a"), .logout(.signedOut), .refresh(nil), .lock(.cover), .lock(.teardown),
            .lock(.privacy), .unlock(since: nil), .uncover,
        ]
        for call in calls {
            #expect(Machine.launchesWhenStamped(call, preparing: false) == (call != .start), "\(call)")
            #expect(!Machine.launchesWhenStamped(call, preparing: true), "\(call)")
        }
    }

    /// A call's route is the one value a scene's run follows: its release step with the
    /// departure the child shown prepares for, its policy (only the privacy cover
    /// interrupts), and whether the scene keeps the child a lock hid (only a cover lock and
    /// the privacy cover).
    @Test(arguments: [false, true], [false, true])
    func aCallsRouteGivesItsReleaseStepAndDepartureItsPolicyAndWhetherTheHiddenChildIsKept(
        releasesFirst: Bool,
        hasServices: Bool
    ) {
        let calls: [Machine.Call] = [
            .start, .login("a"), .logout(.signedOut), .refresh(nil), .lock(.cover), .lock(.teardown),
            .lock(.privacy), .unlock(since: nil), .uncover,
        ]
        for policy in OverlapPolicy.allCases {
            var configuration = Self.configuration
            configuration.policy = policy
            configuration.releasesSessionBeforeSwitch = releasesFirst
            for call in calls {
                let route = Machine.route(call, configuration, hasServices: hasServices)
                #expect(route.policy == (call == .lock(.privacy) ? .interrupt : policy), "\(call)")
                let release: Machine.Route.Release
                if Machine.releasesFirst(call, releasesSessionBeforeSwitch: releasesFirst, hasServices: hasServices) {
                    let origin: AuthCall = call == .refresh(nil) ? .refresh : .login
                    release = .first(departure: AuthDeparture(direction: .login, call: origin, logoutVariant: nil))
                } else {
                    release = .none
                }
                #expect(route.release == release, "\(call)")
                let keeps = [.lock(.cover), .lock(.privacy)].contains(call)
                #expect(route.keepsCoveredChild == keeps, "\(call)")
                for result in TransitionResult.allCases {
                    #expect(route.releasesCoveredChild(after: result) == (result.didRun && !keeps), "\(call) \(result)")
                }
            }
        }
    }

    /// A scene that joins a call on its way runs it by the route the call launched with,
    /// for every kind of call that changes the place and every configuration: the
    /// performer works none out of its own.
    @Test(arguments: [false, true], [false, true])
    func aSceneThatJoinsACallOnItsWayRunsItByTheRouteTheCallLaunchedWith(releasesFirst: Bool, hasServices: Bool) {
        // Each call, after the calls that bring the flow where it runs.
        let calls: [(before: [Machine.Call], call: Machine.Call)] = [
            ([], .login("a")), ([.login("a")], .login("b")), ([.login("a")], .logout(.signedOut)),
            ([.login("a")], .lock(.cover)), ([.login("a")], .lock(.teardown)), ([.login("a")], .lock(.privacy)),
            ([.login("a"), .lock(.cover)], .unlock(since: nil)), ([.login("a"), .lock(.privacy)], .uncover),
        ]
        for policy in OverlapPolicy.allCases {
            var configuration = Self.configuration
            configuration.policy = policy
            configuration.releasesSessionBeforeSwitch = releasesFirst
            for (before, call) in calls {
                var machine = Machine(configuration: configuration, hasServices: hasServices)
                for (index, earlier) in before.enumerated() {
                    _ = machine.call(earlier, joiner: nil)
                    AuthStateMachineTests.State.runAlone(UInt64(index + 1), earlier, in: &machine)
                }
                let made = machine.call(call, joiner: nil)
                guard case .proceed(let stamp, _) = made else {
                    Issue.record("\(call) after \(before): \(made)")
                    continue
                }
                _ = machine.attach(machine.reserveScene(), "s1")
                let launch = machine.launch(stamp, call, animation: nil)
                let second = machine.reserveScene()
                #expect(machine.attach(second, "s2") == .join(second, stamp, call, launch.route), "\(call) \(policy)")
            }
        }
    }

    /// A scene attached mid-session is placed with the phase, variant and cover of the
    /// flow's place, as a call's plan would show it.
    @Test func aSceneIsPlacedWithThePhaseVariantAndCoverOfThePlace() {
        let soft = LogoutVariant("softLogout")
        let places: [(AuthPlace<String>, AuthPhase<String>, LogoutVariant?, Bool)] = [
            (.splash, .splash, nil, false), (.loggedOut(soft), .loggedOut, soft, false),
            (.loggedIn("a"), .loggedIn("a"), nil, false), (.switching(from: "a"), .loggedIn("a"), nil, false),
            (.locked("a", keepsSession: true), .locked("a"), nil, false),
            (.locked("a", keepsSession: false), .locked("a"), nil, false), (.covered("a"), .locked("a"), nil, true),
        ]
        for (place, phase, variant, privacy) in places {
            #expect(
                place.phase == phase && place.logoutVariant == variant && place.isPrivacyCover == privacy,
                "\(place)"
            )
        }
    }
}

/// What the intents hear once a scene's request for a call returned, decided by the core
/// (``AuthFlow/AuthCore/settle(_:shown:)``) in the step that ends the call: the performer
/// used to route the machine's answer to the intents itself.
@Suite struct AuthCoreSettleTests {
    @Test func aSceneShowingTheSessionIsReadyAndOneOutOfItStopsTheIntentsWaitingForIt() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("placeholder"))
        #expect(await flow.start() == .completed)
        let (first, other) = (flow.scene.id, second.id)
        let (ready, unsettled) = flow.core.withLock { core in
            // A call made: no scene has shown its outcome yet.
            _ = core.makeCall(.login("bob"), joiner: nil, when: nil, launching: nil)
            let stamp = core.calls.newest
            let session = AuthScreen<String, Screen>(
                place: .loggedIn("ada"),
                child: Screen("main"),
                call: .login,
                inSession: core.calls.sessionEpoch.map { .init(epoch: $0, coverMark: AuthCoverMark()) }
            )
            let loggedOut = AuthScreen<String, Screen>(
                place: .loggedOut(.signedOut),
                child: Screen("login"),
                call: .logout
            )
            _ = core.settle(stamp, shown: [(first, session), (other, loggedOut)])
            return (core.intents.ready.map(\.scene), core.intents.unsettled)
        }
        #expect(ready == [first])
        #expect(unsettled.isEmpty)
        await flow.finish()
    }

    @Test func theScreenOfASupersededCallTellsTheIntentsNothing() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        let (ready, unsettled) = flow.core.withLock { core in
            _ = core.makeCall(.login("bob"), joiner: nil, when: nil, launching: nil)
            let session = AuthScreen<String, Screen>(
                place: .loggedIn("ada"),
                child: Screen("main"),
                call: .login,
                inSession: core.calls.sessionEpoch.map { .init(epoch: $0, coverMark: AuthCoverMark()) }
            )
            // A stamp older than the newest call's.
            _ = core.settle(core.calls.newest - 1, shown: [(flow.scene.id, session)])
            return (core.intents.ready.map(\.scene), core.intents.unsettled)
        }
        #expect(ready.isEmpty)
        #expect(unsettled == [flow.scene.id])
        await flow.finish()
    }
}
