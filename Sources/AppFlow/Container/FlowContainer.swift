/// An actor that owns exactly one child at a time and switches it with ``cycle(to:animation:policy:)``.
///
/// A child is anything `Sendable`: a screen, a flow, a session scope. On Apple platforms a
/// `@MainActor` view controller qualifies. Requests that overlap are settled by an
/// ``OverlapPolicy``; at most one transition runs at any instant, and observers follow
/// along through ``events(bufferingPolicy:)``.
///
/// ```swift
/// let container = FlowContainer(initial: Screen.splash, animation: .immediate)
/// let result = await container.cycle(to: .login)
/// ```
///
/// Here `result` is ``TransitionResult/completed`` and `await container.child` is `.login`.
///
/// ## Guarantees
/// - At most one transition is in flight. Each request takes its place synchronously
///   when it reaches the actor, before any suspension, so under ``OverlapPolicy/enqueue``
///   transitions run in arrival order.
/// - Each transition publishes exactly one `willTransition`, then its progress frames,
///   then exactly one `didTransition`; ids strictly increase.
/// - Every `cycle` call returns exactly once.
/// - After `didTransition` the container holds no reference to the old child.
///
/// <doc:Semantics> states the full contract, with the tests that prove it.
public actor FlowContainer<Child: Sendable> {
    typealias Request = FlowRequest<Child>

    /// The child in place now; the destination as soon as a transition has begun.
    @exclusivity(unchecked) public internal(set) var child: Child
    /// Whether ``child`` adopts ``FlowLifecycle``, set with it, and which types of child
    /// do, so that the in-place path casts neither child.
    @exclusivity(unchecked) var lifecycle: LifecycleAdoption
    /// ``child``, readable without awaiting the actor; set with it, before the event that
    /// announces it is published.
    let shownChild: LockedValue<Child>
    /// What to call when ``child`` leaves, if its request asked for it (a hop does);
    /// set with it.
    var childLeaves: (@Sendable () -> Void)?

    /// The animation used when a request names none.
    public nonisolated let animation: TransitionAnimation
    /// The policy used when a request names none.
    public nonisolated let policy: OverlapPolicy
    /// The most requests that may wait behind the running transition; requests beyond it
    /// return ``TransitionResult/rejected``.
    public nonisolated let maxPending: Int
    /// How long an animation may overrun its nominal length before the watchdog cuts it
    /// short; `nil` disables the watchdog.
    public nonisolated let watchdogMargin: Duration?

    let stage: (any FlowStage<Child>)?
    let clock: any Clock<Duration>
    /// The decisions. It never holds a request (each waiting caller keeps its own), so
    /// that it does not depend on `Child` and needs no generic metadata lookups
    /// (<doc:Performance>).
    let machine: LockedValue<FlowStateMachine<RequestWaiter, FinishContinuation>>
    @usableFromInline let broadcaster: EventBroadcaster<FlowEvent<Child>, Child>

    /// The hash of the task that runs the current transition's factory, hooks and stage
    /// calls (or the closing hooks), to recognise calls made from it.
    var runnerTaskHash: Int?
    /// The running animation, while the transition waits for it.
    var activeAnimation: AnimationSignal?
    /// The owner's admission closure while its factory makes its child, to ask whether
    /// a newer request overtakes it (``FlowAdmissionPoint/overtaken``).
    var childMaker: ChildMaker?

    /// Creates a container showing `initial`.
    ///
    /// - Parameters:
    ///   - initial: The child in place from the start. It gets no appearance calls and is
    ///     not mounted on the stage.
    ///   - animation: The default animation; a fade of 0.2 s.
    ///   - policy: The default overlap policy.
    ///   - stage: Where children are shown; `nil` runs headless.
    ///   - clock: The clock animations and the watchdog run on.
    ///   - maxPending: The bound on waiting requests; values below zero count as zero.
    ///   - watchdogMargin: How far an animation may overrun its nominal length
    ///     (delay plus duration) before it is cut short; values below zero count as zero,
    ///     `nil` turns the watchdog off. Custom animations of unknown length are never
    ///     cut short by it.
    public init(
        initial: Child,
        animation: TransitionAnimation = .fade(),
        policy: OverlapPolicy = .enqueue,
        stage: (any FlowStage<Child>)? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        maxPending: Int = .max,
        watchdogMargin: Duration? = .seconds(2)
    ) {
        let machine = LockedValue(FlowStateMachine<RequestWaiter, FinishContinuation>())
        self.machine = machine
        // Lock order: the broadcaster's, then the machine's.
        self.broadcaster = EventBroadcaster { count in machine.withLock { $0.subscribersChanged(to: count) } }
        self.child = initial
        self.lifecycle = LifecycleAdoption(initial: initial)
        self.shownChild = LockedValue(initial)
        self.animation = animation
        self.policy = policy
        self.stage = stage
        self.clock = clock
        self.maxPending = max(maxPending, 0)
        self.watchdogMargin = watchdogMargin.map { max($0, .zero) }
    }

    /// ``child`` as it is now, read without awaiting the actor: what a synchronous
    /// observer that subscribed to the events first starts from.
    nonisolated var currentChild: Child {
        shownChild.withLock { $0 }
    }

    /// Whether a transition runs now.
    public var isTransitioning: Bool {
        decide { $0.isTransitioning }
    }

    /// How many requests wait behind the running transition.
    public var pendingCount: Int {
        decide { $0.pendingCount }
    }

    /// Whether ``finish()`` has been called.
    public var isFinished: Bool {
        decide { $0.isFinished }
    }

    /// Switches to `child`, settling any overlap with `policy`.
    ///
    /// - Parameters:
    ///   - child: The new child.
    ///   - animation: The animation; `nil` uses the container's default.
    ///   - policy: What this request does to the work ahead of it; `nil` uses the default.
    /// - Returns: How the call ended; see ``TransitionResult``.
    ///
    /// **Ordering.** The request takes its place when it reaches the actor, before any
    /// suspension. Under ``OverlapPolicy/enqueue`` transitions run in that order.
    ///
    /// **Cancellation.** If the calling task is cancelled before the transition starts,
    /// the call returns ``TransitionResult/cancelled`` and the transition never runs. Once
    /// it has started, cancellation changes nothing: it completes, so the flow is never
    /// half-switched.
    ///
    /// **After ``finish()``.** Returns ``TransitionResult/cancelled`` at once.
    ///
    /// **Re-entrance.** Called from the task that runs this container's current
    /// transition (its factory, a lifecycle hook or a stage call) or from its animator's
    /// task, it returns ``TransitionResult/rejected`` at once, since waiting there would
    /// deadlock. A `Task { }` started there is an ordinary caller.
    @discardableResult
    public func cycle(
        to child: Child,
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil
    ) async -> TransitionResult {
        let animation = animation ?? self.animation
        if let result = cycleInPlace(to: child, animation: animation) {
            return result
        }
        return await submit(child, animation: animation, policy: policy ?? self.policy)
    }

    /// The ordinary path of ``cycle(to:animation:policy:)``. Kept out of line, so that the
    /// in-place path never looks up the metadata of `FlowRequest<Child>`.
    @inline(never)
    private func submit(_ child: Child, animation: TransitionAnimation, policy: OverlapPolicy) async -> TransitionResult
    {
        await submit(Request(source: .child(child), animation: animation), policy: policy)
    }

    /// Switches to a child made by `makeChild` only when the transition starts.
    ///
    /// The factory never runs for a request that is superseded, rejected or cancelled
    /// before its turn. The transition begins when the factory is called;
    /// `willTransition` is published once the child exists. If ``finish()`` arrives while
    /// the factory runs, the call returns ``TransitionResult/cancelled`` and publishes no
    /// event. Ordering, cancellation and re-entrance are as for
    /// ``cycle(to:animation:policy:)``.
    @discardableResult
    public func cycle(
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil,
        to makeChild: @escaping @Sendable () async -> Child
    ) async -> TransitionResult {
        await submit(
            Request(source: .factory { _ in await makeChild() }, animation: animation ?? self.animation),
            policy: policy ?? self.policy
        )
    }

    /// Switches to a child made lazily, provided `admission` still agrees.
    ///
    /// `admission` is asked twice, synchronously on the container: when the request arrives
    /// (``FlowAdmissionCheck/arrival``) and just before its transition would start
    /// (``FlowAdmissionCheck/start``). If it answers `false` the request returns
    /// ``TransitionResult/superseded`` at once: it never runs, its factory is never
    /// called, and on arrival it does not touch the requests ahead of it. Keep it quick
    /// and free of blocking; it must not call into the container.
    ///
    /// This is how ``AuthFlow`` keeps a login that was called before a logout from ever
    /// showing, however late it reaches the container. Ordering, cancellation,
    /// re-entrance and the behaviour after ``finish()`` (``TransitionResult/cancelled`` at
    /// once, without asking `admission`) are as for ``cycle(to:animation:policy:)``.
    @discardableResult
    public func cycle(
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil,
        admittedIf admission: @escaping @Sendable (FlowAdmissionCheck) -> Bool,
        to makeChild: @escaping @Sendable () async -> Child
    ) async -> TransitionResult {
        await submit(
            Request(
                source: .factory { _ in await makeChild() },
                animation: animation ?? self.animation,
                admission: Request.asking(admission)
            ),
            policy: policy ?? self.policy
        )
    }

    /// Submits a request that the container's own flows (``hop(animation:policy:to:)``,
    /// ``follow(_:animation:child:)``) build, with its animation already chosen.
    func cycle(_ request: Request, policy: OverlapPolicy?) async -> TransitionResult {
        await submit(request, policy: policy ?? self.policy)
    }

    /// As the lazy `cycle` with an admission closure, asked at all three
    /// ``FlowAdmissionPoint``s with the child in place at the time; `arrived` is called on
    /// the container once the request has arrived.
    func cycle(
        animation: TransitionAnimation?,
        policy: OverlapPolicy?,
        admission: @escaping @Sendable (FlowAdmissionPoint, Child) -> Bool,
        arrived: (@Sendable () -> Void)? = nil,
        to makeChild: @escaping @Sendable () async -> Child
    ) async -> TransitionResult {
        await submit(
            Request(
                source: .factory { _ in await makeChild() },
                animation: animation ?? self.animation,
                admission: admission,
                onArrival: arrived
            ),
            policy: policy ?? self.policy
        )
    }

    /// Ends the container.
    ///
    /// Pending requests return ``TransitionResult/cancelled``; the running transition is
    /// cut short and returns ``TransitionResult/interrupted`` (or
    /// ``TransitionResult/cancelled`` if its factory was still running). Then the child in
    /// place gets `flowWillDisappear` and `flowDidDisappear` (if it adopts
    /// ``FlowLifecycle``), so that a child owning a nested container can finish it. Every
    /// event stream finishes after the last `didTransition`. Any later `cycle` returns
    /// ``TransitionResult/cancelled`` at once.
    ///
    /// **Ordering.** Requests that reached the container before it are cancelled or cut
    /// short as above; every request that reaches it later returns ``TransitionResult/cancelled``.
    ///
    /// It returns once the running transition has ended and the streams have finished;
    /// calling it again, or concurrently, waits for the same. Cancelling the caller does
    /// not stop the wait, which lasts as long as the running transition's remaining
    /// hooks and stage calls. Called from inside the running transition (a hook, the
    /// stage or the factory) it does not wait, since that would deadlock.
    public func finish() async {
        await performFinish()
    }
}
