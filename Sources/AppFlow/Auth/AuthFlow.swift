/// Login and logout on a ``FlowContainer``: AppController's pattern, race-free.
///
/// A provider supplies the logged-out and logged-in children (built only when their
/// transition starts) and the configuration of each direction. ``start(animation:)``
/// replaces the splash child with the initial state; ``login(_:animation:)``,
/// ``logout(_:animation:)`` and ``refresh(_:animation:)`` switch and return an
/// ``AuthResult``; ``events(bufferingPolicy:)`` delivers AppController's will/did
/// login/logout handlers to any number of observers.
///
/// ## Call order decides
/// Every call takes its place in call order the moment it is made, before it reaches any
/// actor, and the last call decides the final state, whatever order the calls reach the
/// container in. A call superseded by a later call returns ``AuthResult/superseded``.
///
/// ## The security invariant
/// From the moment ``logout(_:animation:)`` is *called*, no logged-in child of a login
/// (or refresh) called before it is shown or announced. If that login's child is being
/// made, its factory's task is cancelled, and whatever the factory returns is dropped
/// before `willTransition`: no event, result ``AuthResult/superseded``, and the child
/// released. The same holds for a login superseded by a later login or refresh. One
/// logout never supersedes another: a logout called while one of the same variant is on
/// its way, with no other call in between, joins it and returns its result.
///
/// ## Scenes and session services
/// The flow is the state all windows share; each window is an ``AuthScene`` with its own
/// container and children (``scene``, ``attachScene(placeholder:stage:)``,
/// ``detach(_:)``). Every call runs in every attached scene and returns once each has
/// shown its outcome. ``events(bufferingPolicy:)`` and ``phase`` belong to the flow: any
/// scene may be detached, the first included, and they go on. A provider that declares ``AuthFlowProvider/Services`` gets them
/// made once per session and torn down after the session's last child has gone. See
/// <doc:Flows>.
///
/// ## Overlap
/// The default policy is latest-wins. A login with the session already shown, a logout
/// to the variant shown, or a refresh while not logged in returns
/// ``AuthResult/unchanged`` and builds nothing.
public final class AuthFlow<Provider: AuthFlowProvider>: Sendable {
    /// The session type.
    public typealias Session = Provider.Session
    /// The child type.
    public typealias Child = Provider.Child
    /// What the container holds.
    public typealias Screen = AuthScreen<Session, Child>

    /// The container of ``scene``, the scene the flow was made with: use it for a stage, a
    /// ``FlowModel``, or a `hop` within a phase (onboarding inside the logged-in phase, say).
    /// After ``detach(_:)`` of that scene it is finished, and the flow goes on in the others.
    public var container: FlowContainer<Screen> { scene.container }
    /// The scene the flow was made with, showing on `stage`.
    public let scene: AuthScene<Provider>
    let provider: Provider
    let configuration: AuthFlowConfiguration
    /// The clock the flow's animations, delays and timeouts run on, as given to the
    /// initialiser: what a host of one more scene times its own waits on.
    public let clock: any Clock<Duration>
    /// Every decision of the flow, under its one lock (``AuthCore``): the calls' machine,
    /// the intents', the services' and the event feeds.
    let core: LockedValue<Core>
    /// The session services, if the provider declares them.
    let services: SessionServices<Session, Provider.Services>?
    /// Where the flow records what it does; `nil` records nothing.
    let tracer: (any FlowTracer)?
    /// The factories of calls a newer call overtook: no container waits for them, so
    /// ``finish()`` does.
    let overtakenFactories = WorkInFlight()

    typealias Core = AuthCore
    typealias Machine = AuthStateMachine<Session, AuthOutcome, Task<Child, Never>, AuthScene<Provider>>
    typealias EventFeeds = AuthEventFeeds<Screen, AuthScene<Provider>>
    typealias IntentMachine = IntentStateMachine<Session, Provider.Intent, Child, AuthIntentHandle>
    typealias EventFeed = AuthEventFeed<Screen>

    /// Creates a flow showing `splash` until ``start(animation:)``.
    ///
    /// - Parameters:
    ///   - provider: Supplies children and configuration.
    ///   - splash: The child shown first, as in `AppFlowCoordinator.start(with:)`; any
    ///     placeholder will do.
    ///   - stage: Where children are shown; `nil` runs headless.
    ///   - clock: The clock for animations, delays and the preparation timeout.
    ///   - tracer: Where the flow records its calls, their admissions, child builds,
    ///     preparations and results, and every scene's transitions (a
    ///     ``FlowTraceRecorder``); `nil`, the default, records nothing.
    public init(
        provider: Provider,
        splash: Child,
        stage: (any FlowStage<Screen>)? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        tracer: (any FlowTracer)? = nil
    ) {
        self.provider = provider
        self.tracer = tracer
        let configuration = provider.configuration
        self.configuration = configuration
        self.clock = clock
        var machine = Machine(configuration: configuration, hasServices: Provider.hasServices)
        let id = machine.reserveScene()
        let scene = Self.makeScene(id, splash: splash, stage: stage, configuration: configuration, clock: clock)
        // No call can have been made yet: the first scene waits for `start()`.
        _ = machine.attach(id, scene)
        var intents = IntentMachine(
            capacity: configuration.maxHeldIntents,
            expiry: configuration.intentExpiry
        ) { provider.isSameAccount($0, as: $1) }
        intents.attached(id)
        let core = LockedValue(
            Core(calls: machine, intents: intents, services: .init(), feeds: EventFeeds(first: scene)),
            role: .outermost
        )
        self.core = core
        let services =
            Provider.hasServices
            ? SessionServices<Session, Provider.Services>(
                machine: Core.servicesPart(of: core),
                make: { await provider.makeServices(for: $0) },
                tearDown: { await provider.tearDown($0, of: $1) },
                timedOut: { provider.servicesTeardownTimedOut(for: $0) },
                timeout: configuration.servicesTeardownTimeout,
                clock: clock
            ) : nil
        self.services = services
        self.scene = scene
        traceTransitions(of: scene)
    }

    /// Creates a flow that records no trace; as
    /// ``init(provider:splash:stage:clock:tracer:)`` with no tracer. Kept so that code
    /// written before tracing, which may name this initializer, compiles unchanged; a call
    /// that both initializers accept takes the one with a tracer.
    @_disfavoredOverload
    public convenience init(
        provider: Provider,
        splash: Child,
        stage: (any FlowStage<Screen>)? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(provider: provider, splash: splash, stage: stage, clock: clock, tracer: nil)
    }

    /// Intents still held when the flow goes are dropped as finished: their openers never
    /// wait forever.
    deinit {
        for (waiter, result) in core.withLock({ $0.dropIntents() }).resolve {
            waiter.resolve(result)
        }
    }

    /// How many calls have been made. A call takes its number, and so its place in call
    /// order, the moment it is made. Calls the flow refused at once, joined and superseded
    /// calls count too: to tell whether anything happened, read ``changeCount``.
    public var callCount: UInt64 {
        core.withLock { $0.calls.callCount }
    }

    /// How many calls have switched what a window shows: each call counts once, when it
    /// returns ``AuthResult/completed`` or ``AuthResult/interrupted``; a call that returns
    /// any other result, and a call that joined another, never counts. It changes before
    /// the call returns; calls made after ``finish()`` return ``AuthResult/cancelled`` and
    /// never count.
    public var changeCount: UInt64 {
        core.withLock { $0.calls.changeCount }
    }

    /// The phase shown now (the destination once a transition has begun), in the first
    /// scene still attached; with none attached, in the last one detached. Any scene may
    /// be detached, the first included: the phase goes on in the others.
    ///
    /// It reads that scene's container's child: it waits for the actor, never for a
    /// transition, and cancellation does not affect it. After ``finish()`` it keeps
    /// returning the last phase shown.
    public var phase: AuthPhase<Session> {
        get async { await shownScene.container.child.phase }
    }

    /// The scene whose child ``phase`` reads: the first attached, else the last detached.
    var shownScene: AuthScene<Provider> {
        core.withLock { $0.shownScene }
    }

    /// The phase the newest call asked for, known the moment that call was made: a
    /// logout called but not yet begun already shows here as ``AuthPhase/loggedOut``, while
    /// ``phase`` still shows the session. `nil` before the first call, and while the newest
    /// call is a `start()` whose provider has not answered. A refresh, and a refresh
    /// refused as unchanged, do not change it; neither does a call's result (a login
    /// superseded by nothing later still asked for its session).
    public var requestedPhase: AuthPhase<Session>? {
        core.withLock { $0.calls.requestedPhase }
    }

    /// The variant of the logged-out child shown now, in the scene ``phase`` reads; `nil`
    /// unless logged out.
    public var logoutVariant: LogoutVariant? {
        get async { await shownScene.container.child.logoutVariant }
    }

    /// Replaces the splash child with the initial state, as ``start(animation:)`` with
    /// the configured start animation.
    @discardableResult
    public func start() async -> AuthResult {
        await start(animation: nil)
    }

    /// Replaces the splash child with the initial state the provider's
    /// ``AuthFlowProvider/initialState()`` names: logged in with a session, or logged out
    /// in a variant (by default, from ``AuthFlowProvider/initialSession()``).
    ///
    /// **Ordering.** Takes its place in call order the moment it is called, before the
    /// provider is asked; a call made after it wins, however long the provider takes.
    /// Observers see its placement flagged ``AuthEvent/isInitial``. A lock, ``cover()``,
    /// unlock or uncover called before it has begun joins it and decides where it lands:
    /// under the privacy cover or on the lock screen, with nothing of the session built.
    ///
    /// **Result.** ``AuthResult/completed`` once its screen (the session's child, the
    /// logged-out child, the lock screen or the privacy cover) is placed in every window;
    /// ``AuthResult/superseded`` if a later call superseded it.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/startAnimation``, else
    /// the animation of its direction.
    ///
    /// **Cancellation and after ``finish()``.** As ``login(_:animation:)``; the provider
    /// is still asked for the session.
    @discardableResult
    public func start(animation: TransitionAnimation?) async -> AuthResult {
        switch stampCall(.start) {
        case .stamp(let stamp, _): return await run(stamp, .start, animation: animation)
        case .resolved(let result): return result
        }
    }

    /// Logs in with `session` with the configured animation; as ``login(_:animation:)``.
    @discardableResult
    public func login(_ session: Session) async -> AuthResult {
        await login(session, animation: nil)
    }

    /// Logs in with `session`.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called. A later call
    /// (a logout, another login, a refresh) supersedes it: from that moment its child is never
    /// shown, and a factory already making it is cancelled.
    ///
    /// **Result.** ``AuthResult/unchanged`` if, when its turn comes, the flow already
    /// shows this session; ``AuthResult/superseded`` if a later call superseded it. The
    /// logged-in child is built only if the transition starts.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/loginAnimation``.
    ///
    /// **Cancellation.** As ``FlowContainer/cycle(to:animation:policy:)``: cancelled
    /// before it starts, it returns ``AuthResult/cancelled``; after, it completes.
    ///
    /// **After ``finish()``.** Returns ``AuthResult/cancelled`` at once.
    @discardableResult
    public func login(_ session: Session, animation: TransitionAnimation? = nil) async -> AuthResult {
        switch stampCall(.login(session), launching: Launching(animation: animation)) {
        case .stamp(let stamp, let launched):
            return await run(stamp, .login(session), animation: animation, launched: launched)
        case .resolved(let result): return result
        }
    }

    /// Logs out to the ``LogoutVariant/signedOut`` state; as ``logout(_:animation:)``.
    @discardableResult
    public func logout() async -> AuthResult {
        await logout(.signedOut, animation: nil)
    }

    /// Logs out to `variant`.
    ///
    /// The moment it is called, every login and refresh called before it is barred from
    /// showing its child, and a logged-in child being made is cancelled. Returns
    /// ``AuthResult/unchanged`` if the flow shows the logged-out child of `variant` when
    /// its turn comes; a logout to another variant while logged out switches.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called. A logout
    /// called while a logout of the same variant is on its way, with no other call in
    /// between, joins it and returns its result: one logout never supersedes another.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/logoutAnimation``.
    ///
    /// **Cancellation.** Cancelling the call that started a logout cancels that logout if
    /// it has not started (the joined calls then return ``AuthResult/cancelled`` too);
    /// cancelling a joined call does not stop the wait. Either way the calls made before
    /// it stay barred. After ``finish()`` it returns ``AuthResult/cancelled`` at once.
    @discardableResult
    public func logout(_ variant: LogoutVariant, animation: TransitionAnimation? = nil) async -> AuthResult {
        await place(.logout(variant), animation: animation)
    }

    /// Rebuilds the logged-in child of the account shown: a feature-flag reload, an updated
    /// profile. `session`, if given, is an updated value of the session shown (a renewed
    /// token) and replaces it; it must belong to the same account, as the provider's
    /// ``AuthFlowProvider/isSameAccount(_:as:)`` says (by default `==`). A refresh never
    /// switches accounts: one for another account returns ``AuthResult/unchanged`` and
    /// builds nothing; switching is ``login(_:animation:)``.
    ///
    /// **Ordering.** A refresh rebuilds what is shown, so it never supersedes a call that
    /// changes what is shown: made while the newest call is a login, a logout or a
    /// `start()` still on its way (called and not yet returned), it returns
    /// ``AuthResult/unchanged`` at once and takes no place in call order. Otherwise it
    /// takes its place like every call: a later call supersedes it, and a later refresh
    /// replaces it. It rebuilds only if the flow is still
    /// logged in with that session when its turn comes; otherwise it returns
    /// ``AuthResult/unchanged``, so a reload never revives a session a logout ended.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/loginAnimation``.
    ///
    /// **Cancellation and after ``finish()``.** As ``login(_:animation:)``.
    @discardableResult
    public func refresh(_ session: Session? = nil, animation: TransitionAnimation? = nil) async -> AuthResult {
        switch stampCall(.refresh(session), launching: Launching(animation: animation)) {
        case .stamp(let stamp, let launched):
            return await run(stamp, .refresh(session), animation: animation, launched: launched)
        case .resolved(let result): return result
        }
    }

    /// Makes a call from synchronous code: it takes its place in call order before this
    /// returns, and its result is awaited later through the handle, or not at all (the
    /// handle may be dropped; the call runs all the same).
    ///
    /// ```swift
    /// let tapped = flow.request(.logout())  // in a button handler: the logout's place is taken
    /// ```
    ///
    /// **Ordering.** The call is stamped (or a logout joins the one on its way) before
    /// `request` returns, so calls made one after another from synchronous code keep that
    /// order, however the tasks that run them are scheduled. Otherwise it behaves exactly
    /// as the async call of the same kind: ``start(animation:)``, ``login(_:animation:)``,
    /// ``logout(_:animation:)``, ``refresh(_:animation:)``, ``lock(_:animation:)`` or
    /// ``unlock(animation:preparing:)``.
    ///
    /// **Priority.** The call's work runs in a task of its own, at the caller's priority.
    ///
    /// **Cancellation.** ``AuthCallHandle/cancel()`` cancels it as cancelling the async
    /// call's task would.
    ///
    /// **After ``finish()``.** The handle's result is ``AuthResult/cancelled``.
    @discardableResult
    public func request(_ request: AuthRequest<Session>, animation: TransitionAnimation? = nil) -> AuthCallHandle {
        let outcome = AuthOutcome()
        let call = Machine.call(for: request, configuration)
        // A logout may join a logout on its way, and a lock, unlock, cover or uncover a
        // start that has not begun; the machine decides.
        let made = makeCall(call, joiner: outcome, launching: Self.launching(call, animation: animation))
        return runRequested(call, made, outcome: outcome, animation: animation)
    }

    /// How a requested `call` launches: in the step that stamps it if it has nothing to run
    /// first, as the async methods' calls do.
    static func launching(_ call: Machine.Call, animation: TransitionAnimation?) -> Launching? {
        Machine.launchesWhenStamped(call, preparing: false) ? Launching(animation: animation) : nil
    }

    /// Runs requested `call`, made as `made` says, in a task of its own that resolves
    /// `outcome`, the returned handle's.
    func runRequested(
        _ call: Machine.Call,
        _ made: (action: Machine.CallAction, launched: Machine.Launch?),
        outcome: AuthOutcome,
        animation: TransitionAnimation?
    ) -> AuthCallHandle {
        let handle = AuthCallHandle(outcome: outcome)
        switch made.action {
        case .joined:
            break
        case .resolve(let result):
            outcome.resolve(result)
        case .proceed(let stamp, let cancelBuilds):
            for build in cancelBuilds { build.cancel() }
            handle.run { [self, launched = made.launched] in
                outcome.resolve(await run(stamp, call, animation: animation, launched: launched))
            }
        }
        return handle
    }

    /// Lets a sequence of "current session or none" drive the flow with the configured
    /// animations; as ``follow(_:animation:)``.
    public func follow<Sessions: AsyncSequence>(_ sessions: Sessions) async throws
    where Sessions.Element == Session? {
        try await follow(sessions, animation: nil)
    }

    /// Lets a sequence of "current session or none" drive the flow: each element that
    /// differs from the one before logs in with it, or logs out for `nil`.
    ///
    /// **Ordering.** Each call takes its place in call order as its element is read, so
    /// the last element decides the final state, however the calls reach the container.
    /// It returns once the sequence has ended and every call it made has returned.
    ///
    /// **When a change takes its place.** When this loop reads it, not when the sequence's
    /// producer made it: an `AsyncSequence` carries no moment of production, and the loop
    /// runs whenever its task is scheduled. A call or an intent made in between (an
    /// ``open(_:for:in:switching:)`` for the session just produced) may take its place
    /// before the change. Where the change and such calls must keep their order, make the
    /// change where it is produced, with ``request(_:animation:)`` (`.login(session)` or
    /// `.logout(variant)`), which takes its place before it returns.
    ///
    /// **Animation.** `animation` for every call, else the configured animation of the
    /// call's direction.
    ///
    /// **Cancellation.** Cancelling the caller stops reading; calls already made go on.
    ///
    /// **After ``finish()``.** The calls it makes return ``AuthResult/cancelled``.
    public func follow<Sessions: AsyncSequence>(_ sessions: Sessions, animation: TransitionAnimation?) async throws
    where Sessions.Element == Session? {
        var read = FollowedValues<Session?>()
        var calls: [Task<AuthResult, Never>] = []
        for try await session in sessions where read.read(session) {
            let call = Machine.call(following: session)
            let launching =
                Machine.launchesWhenStamped(call, preparing: false) ? Launching(animation: animation) : nil
            switch stampCall(call, launching: launching) {
            case .stamp(let stamp, let launched):
                calls.append(
                    Task.explorable("followed call") {
                        await self.run(stamp, call, animation: animation, launched: launched)
                    }
                )
            case .resolved:
                break
            }
        }
        for call in calls {
            _ = await call.value
        }
    }

    /// Ends the flow, as ``FlowContainer/finish()`` ends its container.
    ///
    /// Calls that have not started return ``AuthResult/cancelled``; the running one is
    /// cut short (or cancelled if its child was still being made: the factory's task is
    /// cancelled, in every scene, and its child dropped); every stream from
    /// ``events(bufferingPolicy:)`` ends. Calls made afterwards return
    /// ``AuthResult/cancelled`` at once. It returns once all of that is done, including the
    /// factories of calls a newer call overtook (their children are dropped) and the
    /// session services' teardown; calling it again, or concurrently, waits for the same,
    /// and cancelling the caller does not shorten the wait.
    public func finish() async {
        for step in core.withLock({ $0.finish() }) {
            switch step {
            case .dropIntents(let action):
                performIntents(action)
            case .refuseServices(let action):
                services?.perform(action)
            case .cancelFactories(let builds):
                for build in builds { build.cancel() }
            case .finishScenes(let scenes):
                await withTaskGroup(of: Void.self) { group in
                    for (_, scene) in scenes {
                        group.addTask {
                            await scene.container.finish()
                            await scene.releaseCovered()?.disappear()
                        }
                    }
                }
            case .endFeeds(let feeds):
                await finishFeeds(feeds)
            case .waitForOvertakenFactories:
                await overtakenFactories.waitUntilNone()
            case .finishServices(let scenes):
                // A scene detached before `finish()` but still finishing is told by `detach`.
                await services?.finish(scenes: scenes)
            }
        }
    }

    /// A custom animation of the provider's children, for a call or the configuration.
    ///
    /// The closure gets the children the provider made, unwrapped from their
    /// ``AuthScreen``s; since its types are the provider's `Child`, an animation written
    /// for another type does not compile. Cut short, thrown and watchdog rules are those
    /// of ``TransitionAnimation/custom(name:duration:_:)``.
    public static func animation(
        name: String = "custom",
        duration: Duration?,
        _ body: @escaping @Sendable (Child, Child, AnimationContext) async throws -> Void
    ) -> TransitionAnimation {
        .custom(name: name, duration: duration, body)
    }

    /// A custom animation from an animator of the provider's children; as
    /// ``animation(name:duration:_:)``, and an animator of another child type does not compile.
    public static func animation<Animator: TransitionAnimator>(_ animator: Animator) -> TransitionAnimation
    where Animator.Child == Child {
        .custom(animator)
    }
}
