/// How a waiting request is resumed.
///
/// Debug builds (where the tests run first) use checked continuations, which trap on a
/// second resume and report one that is never resumed. Release builds use unsafe ones,
/// which keep a waiting request's frames within its task's first allocator slab
/// (<doc:Performance>); the state machine hands each waiter out exactly once, which
/// `FlowStateMachineTests` and the exactly-once tests check in both builds.
#if DEBUG
typealias RequestWaiter = CheckedContinuation<RequestOutcome, Never>
#else
typealias RequestWaiter = UnsafeContinuation<RequestOutcome, Never>
#endif

/// How a caller of ``FlowContainer/finish()`` that waits is resumed.
typealias FinishContinuation = CheckedContinuation<Void, Never>

// The performer: the container's side of every input to its `FlowStateMachine`. It
// reports facts, asks the admission closures, runs the factory, the hooks, the stage and
// the animator, publishes events and resumes waiters, exactly as the machine's actions
// say. The in-place path (`FlowContainer+InPlace.swift`) performs the same actions for a
// transition that cannot suspend, under the rule written there.
extension FlowContainer {
    // MARK: - The machine

    /// Gives the machine one input under its lock and returns its action.
    @inline(__always)
    func decide<Action>(_ input: (inout FlowStateMachine<RequestWaiter, FinishContinuation>) -> Action) -> Action {
        machine.withLock(input)
    }

    /// What the container knows about the calling task.
    func currentCaller() -> RequestCaller {
        RequestCaller(isCancelled: Task.isCancelled, isReentrant: isCalledFromRunningTransition())
    }

    /// Whether the calling task is the running transition's (its factory, hooks and stage
    /// calls) or its animator's.
    func isCalledFromRunningTransition() -> Bool {
        guard runnerTaskHash != nil || activeAnimation != nil else { return false }
        let current = currentTaskHash()
        return current != nil && (current == runnerTaskHash || current == activeAnimation?.animatorTaskHash)
    }

    // MARK: - Requests

    /// What ``admit(_:policy:)`` decided for a new request.
    enum Arrival {
        /// The call ends at once with this result.
        case resolved(TransitionResult)
        /// The container was idle: the caller runs this request now.
        case run(RequestID)
        /// This request waits for its turn.
        case wait(RequestID)
    }

    // A waiting request's frames must fit in its task's first allocator slab
    // (<doc:Performance>): the synchronous decisions run in `admit`, `submit` is inlined,
    // and the wait itself is the non-generic `LockedValue.waitForTurn`.
    @inline(__always)
    func submit(_ request: Request, policy: OverlapPolicy) async -> TransitionResult {
        let arrival = admit(request, policy: policy)
        request.onArrival?()
        switch arrival {
        case .resolved(let result):
            return result
        case .run(let id):
            return await run(id, request)
        case .wait(let id):
            return await waitAndRun(id, request)
        }
    }

    /// Gives a new request its place in the state machine, synchronously, asking its
    /// admission closure (and the owner's, when it is making its child) when the machine
    /// says so.
    func admit(_ request: Request, policy: OverlapPolicy) -> Arrival {
        let caller = currentCaller()
        var admission: AdmissionAnswer = request.admission == nil ? .unconditional : .unasked
        var ownerAdmission: AdmissionAnswer = childMaker == nil ? .unconditional : .unasked
        while true {
            let action = decide {
                $0.request(
                    policy: policy,
                    maxPending: maxPending,
                    caller: caller,
                    admission: admission,
                    stamp: request.stamp,
                    ownerAdmission: ownerAdmission
                )
            }
            switch action {
            case .resolve(let result):
                return .resolved(result)
            case .askAdmission(let check):
                admission = request.admits(check, current: child) ? .granted : .refused
            case .askOwnerAdmission(let owner):
                ownerAdmission = childMaker?.admits(owner, current: child) ?? .unconditional
            case .overtake(let next, let superseded):
                // The overtaken owner's task goes on (making its child, or to its start),
                // but it no longer runs this container's transition.
                childMaker = nil
                runnerTaskHash = nil
                for waiter in superseded {
                    waiter.resume(returning: .resolved(.superseded))
                }
                next?.resume(returning: .run)
                ownerAdmission = .unconditional
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
    func waitAndRun(_ id: RequestID, _ request: Request) async -> TransitionResult {
        switch await machine.waitForTurn(id) {
        case .run:
            return await run(id, request)
        case .resolved(let result):
            return result
        }
    }

    // MARK: - Running a transition

    /// Runs request `id`, which owns the container, to its end, in three steps: start
    /// (admission and factory), present (the child placed, `willTransition`, the hooks
    /// and the mount), settle (the animation, the unmount, the hooks, `didTransition`).
    func run(_ id: RequestID, _ request: Request) async -> TransitionResult {
        switch await start(id, request) {
        case .ended(let end):
            runnerTaskHash = nil
            return await perform(end)
        case .overtaken:
            // Another request owns the container now: nothing here is this one's.
            return .superseded
        case .begin(let transitionID, let to):
            let transition = Transition(id: transitionID, from: child, to: to, animation: request.animation)
            let hooks = await present(transition, onLeave: request.onLeave)
            return await settle(id, transition, hooks: hooks)
        }
    }

    /// How the start of a transition came out.
    enum Start {
        /// The request ended before its transition began; no event was published.
        case ended(FlowStateMachine<RequestWaiter, FinishContinuation>.EndAction)
        /// The transition begins with this id and this child.
        case begin(TransitionID, Child)
        /// A newer request overtook this one before it started or while its factory ran;
        /// its child, if it made one, is dropped.
        case overtaken
    }

    /// Asks the admission closure and runs the factory as the machine says, until the
    /// transition begins or the request ends without one.
    private func start(_ id: RequestID, _ request: Request) async -> Start {
        var admission: AdmissionAnswer = request.admission == nil ? .unconditional : .unasked
        while true {
            let action = decide {
                $0.start(id, admission: admission, makesChild: request.isFactory, stamp: request.stamp)
            }
            switch action {
            case .askAdmission(let point):
                admission = request.admits(point, current: child) ? .granted : .refused
            case .skip(let end):
                // Dropped before it began: no factory, no event.
                return .ended(end)
            case .overtaken:
                return .overtaken
            case .begin(let transitionID):
                runnerTaskHash = currentTaskHash()
                guard case .child(let child) = request.source else {
                    preconditionFailure("Internal inconsistency: a factory request began without its child")
                }
                return .begin(transitionID, child)
            case .makeChild(let reservedID):
                guard case .factory(let makeChild) = request.source else {
                    preconditionFailure("Internal inconsistency: a child request was asked to make its child")
                }
                runnerTaskHash = currentTaskHash()
                if let admission = request.admission {
                    childMaker = ChildMaker(id: id, admission: admission)
                }
                let made = await makeChild(reservedID)
                if childMaker?.id == id {
                    childMaker = nil
                }
                var madeAdmission: AdmissionAnswer = request.admission == nil ? .unconditional : .unasked
                while true {
                    switch decide({ $0.childReady(id, admission: madeAdmission) }) {
                    case .askAdmission(let point):
                        madeAdmission = request.admits(point, current: child) ? .granted : .refused
                    case .begin(let transitionID):
                        return .begin(transitionID, made)
                    case .drop(let end), .abandon(let end):
                        // The child is dropped unseen: no event, and nothing keeps it.
                        return .ended(end)
                    case .overtaken:
                        return .overtaken
                    }
                }
            }
        }
    }

    /// The request whose factory makes its child, with its admission closure.
    struct ChildMaker {
        let id: RequestID
        let admission: @Sendable (FlowAdmissionPoint, Child) -> Bool

        /// Its answer at ``FlowAdmissionPoint/overtaken`` if it is still request `owner`.
        func admits(_ owner: RequestID, current: Child) -> AdmissionAnswer {
            guard owner == id else { return .unconditional }
            return admission(.overtaken, current) ? .granted : .refused
        }
    }

    /// Runs `hook` on `child`, told the transition's other child if it wants to know.
    private static func run(_ hook: FlowLifecycleHook, on child: (any FlowLifecycle)?, beside other: Child) async {
        guard let child else { return }
        if let paired = child as? any PairedFlowLifecycle {
            await paired.flowHook(hook, beside: other)
            return
        }
        switch hook {
        case .willAppear: await child.flowWillAppear()
        case .didAppear: await child.flowDidAppear()
        case .willDisappear: await child.flowWillDisappear()
        case .didDisappear: await child.flowDidDisappear()
        }
    }

    /// The lifecycle hooks of a transition's two children.
    struct Hooks {
        let leaving: (any FlowLifecycle)?
        let arriving: (any FlowLifecycle)?
    }

    /// Puts `transition.to` in place, ends the hop of the child it replaces, publishes
    /// `willTransition`, then runs the will-hooks and the stage's mount.
    private func present(_ transition: Transition<Child>, onLeave: (@Sendable () -> Void)?) async -> Hooks {
        let hooks = Hooks(leaving: transition.from as? any FlowLifecycle, arriving: transition.to as? any FlowLifecycle)
        child = transition.to
        let replacedHop = childLeaves
        childLeaves = onLeave
        lifecycle.placed(adopting: hooks.arriving != nil)
        shownChild.withLock { $0 = transition.to }
        // In the same step that places the new child: a replaced hop can no longer return.
        replacedHop?()
        broadcaster.publish(.willTransition(transition))
        await Self.run(.willDisappear, on: hooks.leaving, beside: transition.to)
        await Self.run(.willAppear, on: hooks.arriving, beside: transition.from)
        await stage?.mount(transition)
        return hooks
    }

    /// Runs or skips the animation as the machine says, then the unmount and the
    /// did-hooks, publishes `didTransition` and ends the turn.
    private func settle(_ id: RequestID, _ transition: Transition<Child>, hooks: Hooks) async -> TransitionResult {
        let interruption: TransitionInterruption?
        switch decide({ $0.animate(id, isAnimated: transition.animation.isAnimated) }) {
        case .settle(let cause, let showLastFrame):
            if showLastFrame {
                await show(1, of: transition)
            }
            interruption = Self.interruption(cause, error: nil)
        case .runAnimator:
            interruption = await animate(transition, requestID: id)
        }
        if let stage {
            await stage.unmount(transition.ended(interruption))
        }
        await Self.run(.didDisappear, on: hooks.leaving, beside: transition.to)
        await Self.run(.didAppear, on: hooks.arriving, beside: transition.from)

        broadcaster.publish(.didTransition(transition.ended(interruption)))
        runnerTaskHash = nil
        return await perform(decide { $0.transitionFinished(id) })
    }

    /// Ends a turn as the state machine decided, and returns the call's result.
    func perform(_ end: FlowStateMachine<RequestWaiter, FinishContinuation>.EndAction) async -> TransitionResult {
        switch end {
        case .returning(let result):
            return result
        case .resumeNext(let waiter, let outcome, let result):
            waiter.resume(returning: outcome)
            return result
        case .close(let result):
            await close()
            return result
        }
    }

    /// The interruption a `didTransition` reports for `cause`; `error` is what the
    /// animator threw, if it did.
    private static func interruption(_ cause: InterruptionCause?, error: (any Error)?) -> TransitionInterruption? {
        switch cause {
        case nil:
            return nil
        case .overlap:
            return .overlap
        case .finish:
            return .finish
        case .watchdog:
            return .watchdog
        case .animatorFailed:
            guard let error else {
                preconditionFailure("Internal inconsistency: an animator failed without an error")
            }
            return .failed(error)
        }
    }

    // MARK: - Finishing

    /// Performs `finish()`'s action, then waits for the container to close when told to.
    func performFinish() async {
        let caller = currentCaller()
        switch decide({ $0.finish(caller: caller) }) {
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
            await withCheckedContinuation { (continuation: FinishContinuation) in
                switch decide({ $0.addFinishWaiter(continuation) }) {
                case .wait:
                    break
                case .resume(let waiter):
                    waiter.resume()
                }
            }
        }
    }

    /// The last steps of `finish()`: the child in place disappears (so that a child owning
    /// a nested container can end it; a hopping child may still hand its value back then),
    /// a hop in place ends, the streams end, the callers of `finish()` return. Until then
    /// every `finish()` call waits, and `cycle` returns `cancelled`.
    func close() async {
        // The hooks run as part of the container's own work: a `finish()` or `cycle` made
        // from them must not wait for it.
        runnerTaskHash = currentTaskHash()
        let leaving = child as? any FlowLifecycle
        await leaving?.flowWillDisappear()
        await leaving?.flowDidDisappear()
        let hop = childLeaves
        childLeaves = nil
        hop?()
        runnerTaskHash = nil
        broadcaster.finish()
        switch decide({ $0.closed() }) {
        case .resumeFinishWaiters(let waiters):
            for waiter in waiters {
                waiter.resume()
            }
        }
    }

    // MARK: - Animating

    /// Runs the animation of `transition` and returns why it was cut short, if it was.
    private func animate(_ transition: Transition<Child>, requestID: RequestID) async -> TransitionInterruption? {
        let signal = AnimationSignal()
        let context = AnimationContext(clock: clock, transitionID: transition.id, signal: signal)
        let animator = startAnimator(for: transition, context: context)
        let watchdog = startWatchdog(for: transition.animation, context: context)
        activeAnimation = signal

        var lastFrame: Double?
        var end: AnimationEnd
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
        switch decide({ $0.animationEnded(requestID, end, lastFrame: lastFrame) }) {
        case .settle(let cause, let showLastFrame):
            if showLastFrame {
                await show(1, of: transition)
            }
            return Self.interruption(cause, error: signal.error)
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
            return Task.explorable("animation", detached: true) {
                signal.animatorStarted(currentTaskHash())
                do {
                    try await TimedAnimation.run(duration: duration, delay: delay, curve: curve, context: context)
                    signal.end(.finished)
                } catch {
                    signal.fail(error)
                }
            }
        case .custom(let body):
            let (from, to) = (transition.from, transition.to)
            return Task.explorable("animation", detached: true) {
                signal.animatorStarted(currentTaskHash())
                do {
                    try await body(from, to, context)
                    signal.end(.finished)
                } catch {
                    signal.fail(error)
                }
            }
        }
    }

    /// Starts the watchdog the container's configuration asks for: none without a margin
    /// or for an animation of unknown length.
    private func startWatchdog(for animation: TransitionAnimation, context: AnimationContext) -> Task<Void, Never>? {
        guard let margin = watchdogMargin, let length = animation.nominalLength else { return nil }
        let (clock, signal, start) = (context.clock, context.signal, context.start)
        return Task.explorable("watchdog", detached: true) {
            do {
                try await Self.sleep(on: clock, until: start, plus: length + margin)
                signal.end(.watchdog)
            } catch {
                // Cancelled: the animation ended in time.
            }
        }
    }
}

extension LockedValue where Value == FlowStateMachine<RequestWaiter, FinishContinuation> {
    /// Suspends until request `id` may run or has been resolved without running.
    ///
    /// The caller's cancellation resolves a request that is still waiting as
    /// ``TransitionResult/cancelled``; once its turn has come, cancellation changes nothing.
    func waitForTurn(_ id: RequestID) async -> RequestOutcome {
        await withTaskCancellationHandler {
            #if DEBUG
            await withCheckedContinuation { attach(id, $0) }
            #else
            await withUnsafeContinuation { attach(id, $0) }
            #endif
        } onCancel: {
            switch withLock({ $0.cancel(id) }) {
            case .none:
                break
            case .resume(let waiter):
                waiter.resume(returning: .resolved(.cancelled))
            }
        }
    }

    /// Hands the machine the waiter of request `id`, or resumes it at once if its outcome
    /// was decided before it suspended.
    private func attach(_ id: RequestID, _ waiter: RequestWaiter) {
        switch withLock({ $0.attach(id, waiter: waiter) }) {
        case .wait:
            break
        case .resume(let waiter, let outcome):
            waiter.resume(returning: outcome)
        }
    }
}
