// The performer: `AuthFlow`'s side of every input to its `AuthStateMachine`. It stamps
// calls, asks the provider, runs each call in every scene's container, and resumes joined
// logouts, exactly as the machine's actions say; `SessionServices` performs the services'.

extension AuthFlow {
    /// How a call took its place.
    enum Stamped {
        /// It goes on with this stamp; launched already if it was stamped with a launch.
        case stamp(Machine.Stamp, Machine.Launch?)
        /// It ends at once with this result.
        case resolved(AuthResult)
    }

    /// Gives the machine one input under its lock and returns its action. If the machine
    /// says the flow moved to another session (or out of one), the services machine hears it
    /// in the same step, so that the changes reach it in the order they happened.
    func decide<Action>(_ input: (inout Machine) -> Action) -> Action {
        let (action, servicesAction) = core.withLock { $0.decide(input) }
        if let servicesAction { services?.perform(servicesAction) }
        return action
    }

    /// Makes `call` and returns its result: it runs in every scene with its stamp, joins
    /// a call on its way and returns that call's verdict on it, or ends at once. The call is
    /// stamped or joins in the same step that registers its outcome, so that a joined call
    /// cannot miss its result. `preparing` runs only for a call that runs on its own.
    func place(
        _ call: Machine.Call,
        animation: TransitionAnimation?,
        preparing: (@Sendable () async -> Void)? = nil
    ) async -> AuthResult {
        let outcome = AuthOutcome()
        let launching =
            Machine.launchesWhenStamped(call, preparing: preparing != nil) ? Launching(animation: animation) : nil
        let (action, launched) = makeCall(call, joiner: outcome, launching: launching)
        switch action {
        case .joined:
            return await outcome.valueIgnoringCancellation
        case .proceed(let stamp, let cancelBuilds):
            for build in cancelBuilds { build.cancel() }
            return await run(stamp, call, animation: animation, preparing: preparing, launched: launched)
        case .resolve(let result):
            return result
        }
    }

    /// A call to launch in the step that stamps it, with the caller's animation (`nil`: the
    /// configured one the machine chooses).
    struct Launching {
        let animation: TransitionAnimation?
    }

    /// Stamps `call`; with `condition`, only if it holds in the same step; with `launching`,
    /// launches it in the same step too.
    func stampCall(
        _ call: Machine.Call,
        when condition: ((Machine) -> Bool)? = nil,
        launching: Launching? = nil
    ) -> Stamped {
        let (action, launched) = makeCall(call, joiner: nil, when: condition, launching: launching)
        switch action {
        case .proceed(let stamp, let cancelBuilds):
            for build in cancelBuilds { build.cancel() }
            return .stamp(stamp, launched)
        case .resolve(let result):
            return .resolved(result)
        case .joined:
            preconditionFailure("Internal inconsistency: a call without a joiner joined")
        }
    }

    /// A call takes its place in call order, and the intents hear it in the same step.
    /// With `condition`, the call is made only if it holds in the same step; otherwise it
    /// resolves as unchanged and takes no place. With `launching`, a call that goes on is
    /// launched in the same step too: its animation chosen, its scenes fanned out and its
    /// route decided, the services told if that moved the flow's session.
    func makeCall(
        _ call: Machine.Call,
        joiner: AuthOutcome?,
        when condition: ((Machine) -> Bool)? = nil,
        launching: Launching? = nil
    ) -> (action: Machine.CallAction, launched: Machine.Launch?) {
        perform(core.withLock { $0.makeCall(call, joiner: joiner, when: condition, launching: launching) })
    }

    /// Performs what the intents and the services must do for a call made as `made`, and
    /// returns its action and launch.
    func perform(_ made: AuthCore.MadeCall) -> (action: Machine.CallAction, launched: Machine.Launch?) {
        if let intentAction = made.intents { performIntents(intentAction) }
        if let servicesAction = made.services { services?.perform(servicesAction) }
        return (made.action, made.launched)
    }

    typealias ServicesAction = SessionServices<Session, Provider.Services>.Machine.Action

    /// Runs call `stamp` in every scene and ends it: the joined logouts hear its result.
    /// `preparing`, if given, runs first; a start then asks the provider where it lands. `animation` is the caller's; `nil`
    /// takes the configured one the machine chooses.
    func run(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        animation: TransitionAnimation?,
        preparing: (@Sendable () async -> Void)? = nil,
        launched: Machine.Launch? = nil
    ) async -> AuthResult {
        trace(.callBegan(number: stamp, name: Self.traceName(of: call)))
        // The app's own work before the call shows anything (an unlock's data clearing); a
        // call made meanwhile beats this one, as always. An unlock with nothing to unlock
        // runs none.
        if let preparing, core.withLock({ $0.calls.movesPlace(stamp) }) {
            trace(.workBegan(number: stamp, scene: scene.id, work: .preparation))
            await preparing()
            trace(.workEnded(number: stamp, scene: scene.id, work: .preparation))
        }
        if case .start = call {
            let answer = await provider.initialState()
            decide { $0.startAnswered(stamp, answer) }
        }
        // One step, unless the call was launched as it was stamped: the animation the call
        // takes (if its caller named none), where it runs, and how.
        let launched = launched ?? decide { $0.launch(stamp, call, animation: animation) }
        let end: Machine.EndAction
        switch launched.fanOut {
        case .resolved(let result):
            end = decide { $0.callEnded(stamp, result: result) }
        case .run(let scenes):
            end = await run(stamp, call, launched.route, in: scenes, animation: launched.animation)
        }
        for joiner in end.joiners {
            joiner.resolve(end.result)
        }
        for joined in end.guards {
            joined.joiner.resolve(joined.result)
        }
        trace(.callEnded(number: stamp, result: "\(end.result)"))
        return end.result
    }

    /// Records `event` if the flow has a tracer; builds it only then.
    func trace(_ event: @autoclosure () -> FlowTraceEvent) {
        tracer?.record(event())
    }

    /// A call as a trace names it: `login(ann)`, `logout(signedOut)`.
    static func traceName(of call: Machine.Call) -> String {
        switch call {
        case .start: return "start"
        case .login(let session): return "login(\(session))"
        case .logout(let variant): return "logout(\(variant))"
        case .refresh(let session): return session.map { "refresh(\($0))" } ?? "refresh"
        case .lock(.privacy): return "cover"
        case .lock: return "lock"
        case .unlock: return "unlock"
        case .uncover: return "uncover"
        }
    }

    /// Runs call `stamp` in `scenes` (the first in the caller's task, the others in child
    /// tasks), follows up where the machine says, and ends the call.
    private func run(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        _ route: Machine.Route,
        in scenes: [(id: AuthSceneID, scene: AuthScene<Provider>)],
        animation: TransitionAnimation
    ) async -> Machine.EndAction {
        if scenes.count == 1 {
            // One scene, the common case: no task and no array of results.
            let result = await switchTo(stamp, call, route, in: scenes[0].scene, animation: animation)
            return await settle(
                stamp,
                call,
                route,
                CollectionOfOne((scenes[0].id, result)),
                in: scenes,
                animation: animation
            )
        }
        let results = await withTaskGroup(of: (id: AuthSceneID, result: TransitionResult).self) { group in
            for (id, scene) in scenes.dropFirst() {
                group.addTask { (id, await self.switchTo(stamp, call, route, in: scene, animation: animation)) }
            }
            var results = [
                (scenes[0].id, await switchTo(stamp, call, route, in: scenes[0].scene, animation: animation))
            ]
            for await result in group {
                results.append(result)
            }
            return results
        }
        return await settle(stamp, call, route, results, in: scenes, animation: animation)
    }

    /// Ends call `stamp` across its scenes: follows it up in the scenes the machine names,
    /// or ends the call with the machine's merged result, the intents hearing what each
    /// scene shows in that same step. The caller resumes the call's joiners.
    private func settle(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        _ route: Machine.Route,
        _ results: some Collection<(id: AuthSceneID, result: TransitionResult)>,
        in scenes: [(id: AuthSceneID, scene: AuthScene<Provider>)],
        animation: TransitionAnimation
    ) async -> Machine.EndAction {
        var shown = await shownScreens(scenes.lazy.map { $0.scene })
        let (ending, intentActions) = core.withLock { $0.end(stamp, results, followingUp: false, shown: shown) }
        switch ending {
        case .done(let end):
            intentActions.forEach(performIntents)
            return end
        case .followUp(let lagging):
            // The machine's reason: the call began in another scene, so it must reach these
            // too; tasks of their own keep the caller's cancellation from them.
            let tasks = lagging.map { id, scene in
                (
                    id,
                    Task.explorable("follow-up") {
                        await self.switchTo(stamp, call, route, in: scene, animation: animation)
                    }
                )
            }
            var final = Array(results)
            for (id, task) in tasks {
                let result = await task.value
                final = final.map { $0.id == id ? (id, result) : $0 }
            }
            shown = await shownScreens(scenes.lazy.map { $0.scene })
            let (ending, intentActions) = core.withLock { $0.end(stamp, final, followingUp: true, shown: shown) }
            guard case .done(let end) = ending else {
                preconditionFailure("Internal inconsistency: a follow-up was followed up")
            }
            intentActions.forEach(performIntents)
            return end
        }
    }

    /// Runs call `stamp` in `scene` as its `route` says: straight to its transition, or
    /// first releasing the session shown. Returns the container's result.
    func switchTo(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        _ route: Machine.Route,
        in scene: AuthScene<Provider>,
        animation: TransitionAnimation
    ) async -> TransitionResult {
        switch route.release {
        case .none:
            return await cycle(stamp, call, route, in: scene, animation: animation)
        case .first(let departure):
            let released = await releaseSession(stamp, call, route, departure, in: scene)
            switch route.afterRelease(released) {
            case .cycle:
                // A caller cancelled meanwhile is followed up (`settle`).
                return await cycle(stamp, call, route, in: scene, animation: animation)
            case .end(let result):
                return result
            }
        }
    }

    /// Asks `scene`'s container for call `stamp`'s child, admitted while the call is the
    /// newest, under the policy of the call's `route`.
    private func cycle(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        _ route: Machine.Route,
        in scene: AuthScene<Provider>,
        animation: TransitionAnimation
    ) async -> TransitionResult {
        guard await scene.passGate(stamp) else { return beatenAtGate(stamp, in: scene) }
        // The call's request in this container: its plan, whether its factory builds (the
        // machine's fact for ``FlowAdmissionPoint/overtaken``), the services it holds,
        // whether it was overtaken.
        let sceneRun = LockedValue(AuthSceneRunMachine<Machine.Plan>(), role: .leaf)
        let container = scene.container
        let result = await container.cycle(
            animation: animation,
            policy: route.policy,
            admission: { [self] point, current in
                // The provider's answer, and the factory's progress, are read before the
                // machine's lock is taken: no user code and no other lock under it.
                let same = Self.isSameAccount(call, current.place, provider: provider)
                let building = point == .overtaken && sceneRun.withLock { $0.isBuilding }
                let (action, plan) = decide {
                    $0.admitAndPlan(
                        stamp,
                        call,
                        at: point,
                        current: current.place,
                        currentEpoch: current.sessionEpoch,
                        building: building,
                        sameAccount: { _, _ in same }
                    )
                }
                let admitted = action == .admit
                trace(.admission(number: stamp, scene: scene.id, point: "\(point)", admitted: admitted))
                answered(admitted, at: point, beginning: plan, sceneRun)
                return admitted
            },
            arrived: { scene.arrived(stamp) },
            to: { [self] in await makeScreen(stamp, in: scene, sceneRun: sceneRun) }
        )
        factoryReturned(sceneRun)
        if route.releasesCoveredChild(after: result) {
            // The scene lets go of a child an older lock kept, and keeps one a newer lock
            // kept since.
            if let owed = scene.releaseCovered(keptBefore: stamp) {
                // Not awaited: the hooks are app code, which may make a call that joins
                // this one.
                Task.explorable("disappear hooks") { await owed.disappear() }
            }
        }
        return result
    }

    /// The factory of call `stamp`'s request in `scene`: follows the plan the call began
    /// with (`sceneRun`): shows a covered child again, keeps the child a cover hides, lets the
    /// outgoing child prepare, waits the delay, then builds the child (or the switching
    /// placeholder, for a call superseded meanwhile), recording in `sceneRun` the services
    /// it holds.
    private func makeScreen(
        _ stamp: Machine.Stamp,
        in scene: AuthScene<Provider>,
        sceneRun: LockedValue<AuthSceneRunMachine<Machine.Plan>>
    ) async -> Screen {
        let current = await scene.container.child
        // The container runs a factory only after the call's admission at its start.
        guard let plan = sceneRun.withLock({ $0.plan }) else {
            preconditionFailure("Internal inconsistency: a factory ran before its call began")
        }
        if plan.coveredChild == .shownAgain, let covered = scene.covered(ofEpoch: plan.epoch) {
            // The child the lock hid, shown again as it was: a new screen of it.
            return screen(
                plan.place,
                covered.child,
                plan.origin,
                plan.epoch,
                scene,
                stamp: stamp,
                childSerial: covered.childSerial
            )
        }
        if plan.coveredChild == .kept {
            scene.keepCovered(current, ofEpoch: plan.epoch, by: stamp)
        }
        if let departure = plan.departure {
            trace(.workBegan(number: stamp, scene: scene.id, work: .preparation))
            _ = await runWithTimeout(configuration.preparationTimeout, clock: clock) { [provider] in
                await provider.prepareToLeave(current.child, for: departure)
            }
            trace(.workEnded(number: stamp, scene: scene.id, work: .preparation))
        }
        if let delay = plan.delay {
            try? await clock.sleep(for: delay)
        }
        sceneRun.withLock { $0.build() }
        if case .switchingPlaceholder = core.withLock({ $0.calls.factoryWork(stamp) }) {
            let placeholder = await provider.makeSwitchingPlaceholder(in: scene.id)
            return screen(
                plan.place,
                placeholder,
                plan.origin,
                plan.epoch,
                scene,
                stamp: stamp
            )
        }
        let build = Task.explorable("child build") { [self] in
            await makeChild(plan.place, plan.origin, plan.epoch, scene.id, sceneRun)
        }
        trace(.workBegan(number: stamp, scene: scene.id, work: .child))
        if case .cancel(let handle) = core.withLock({ $0.buildStarted(stamp, in: scene.id, build) }) {
            handle.cancel()
        }
        let child = await build.value
        trace(.workEnded(number: stamp, scene: scene.id, work: .child))
        return screen(plan.place, child, plan.origin, plan.epoch, scene, stamp: stamp)
    }

    /// Call `stamp` was beaten at `scene`'s arrival gate: a newer call reached it, and the
    /// container would refuse this one on arrival. Returns the machine's result for it.
    private func beatenAtGate(_ stamp: Machine.Stamp, in scene: AuthScene<Provider>) -> TransitionResult {
        trace(.admission(number: stamp, scene: scene.id, point: "gate", admitted: false))
        return core.withLock { $0.calls.beatenAtGate(callerCancelled: Task.isCancelled) }
    }

    /// Makes the provider's child of the screen at `place` for scene `scene`; a logged-in
    /// child with the services of session epoch `epoch`, recorded in `sceneRun`, whose
    /// return lets them go (``factoryReturned(_:)``). What it builds once the services
    /// answered is the scene run's answer (``AuthSceneRunMachine/servicesAnswered(_:of:)``):
    /// for services refused, the switching placeholder.
    func makeChild(
        _ place: AuthPlace<Session>,
        _ origin: AuthCall,
        _ epoch: UInt64?,
        _ scene: AuthSceneID,
        _ sceneRun: LockedValue<AuthSceneRunMachine<Machine.Plan>>
    ) async -> Child {
        switch place {
        case .loggedIn(let session), .switching(from: let session):
            // The core asks for a session's child only with the session's epoch: a plan and
            // a placement take the flow's, which it has exactly while a session lives (the
            // place machine's state enum).
            guard let epoch else {
                preconditionFailure("Internal inconsistency: a session's child was asked for with no session epoch")
            }
            let sessionServices: Provider.Services
            if let services {
                let made = await services.services(for: epoch, session)
                switch sceneRun.withLock({ $0.servicesAnswered(made, of: epoch) }) {
                case .sessionChild(let made): sessionServices = made
                case .switchingPlaceholder: return await provider.makeSwitchingPlaceholder(in: scene)
                }
            } else if let none = Self.noServices {
                sessionServices = none
            } else {
                preconditionFailure("Internal inconsistency: a provider with services and no services performer")
            }
            let context = AuthLoggedInContext(session: session, call: origin, scene: scene, services: sessionServices)
            return await provider.makeLoggedInChild(context)
        case .covered(let session):
            return await provider.makePrivacyCover(AuthCoverContext(session: session, scene: scene))
        case .locked(let session, _):
            return await provider.makeLockScreen(AuthCoverContext(session: session, scene: scene))
        case .loggedOut(let variant):
            return await provider.makeLoggedOutChild(AuthLoggedOutContext(variant: variant, scene: scene))
        case .splash:
            // The core never asks for a child there: no plan is at the splash, and a scene is
            // never placed at it (it waits for a call instead); the calls' machine's fuzzer
            // checks both against its model.
            preconditionFailure("Internal inconsistency: a child was asked for at the splash")
        }
    }

    /// The container's admission of the request of `sceneRun` at `point` answered
    /// `admitted`, beginning its call with `plan` if given: the scene run hears both in one
    /// step, and says whether a newer request overtook it while its factory built (then the
    /// factory runs on, and ``finish()`` waits for it).
    func answered(
        _ admitted: Bool,
        at point: FlowAdmissionPoint,
        beginning plan: Machine.Plan? = nil,
        _ sceneRun: LockedValue<AuthSceneRunMachine<Machine.Plan>>
    ) {
        let overtaken = sceneRun.withLock { run in
            if let plan { _ = run.begin(plan) }
            return run.answered(admitted, at: point)
        }
        if overtaken {
            overtakenFactories.begin()
        }
    }

    /// The request of `sceneRun` has returned from its container, its factory too: the
    /// services the factory took are let go, and ``finish()`` stops waiting for a factory a
    /// newer request overtook.
    func factoryReturned(_ sceneRun: LockedValue<AuthSceneRunMachine<Machine.Plan>>) {
        let held = sceneRun.withLock { $0.returned() }
        if let epoch = held.services {
            services?.factoryEnded(epoch)
        }
        if held.endsOvertaken {
            overtakenFactories.end()
        }
    }

    /// The services value of a provider without services.
    static var noServices: Provider.Services? { () as? Provider.Services }

    /// The screen of a child the flow made for scene `scene`, standing at `place`; of session
    /// epoch `epoch` (a logged-in child's session, or the one a cover lock screen keeps).
    func screen(
        _ place: AuthPlace<Session>,
        _ child: Child,
        _ origin: AuthCall?,
        _ epoch: UInt64?,
        _ scene: AuthScene<Provider>,
        stamp: Machine.Stamp?,
        childSerial: UInt64? = nil
    ) -> Screen {
        Screen(
            place: place,
            child: child,
            call: origin,
            stamp: stamp,
            inSession: epoch.map { Screen.InSession(epoch: $0, coverMark: scene.coverMark) },
            owner: owner(of: scene.id),
            childSerial: childSerial
                ?? builtChildren.withLock { count in
                    count += 1
                    return count
                }
        )
    }

    /// Who tells the services which session scene `scene` shows; `nil` without services.
    func owner(of scene: AuthSceneID) -> AuthScreenOwner? {
        guard let services else { return nil }
        return AuthScreenOwner(scene: scene) { [weak services] scene, epoch in
            services?.sceneShows(scene, epoch)
        }
    }

    /// The provider's answer for the accounts the machine says `call` compares in a scene
    /// showing `current` (``AuthStateMachine/accountsToCompare(_:_:)``); `false` when it
    /// compares none.
    static func isSameAccount(_ call: Machine.Call, _ current: AuthPlace<Session>, provider: Provider) -> Bool {
        Machine.accountsToCompare(call, current).map { provider.isSameAccount($0.asked, as: $0.shown) } ?? false
    }

    /// Before a login for another session, or a refresh, prepares the old session's
    /// child to leave and shows the switching placeholder in its stead, so that it is
    /// released before the new child is built (with ``AuthFlowConfiguration/releasesSessionBeforeSwitch``,
    /// or with session services). `superseded` means there was nothing to release, or a
    /// newer call superseded this one. It runs under the policy of the call's `route`; the child shown
    /// prepares for `departure`.
    private func releaseSession(
        _ stamp: Machine.Stamp,
        _ call: Machine.Call,
        _ route: Machine.Route,
        _ departure: AuthDeparture,
        in scene: AuthScene<Provider>
    ) async
        -> TransitionResult
    {
        let container = scene.container
        guard await scene.passGate(stamp) else { return beatenAtGate(stamp, in: scene) }
        return await container.cycle(
            animation: .immediate,
            policy: route.policy,
            admission: { [self] point, current in
                let same = Self.isSameAccount(call, current.place, provider: provider)
                return decide {
                    $0.admitRelease(
                        stamp,
                        call,
                        at: point,
                        current: current.place,
                        currentEpoch: current.sessionEpoch,
                        releasesSessionBeforeSwitch: configuration.releasesSessionBeforeSwitch,
                        sameAccount: { _, _ in same }
                    )
                }
            },
            arrived: { scene.arrived(stamp) },
            to: { [self] in
                let current = await container.child
                trace(.workBegan(number: stamp, scene: scene.id, work: .preparation))
                _ = await runWithTimeout(configuration.preparationTimeout, clock: clock) { [provider] in
                    await provider.prepareToLeave(current.child, for: departure)
                }
                trace(.workEnded(number: stamp, scene: scene.id, work: .preparation))
                // The session is still the old one while its child is released.
                return Screen(
                    place: Machine.switchingPlace(replacing: current.place),
                    child: await provider.makeSwitchingPlaceholder(in: scene.id),
                    call: nil,
                    owner: owner(of: scene.id)
                )
            }
        )
    }
}

/// How many children every flow has built: each built child's screen takes the next
/// number (``AuthScreen/childSerial``).
private let builtChildren = LockedValue<UInt64>(0)
