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
    // The state machine never holds a request (each waiting caller keeps its own), so that
    // it does not depend on `Child` and needs no generic metadata lookups (<doc:Performance>).
    typealias StateMachine = ContainerMachine

    /// The child in place now; the destination as soon as a transition has begun.
    @exclusivity(unchecked) public private(set) var child: Child
    /// Whether ``child`` adopts ``FlowLifecycle``, set with it, and which types of child
    /// do, so that the in-place path casts neither child.
    @exclusivity(unchecked) private var lifecycle: LifecycleAdoption
    /// ``child``, readable without awaiting the actor; set with it, before the event that
    /// announces it is published.
    private let shownChild: LockedValue<Child>

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
    let machine: LockedValue<StateMachine>
    @usableFromInline let broadcaster: EventBroadcaster<FlowEvent<Child>, Child>

    /// The task that runs the current transition's factory, hooks and stage calls.
    private var runnerTask: Int?
    /// The running animation, while the transition waits for it.
    private var activeAnimation: AnimationSignal?

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
        let machine = LockedValue(StateMachine())
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
        machine.withLock { $0.isTransitioning }
    }

    /// How many requests wait behind the running transition.
    public var pendingCount: Int {
        machine.withLock { $0.pendingCount }
    }

    /// Whether ``finish()`` has been called.
    public var isFinished: Bool {
        machine.withLock { $0.isFinished }
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
                admission: { point, _ in
                    switch point {
                    case .arrival: return admission(.arrival)
                    case .start: return admission(.start)
                    case .childMade: return true
                    }
                }
            ),
            policy: policy ?? self.policy
        )
    }

    /// As the lazy `cycle`, with a factory that learns the id its transition will have.
    func cycle(
        animation: TransitionAnimation?,
        policy: OverlapPolicy?,
        identifiedFactory makeChild: @escaping @Sendable (TransitionID) async -> Child
    ) async -> TransitionResult {
        await submit(
            Request(source: .factory(makeChild), animation: animation ?? self.animation),
            policy: policy ?? self.policy
        )
    }

    /// As the lazy `cycle` with an admission closure, asked at all three
    /// ``FlowAdmissionPoint``s with the child in place at the time.
    func cycle(
        animation: TransitionAnimation?,
        policy: OverlapPolicy?,
        admission: @escaping @Sendable (FlowAdmissionPoint, Child) -> Bool,
        to makeChild: @escaping @Sendable () async -> Child
    ) async -> TransitionResult {
        await submit(
            Request(
                source: .factory { _ in await makeChild() },
                animation: animation ?? self.animation,
                admission: admission
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
        let caller = StateMachine.Caller(isCancelled: Task.isCancelled, isReentrant: isCalledFromRunningTransition())
        switch machine.withLock({ $0.finish(caller: caller) }) {
        case .alreadyFinished:
            return
        case .closeNow:
            await close()
        case .wait(let cancelled, let cutShort, let suspend):
            for waiter in cancelled {
                waiter.resume(returning: .resolved(.cancelled))
            }
            if cutShort {
                activeAnimation?.end(.cutShort)
            }
            guard suspend else { return }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                switch machine.withLock({ $0.addFinishWaiter(continuation) }) {
                case .wait:
                    break
                case .resume(let waiter):
                    waiter.resume()
                }
            }
        }
    }

    // MARK: - Requests

    /// What ``admit(_:policy:)`` decided for a new request.
    private enum Arrival {
        /// The call ends at once with this result.
        case resolved(TransitionResult)
        /// The container was idle: the caller runs request `id` now.
        case run(UInt64)
        /// Request `id` waits for its turn.
        case wait(UInt64)
    }

    // A waiting request's frames must fit in its task's first allocator slab
    // (<doc:Performance>): the synchronous decisions run in `admit`, `submit` is inlined,
    // and the wait itself is the non-generic `LockedValue.waitForTurn`.
    @inline(__always)
    private func submit(_ request: Request, policy: OverlapPolicy) async -> TransitionResult {
        switch admit(request, policy: policy) {
        case .resolved(let result):
            return result
        case .run(let id):
            return await run(id, request)
        case .wait(let id):
            return await waitAndRun(id, request)
        }
    }

    /// Gives a new request its place in the state machine, synchronously, asking its
    /// admission closure when the machine says so.
    private func admit(_ request: Request, policy: OverlapPolicy) -> Arrival {
        let caller = StateMachine.Caller(isCancelled: Task.isCancelled, isReentrant: isCalledFromRunningTransition())
        var admission: StateMachine.Admission = request.admission == nil ? .unconditional : .unasked
        while true {
            let action = machine.withLock {
                $0.request(policy: policy, maxPending: maxPending, caller: caller, admission: admission)
            }
            switch action {
            case .resolve(let result):
                return .resolved(result)
            case .askAdmission(let check):
                admission = request.admits(check, current: child) ? .granted : .refused
            case .run(let id):
                return .run(id)
            case .suspend(let id, let superseded, let cutShort):
                for waiter in superseded {
                    waiter.resume(returning: .resolved(.superseded))
                }
                if cutShort {
                    activeAnimation?.end(.cutShort)
                }
                return .wait(id)
            }
        }
    }

    /// Waits for request `id`'s turn, then runs it, or returns how it was resolved.
    @inline(__always)
    private func waitAndRun(_ id: UInt64, _ request: Request) async -> TransitionResult {
        switch await machine.waitForTurn(id) {
        case .run:
            return await run(id, request)
        case .resolved(let result):
            return result
        }
    }

    /// The uncontended path of a transition that cannot suspend: an immediate animation,
    /// no stage, and neither child adopting ``FlowLifecycle``. When the machine allows it
    /// (the container is idle) it runs the whole transition in one synchronous step and
    /// returns its result, with no task, continuation or async frame; otherwise it
    /// returns `nil` and the request takes the ordinary path. Being synchronous on the actor, it is indistinguishable
    /// from the ordinary path: the same events, ids and result. The machine's phase can
    /// leave `idle` only through inputs made on the actor, so the check cannot go stale.
    private func cycleInPlace(to newChild: Child, animation: TransitionAnimation) -> TransitionResult? {
        let synchronous =
            !animation.isAnimated && stage == nil && !lifecycle.childAdopts && !lifecycle.adopts(newChild)
        let caller = StateMachine.Caller(isCancelled: Task.isCancelled, isReentrant: isCalledFromRunningTransition())
        // The snapshot of the child is written under the machine's lock, in the step that
        // reads the subscriber count: a subscriber that reads the snapshot after
        // subscribing either sees the new child or gets this transition's events.
        let action = machine.withLock { machine in
            let action = machine.requestInPlace(caller: caller, canCompleteSynchronously: synchronous)
            if case .perform = action {
                shownChild.withLock { $0 = newChild }
            }
            return action
        }
        switch action {
        case .useRequest:
            return nil
        case .resolve(let result):
            return result
        case .perform(let id, let result, let publish):
            // Neither the old child nor the new one adopts FlowLifecycle.
            if publish {
                let oldChild = child
                child = newChild
                // Each subscriber's own closure makes both events (see `events(bufferingPolicy:)`).
                broadcaster.publishPair(id, from: oldChild, to: newChild, animation: animation)
            } else {
                child = newChild
            }
            return result
        }
    }

    private func isCalledFromRunningTransition() -> Bool {
        guard runnerTask != nil || activeAnimation != nil else { return false }
        let current = currentTaskHash()
        return current != nil && (current == runnerTask || current == activeAnimation?.animatorTask)
    }

    // MARK: - Running a transition

    /// Runs request `id`, which owns the container, to its end.
    private func run(_ id: UInt64, _ request: Request) async -> TransitionResult {
        runnerTask = currentTaskHash()
        var admission: StateMachine.Admission = request.admission == nil ? .unconditional : .unasked
        let transitionID: TransitionID
        let to: Child
        starting: while true {
            switch machine.withLock({ $0.start(id, admission: admission, makesChild: request.isFactory) }) {
            case .askAdmission(let point):
                admission = request.admits(point, current: child) ? .granted : .refused
            case .skip(let end):
                // Dropped before it began: no factory, no event.
                runnerTask = nil
                return await perform(end)
            case .begin(let id):
                guard case .child(let child) = request.source else {
                    preconditionFailure("Internal inconsistency: a factory request began without its child")
                }
                (transitionID, to) = (id, child)
                break starting
            case .makeChild(let reservedID):
                guard case .factory(let makeChild) = request.source else {
                    preconditionFailure("Internal inconsistency: a child request was asked to make its child")
                }
                let made = await makeChild(reservedID)
                var madeAdmission: StateMachine.Admission = request.admission == nil ? .unconditional : .unasked
                while true {
                    switch machine.withLock({ $0.childReady(id, admission: madeAdmission) }) {
                    case .askAdmission(let point):
                        madeAdmission = request.admits(point, current: child) ? .granted : .refused
                    case .begin(let id):
                        (transitionID, to) = (id, made)
                        break starting
                    case .drop(let end), .abandon(let end):
                        // The child is dropped unseen: no event, and nothing keeps it.
                        runnerTask = nil
                        return await perform(end)
                    }
                }
            }
        }
        let transition = Transition(id: transitionID, from: child, to: to, animation: request.animation)
        let leaving = transition.from as? any FlowLifecycle
        let arriving = to as? any FlowLifecycle
        child = to
        lifecycle.placed(adopting: arriving != nil)
        shownChild.withLock { $0 = to }
        broadcaster.publish(.willTransition(transition))

        await leaving?.flowWillDisappear()
        await arriving?.flowWillAppear()
        await stage?.mount(transition)
        let interruption: TransitionInterruption?
        switch machine.withLock({ $0.animate(id, isAnimated: request.animation.isAnimated) }) {
        case .settle(let settlement, let showLastFrame):
            if showLastFrame {
                await show(1, of: transition)
            }
            interruption = Self.interruption(settlement, error: nil)
        case .runAnimator:
            interruption = await animate(transition, requestID: id)
        }
        await stage?.unmount(transition)
        await leaving?.flowDidDisappear()
        await arriving?.flowDidAppear()

        broadcaster.publish(.didTransition(transition.ended(interruption)))
        runnerTask = nil
        return await perform(machine.withLock { $0.transitionFinished(id) })
    }

    /// Ends a turn as the state machine decided, and returns the call's result.
    private func perform(_ end: StateMachine.EndAction) async -> TransitionResult {
        switch end {
        case .finish(let result):
            return result
        case .resumeNext(let waiter, let outcome, let result):
            waiter.resume(returning: outcome)
            return result
        case .close(let result):
            await close()
            return result
        }
    }

    /// The interruption a `didTransition` reports for `settlement`; `error` is what the
    /// animator threw, if it did.
    private static func interruption(
        _ settlement: StateMachine.Settlement,
        error: (any Error)?
    ) -> TransitionInterruption? {
        switch settlement {
        case .completed:
            return nil
        case .interrupted(.overlap):
            return .overlap
        case .interrupted(.finish):
            return .finish
        case .interrupted(.watchdog):
            return .watchdog
        case .interrupted(.animatorFailed):
            guard let error else {
                preconditionFailure("Internal inconsistency: an animator failed without an error")
            }
            return .failed(error)
        }
    }

    /// The last steps of `finish()`: the child in place disappears (so that a child owning
    /// a nested container can end it), the streams end, the callers of `finish()` return.
    /// Until then every `finish()` call waits, and `cycle` returns `cancelled`.
    private func close() async {
        // The hooks run as part of the container's own work: a `finish()` or `cycle` made
        // from them must not wait for it.
        runnerTask = currentTaskHash()
        let leaving = child as? any FlowLifecycle
        await leaving?.flowWillDisappear()
        await leaving?.flowDidDisappear()
        runnerTask = nil
        broadcaster.finish()
        switch machine.withLock({ $0.closed() }) {
        case .resumeFinishWaiters(let waiters):
            for waiter in waiters {
                waiter.resume()
            }
        }
    }

    /// Runs the animation of `transition` and returns why it was cut short, if it was.
    private func animate(_ transition: Transition<Child>, requestID: UInt64) async -> TransitionInterruption? {
        let signal = AnimationSignal()
        let context = AnimationContext(clock: clock, transitionID: transition.id, signal: signal)
        let animator = startAnimator(for: transition, context: context)
        let watchdog = startWatchdog(for: transition.animation, context: context)
        activeAnimation = signal

        var lastFrame: Double?
        var end: AnimationSignal.End
        frames: while true {
            switch await signal.next() {
            case .frame(let fraction):
                lastFrame = fraction
                await show(fraction, of: transition)
            case .end(let ended):
                end = ended
                break frames
            }
        }
        activeAnimation = nil
        animator.cancel()
        watchdog?.cancel()
        switch machine.withLock({ $0.animationEnded(requestID, end.kind, lastFrame: lastFrame) }) {
        case .settle(let settlement, let showLastFrame):
            if showLastFrame {
                await show(1, of: transition)
            }
            return Self.interruption(settlement, error: end.error)
        }
    }

    private func show(_ fraction: Double, of transition: Transition<Child>) async {
        broadcaster.publish(FlowEvent.progress(transition, fraction: fraction))
        await stage?.progress(fraction, of: transition)
    }

    /// Sleeps on `clock` until `duration` after `start`, an instant of that clock.
    private static func sleep<C: Clock<Duration>>(
        on clock: C,
        until start: any InstantProtocol<Duration>,
        plus duration: Duration
    ) async throws {
        try await clock.sleep(until: (start as? C.Instant ?? clock.now).advanced(by: duration), tolerance: nil)
    }

    private func startAnimator(for transition: Transition<Child>, context: AnimationContext) -> Task<Void, Never> {
        let animation = transition.animation
        let signal = context.signal
        switch animation.strategy {
        case .none:
            preconditionFailure("Internal inconsistency: an immediate animation was started")
        case .timed:
            // Built-in animations never see the children, so a cut-short animation still
            // unwinding holds neither of them.
            let (duration, delay, curve) = (animation.duration ?? .zero, animation.delay, animation.curve)
            return Task.detached {
                signal.animatorStarted(currentTaskHash())
                do {
                    try await TimedAnimation.run(duration: duration, delay: delay, curve: curve, context: context)
                    signal.end(.finished)
                } catch {
                    signal.end(.failed(error))
                }
            }
        case .custom(let body):
            let (from, to) = (transition.from, transition.to)
            return Task.detached {
                signal.animatorStarted(currentTaskHash())
                do {
                    try await body(from, to, context)
                    signal.end(.finished)
                } catch {
                    signal.end(.failed(error))
                }
            }
        }
    }

    private func startWatchdog(for animation: TransitionAnimation, context: AnimationContext) -> Task<Void, Never>? {
        guard let margin = watchdogMargin, let length = animation.nominalLength else { return nil }
        let (clock, signal, start) = (context.clock, context.signal, context.start)
        return Task.detached {
            do {
                try await Self.sleep(on: clock, until: start, plus: length + margin)
                signal.end(.watchdog)
            } catch {
                // Cancelled: the animation ended in time.
            }
        }
    }
}
