/// Everything an ``AuthFlow`` decides, in one value under one lock: the calls' machine
/// (``AuthStateMachine``, itself made of the call order, the place, the lock's targets and
/// the scene list), the intents' machine, the services' machine and the event feeds.
///
/// No part has a lock of its own, so no lock is ever taken inside another of the flow's: an
/// input that concerns two parts (a call the intents hear, a session change the services
/// hear, a scene attached that every part learns of) is one step under the one lock. The
/// performers read each part, and change one only through the core's inputs (``decide(_:)``
/// for the calls' machine, which tells the services of a session change in the same step;
/// a core input of its own for each input of the intents and of the feeds); only
/// `SessionServices`, which knows no core, gets its part as a ``LockedPart`` of the lock
/// (``servicesPart(of:)``).
///
/// It is a type nested in ``AuthFlow``, so that code generic over the provider finds its
/// layout by the provider alone: as a struct generic over its four parts, every access from
/// that code looked up four generic types first (`IntentDelivery` measured it, about 3 µs
/// per intent).
extension AuthFlow {
    struct AuthCore: Sendable {
        /// The calls' machine. Read by the performers; changed only by the core's inputs.
        private(set) var calls: Machine
        /// The intents' machine; used only if the provider declares intents. Read by the
        /// performers; changed only by the core's inputs.
        private(set) var intents: IntentMachine
        /// The session services' machine; used only if the provider declares services.
        /// Changed only by the core's inputs and through ``servicesPart(of:)``.
        private(set) var services: SessionServices<Session, Provider.Services>.Machine
        /// The feeds of the flow's event streams.
        private(set) var feeds: EventFeeds

        init(calls: Machine, intents: IntentMachine, services: ServicesMachine, feeds: EventFeeds) {
            self.calls = calls
            self.intents = intents
            self.services = services
            self.feeds = feeds
        }

        typealias ServicesMachine = SessionServices<Session, Provider.Services>.Machine

        /// The services' machine of `core`'s value, for ``SessionServices``, which knows no
        /// core: a view of the one lock, not a lock of its own.
        static func servicesPart(of core: LockedValue<AuthCore>) -> LockedPart<ServicesMachine> {
            LockedPart(of: core, \.services)
        }

        /// Gives the calls' machine one input and returns its action. If the input moved the
        /// flow to another session (or out of one), the services hear it in the same step,
        /// so that the changes reach them in the order they happened. Every input the
        /// performers give the calls' machine comes through here; the core's own steps give
        /// it only inputs that cannot move the place, but for ``makeCall(_:joiner:when:launching:)``'s
        /// launch, which comes through here too.
        mutating func decide<Action>(_ input: (inout Machine) -> Action) -> (Action, ServicesAction?) {
            let action = input(&calls)
            guard Provider.hasServices, let change = calls.takeSessionChange() else { return (action, nil) }
            return (action, services.sessionChanged(to: change))
        }

        /// Makes `call`: it takes its place in call order, and the intents hear it in the
        /// same step. With `condition`, the call is made only if it holds in the same step;
        /// otherwise it resolves as unchanged and takes no place. With `launching`, a call
        /// that goes on is launched in the same step too: its animation chosen, its scenes
        /// fanned out and its route decided, the services told if that moved the flow's session. Returns what each
        /// part must do.
        mutating func makeCall(
            _ call: Machine.Call,
            joiner: AuthOutcome?,
            when condition: ((Machine) -> Bool)?,
            launching: Launching?
        ) -> (Machine.CallAction, Machine.Launch?, IntentMachine.Action?, ServicesAction?) {
            if let condition, !condition(calls) { return (.resolve(.unchanged), nil, nil, nil) }
            let action = calls.call(call, joiner: joiner)
            if case .resolve = action { return (action, nil, nil, nil) }
            // A call that goes on or joins another: the intents hear it.
            let isLogout: Bool
            if case .logout = call { isLogout = true } else { isLogout = false }
            let intentAction = Provider.hasIntents ? intents.callMade(isLogout: isLogout) : nil
            guard let launching, case .proceed(let stamp, _) = action else { return (action, nil, intentAction, nil) }
            let (launched, servicesAction) = decide { $0.launch(stamp, call, animation: launching.animation) }
            return (action, launched, intentAction, servicesAction)
        }

        /// Scene `id` attaches as `scene`, if the feeds are still those the performer
        /// subscribed to its container (`feedsAdded`, ``AuthEventFeeds/added``), outside
        /// the lock and before the scene is attached, so that they see everything it shows:
        /// then the calls' machine says how it arrives and the intents learn of it, in one
        /// step. `.retry` if a feed was added since (the performer subscribes that one too,
        /// and comes back); a finished flow takes no feed, so the subscriptions are let go.
        mutating func attach(
            _ id: AuthSceneID,
            _ scene: AuthScene<Provider>,
            feedsAdded: UInt64
        ) -> SceneArrival {
            guard calls.isFinished || feeds.added == feedsAdded else { return .retry(feeds.all) }
            intents.attached(id)
            return .attached(calls.attach(id, scene), forwardsFeeds: !calls.isFinished)
        }

        /// What ``attach(_:_:feedsAdded:)`` answered.
        enum SceneArrival {
            /// Attached, arriving as the action says; the feeds subscribed forward the
            /// scene's events, or, once the flow has finished, let their subscriptions go.
            case attached(Machine.AttachAction, forwardsFeeds: Bool)
            /// Feeds were added since the performer read them: these are the feeds now,
            /// with the count of feeds added, for it to subscribe and come back.
            case retry((added: UInt64, feeds: [EventFeed]))
        }

        /// A new event stream's `feed` is added, to be subscribed to every scene attached:
        /// returns their containers, for the performer to subscribe to outside the lock
        /// before the stream is returned; a scene attached later subscribes it before it
        /// shows anything (``attach(_:_:feedsAdded:)``). A finished flow takes no feed:
        /// `nil`, and the stream ends at once.
        mutating func subscribe(_ feed: EventFeed) -> [(AuthSceneID, FlowContainer<Screen>)]? {
            guard !calls.isFinished else { return nil }
            feeds.add(feed)
            return calls.scenes.map { ($0.id, $0.scene.container) }
        }

        /// The stream of `feed` ended: its feed is fed no more.
        mutating func unsubscribe(_ feed: EventFeed) {
            feeds.remove(feed)
        }

        // MARK: - Intents

        /// An intent is opened (``IntentStateMachine/open(_:session:scene:waiter:)``).
        mutating func openIntent(
            _ intent: Provider.Intent,
            session: Session?,
            scene: AuthSceneID?,
            waiter: AuthIntentHandle
        ) -> (id: IntentMachine.ID, action: IntentMachine.Action) {
            intents.open(intent, session: session, scene: scene, waiter: waiter)
        }

        /// What a call made returns: its action and launch, and what the intents and the
        /// services must do (``makeCall(_:joiner:when:launching:)``).
        typealias MadeCall = (
            action: Machine.CallAction, launched: Machine.Launch?, intents: IntentMachine.Action?,
            services: ServicesAction?
        )

        /// The login an intent opened with `switching` asks for: of `session` (the intent's
        /// too), decided against `phase`, the phase the newest call asked for when the
        /// performer read it, whose account the provider said is `session`'s or not
        /// (`sameAccount`, asked outside the lock); `joiner` hears its result.
        struct SwitchingLogin {
            var session: Session
            var phase: AuthPhase<Session>?
            var sameAccount: Bool
            var joiner: AuthOutcome
        }

        /// What ``openIntent(_:scene:waiter:switching:)`` answered.
        enum IntentOpening {
            /// The newest call asked for another phase since the performer read it: the
            /// phase now, for the provider to be asked again and the performer to come back.
            case retry(AuthPhase<Session>?)
            /// The intent is opened as `id`, after the login made first in the same step,
            /// if any.
            case opened(id: IntentMachine.ID, action: IntentMachine.Action, login: MadeCall?)
        }

        /// Opens `intent`, with the switching login first in the same step: the login is
        /// made (as ``makeCall(_:joiner:when:launching:)`` with the condition
        /// ``AuthStateMachine/allowsSwitchingLogin``) unless the provider said the newest
        /// call asked for that account already, then the intent opens right after it, so
        /// that no call comes between them. `.retry` if the newest call asked for another
        /// phase than the one the provider was asked about.
        mutating func openIntent(
            _ intent: Provider.Intent,
            scene: AuthSceneID?,
            waiter: AuthIntentHandle,
            switching login: SwitchingLogin
        ) -> IntentOpening {
            guard calls.requestedPhase == login.phase else { return .retry(calls.requestedPhase) }
            // The intent opens while the login is on its way, so it waits for that login's
            // child rather than meeting the session shown now. Never past a lock: the
            // condition refuses the switch while locked or covered, and the intent then
            // waits for the unlock. None for the account the newest call asked for: a
            // session of it known from before a refresh would put a stale token back.
            let made =
                login.sameAccount
                ? nil
                : makeCall(
                    .login(login.session),
                    joiner: login.joiner,
                    when: { $0.allowsSwitchingLogin },
                    // A login has nothing to run first: it launches as it is stamped.
                    launching: Launching(animation: nil)
                )
            let (id, action) = intents.open(intent, session: login.session, scene: scene, waiter: waiter)
            return .opened(id: id, action: action, login: made)
        }

        /// The opener of intent `id` withdrew it.
        mutating func withdrawIntent(_ id: IntentMachine.ID) -> IntentMachine.Action {
            intents.withdraw(id)
        }

        /// Intent `id`'s expiry came.
        mutating func intentExpired(_ id: IntentMachine.ID) -> IntentMachine.Action {
            intents.expired(id)
        }

        /// The app reports that scene `id` became active.
        mutating func sceneActivated(_ id: AuthSceneID) -> IntentMachine.Action {
            intents.activated(id)
        }

        /// The delivery decided as `decision` is about to hand its intent to its child;
        /// `false` if it was taken back meanwhile, even if decided again since
        /// (``IntentStateMachine/deliveryStarting(_:)``).
        mutating func deliveryStarting(_ decision: IntentMachine.Decision) -> Bool {
            intents.deliveryStarting(decision)
        }

        /// The delivery of intent `id` has returned.
        mutating func deliveryEnded(_ id: IntentMachine.ID) -> IntentMachine.Action {
            intents.deliveryEnded(id)
        }

        /// The flow goes without ``AuthFlow/finish()``: the intents held are dropped as
        /// finished, so that their openers never wait forever.
        mutating func dropIntents() -> IntentMachine.Action {
            intents.finish()
        }

        /// Scene `id` detaches: calls no longer run in it, the intents drop what named it,
        /// and, if it was the last scene attached, the flow's phase is read from it from
        /// now on (``shownScene``), in one step. Returns what the intents must do, and the
        /// newest call's factories in the scene, to cancel.
        mutating func detach(_ id: AuthSceneID) -> (IntentMachine.Action, cancelBuilds: [Task<Child, Never>]) {
            let (scene, cancelBuilds) = calls.detach(id)
            if let scene, calls.scenes.isEmpty {
                feeds.lastDetached(scene)
            }
            return (intents.detached(id), cancelBuilds)
        }

        /// A factory of call `stamp` has started in scene `scene` as `handle`: the calls'
        /// machine keeps it, or says to cancel it
        /// (``AuthStateMachine/buildStarted(_:in:_:)``).
        mutating func buildStarted(
            _ stamp: Machine.Stamp,
            in scene: AuthSceneID,
            _ handle: Task<Child, Never>
        ) -> Machine.BuildAction {
            calls.buildStarted(stamp, in: scene, handle)
        }

        /// The scene whose child the flow's phase reads: the first attached, else the last
        /// detached.
        var shownScene: AuthScene<Provider> {
            calls.scenes.first?.scene ?? feeds.lastDetached
        }

        /// Call `stamp` ended in its scenes with `results`, each scene showing its screen
        /// in `shown` (read once its request returned; empty for a provider without
        /// intents): the calls' machine merges the results and ends the call or follows it
        /// up (``AuthStateMachine/end(_:_:followingUp:)``), and, once it ended, the intents
        /// hear what each scene shows (``settle(_:shown:)``), in the same step.
        mutating func end(
            _ stamp: Machine.Stamp,
            _ results: some Collection<(id: AuthSceneID, result: TransitionResult)>,
            followingUp: Bool,
            shown: [(id: AuthSceneID, screen: Screen)]
        ) -> (Machine.EndingAction, [IntentMachine.Action]) {
            let ending = calls.end(stamp, results, followingUp: followingUp)
            guard case .done = ending else { return (ending, []) }
            return (ending, settle(stamp, shown: shown))
        }

        /// The intents hear what each scene in `shown` shows now that its request for call
        /// `stamp` has returned: a child of the session the flow is in, with no call made
        /// since, is ready for the session's intents; the newest call's outcome in no
        /// session ends the intents' wait for it; a superseded call's screen tells them
        /// nothing (``AuthStateMachine/settled(after:shown:epoch:)``).
        mutating func settle(
            _ stamp: Machine.Stamp,
            shown: [(id: AuthSceneID, screen: Screen)]
        ) -> [IntentMachine.Action] {
            shown.map { id, screen in
                switch calls.settled(after: stamp, shown: screen.place, epoch: screen.sessionEpoch) {
                case .inSession(let session): intents.sceneShows(id, session: session, child: screen.child)
                case .outOfSession: intents.sceneSettled(id)
                case .superseded: IntentMachine.Action()
                }
            }
        }

        /// One step of ``AuthFlow/finish()``; each begins once the one before has ended.
        enum FinishStep {
            /// The intents held or on their way are dropped as finished.
            case dropIntents(IntentMachine.Action)
            /// The services hear that the flow left its session: a factory waiting for a
            /// session's services is refused, so that no scene's transition waits for
            /// services while its container finishes.
            case refuseServices(ServicesAction)
            /// The factories still building are cancelled: their children would be dropped.
            case cancelFactories([Task<Child, Never>])
            /// The scenes' containers finish, together; each lets go of a child a cover kept.
            case finishScenes([(id: AuthSceneID, scene: AuthScene<Provider>)])
            /// The event streams end, after their scenes' last events (a detached scene's too).
            case endFeeds([EventFeed])
            /// The factories of requests a newer one overtook return; their services are
            /// released only then.
            case waitForOvertakenFactories
            /// The services are torn down, the finished scenes' included.
            case finishServices([AuthSceneID])
        }

        /// The flow finishes: every part ends in this one step, and the steps returned say
        /// what to do, in order. Calling it again gives the same steps for the scenes still
        /// attached, and nothing for the intents and the feeds that ended already.
        mutating func finish() -> [FinishStep] {
            let (scenes, cancelBuilds) = calls.finish()
            var steps: [FinishStep] = [.dropIntents(intents.finish())]
            if Provider.hasServices {
                steps.append(.refuseServices(services.sessionChanged(to: nil)))
            }
            steps += [
                .cancelFactories(cancelBuilds), .finishScenes(scenes), .endFeeds(feeds.finish()),
                .waitForOvertakenFactories,
            ]
            if Provider.hasServices {
                steps.append(.finishServices(scenes.map { $0.id }))
            }
            return steps
        }
    }
}
