/// The decisions of a ``FlowContainer``, as a plain value with no `await` and no side
/// effects.
///
/// Each `mutating` method takes one input and returns an action for the container to
/// perform. The machine orders the admission checks, issues request and transition ids,
/// settles overlaps, decides when a turn starts, how an animation ended and which
/// ``TransitionResult`` each call returns. The container reports facts it alone can see
/// (whether the caller is cancelled or is the running transition's own task, whether a
/// transition could complete without suspending, how the animator ended) and performs the
/// actions; it applies its configuration (the watchdog's margin, the default animation and
/// policy) without deciding anything about order or results.
///
/// The container keeps the machine inside a ``LockedValue`` because one input,
/// ``cancel(_:)``, comes from a task-cancellation handler that runs outside the actor;
/// the actions it returns are performed after the lock is released.
///
/// Generic parameters keep it testable without tasks: `Waiter` is what a suspended
/// request is resumed through (a continuation in the container, a plain token in tests),
/// and `FinishWaiter` is the same for callers of `finish()`.
///
/// ## AuthFlow's paths
/// Two admission points are ``AuthFlow``'s alone (``FlowAdmissionPoint``): the machine
/// asks every request with an admission closure there, but a public closure is wrapped to
/// answer `true` at both (`FlowRequest.asking`), so only AuthFlow's closure can refuse. Each
/// input and action that serves only them says so with "AuthFlow's path":
/// - ``FlowAdmissionPoint/childMade``: the child ready input's *ask admission* and *drop*.
/// - ``FlowAdmissionPoint/overtaken``: owner overtaking, the
///   ``RequestAction/askOwnerAdmission(_:)`` action and the `ownerAdmission` argument of
///   ``request(policy:maxPending:caller:admission:stamp:ownerAdmission:)``. The turn it
///   ends is handed on by ``RequestAction/overtake(next:superseded:)`` and remembered in
///   ``overtaken``, which ``OverlapPolicy/latestWins`` and ``OverlapPolicy/interrupt``
///   share for an owner whose caller has not started it.
/// They stay in this machine because they decide the container's turn and ids, which only
/// it may do: moved out, the turn would be decided in two places.
///
/// ## Invariants
/// The first two hold by the shape of `Phase`; ``invariantViolations()`` checks the others.
/// The table tests check them after every row and the fuzzer after every input (the check
/// walks the queue, so the container does not run it).
/// 1. At most one request owns the container: only `running` and `finishing` have an owner.
/// 2. Nothing waits while finishing, closing or finished: only `running` has a queue.
/// 3. Ids are issued in order: every id held (the owner, the waiting requests, the early
///    decisions) is at most `lastRequestID`, and the waiting requests are in arrival order,
///    after the owner.
/// 4. `decidedEarly` and the waiting requests share no id, and neither holds the owner.
/// 5. An early decision is ``TransitionResult/superseded`` or ``TransitionResult/cancelled``.
/// 6. A reserved transition id is `lastTransitionID + 1` (the owner is making its child);
///    a committed one is `lastTransitionID` (the owner is preparing, animating or settling).
/// 7. A finishing owner has a recorded interruption, unless its animation was already over.
/// 8. At rest the phase is never `modifying`.
/// 9. An overtaken request (it lost its turn before it started, or while its factory ran)
///    holds an id at most `lastRequestID`, and is neither the owner, waiting nor decided
///    early.
struct FlowStateMachine<Waiter, FinishWaiter> {
    // MARK: - What the machine decides

    /// Where the transition that owns the container stands.
    enum Step: Sendable, Hashable {
        /// Its turn was handed over, but its caller has not suspended yet: it learns
        /// its turn when it attaches.
        case handedOver
        /// Its caller has the turn and has not started the transition yet.
        case starting
        /// Its factory is making the child; the transition will have this id.
        case makingChild(TransitionID)
        /// `willTransition` is published; the hooks and the stage's mount run.
        case preparing(TransitionID)
        /// Its animation runs.
        case animating(TransitionID)
        /// Its animation is over, cut short for this reason or (`nil`) finished; the
        /// stage's unmount and the hooks run, then `didTransition` is published.
        case settling(TransitionID, InterruptionCause?)
    }

    /// The request that owns the container.
    struct Running: Sendable, Hashable {
        /// The request.
        var id: RequestID
        /// How far it has come.
        var step: Step
        /// Why its animation must be cut short, once the container has asked for that.
        var interruption: InterruptionCause?
    }

    /// Where the container stands as a whole.
    enum Phase {
        /// Nothing runs and nothing waits.
        case idle
        /// One request owns the container; others may wait, oldest first, each with the
        /// waiter its caller suspended on (`nil` until it has).
        case running(Running, pending: PendingQueue<Waiter?>)
        /// `finish()` was called while a request owned the container; its transition is
        /// cut short, and the callers of `finish()` wait for it to end. Nothing waits.
        case finishing(Running, waiters: [FinishWaiter])
        /// No transition runs any more; the child in place is disappearing and the
        /// streams are about to end. The callers of `finish()` wait for ``closed()``.
        case closing(waiters: [FinishWaiter])
        /// The container is finished for good: the streams have ended.
        case finished
        /// Only while an input mutates a payload in place, so that it is not copied.
        case modifying
    }

    private(set) var phase: Phase = .idle
    /// The results of requests resolved without running before their caller suspended;
    /// each is taken when its caller attaches. It lives beside `phase`, not in it,
    /// because such a result must outlive every change of phase until its caller
    /// attaches; ``keepEarly(_:_:)`` keeps an id from being decided twice.
    private(set) var decidedEarly: [RequestID: TransitionResult] = [:]
    private(set) var lastRequestID: RequestID = 0
    private(set) var lastTransitionID: UInt64 = 0
    /// How many event streams subscribe, as the container's broadcaster last reported.
    private(set) var subscriberCount = 0
    /// The newest ``CallStamp`` issued: a stamped request with an older one is superseded.
    private(set) var lastCallStamp = CallStamp(rawValue: 0)
    /// Requests that lost their turn to a newer request, with where each stood: each
    /// returns ``TransitionResult/superseded`` when it starts (``start(_:admission:makesChild:stamp:)``)
    /// or once its factory has returned (``childReady(_:admission:)``), as it stood.
    private(set) var overtaken: [RequestID: OvertakenStep] = [:]

    /// Where a request stood when it lost its turn.
    enum OvertakenStep: Sendable, Hashable {
        /// Handed its turn, not started: it learns so when it starts.
        case beforeStart
        /// Making its child: it learns so when its factory returns.
        case makingChild
    }

    init() {}

    // MARK: - Queries

    /// Whether a request owns the container (including one being cut short by `finish`).
    var isTransitioning: Bool {
        switch phase {
        case .running, .finishing: return true
        case .idle, .closing, .finished: return false
        case .modifying: preconditionFailure("Internal inconsistency: a query while modifying")
        }
    }

    /// How many requests wait behind the running transition.
    var pendingCount: Int {
        switch phase {
        case .running(_, let pending): return pending.count
        case .idle, .finishing, .closing, .finished: return 0
        case .modifying: preconditionFailure("Internal inconsistency: a query while modifying")
        }
    }

    /// Whether `finish()` has been called.
    var isFinished: Bool {
        switch phase {
        case .finishing, .closing, .finished: return true
        case .idle, .running: return false
        case .modifying: preconditionFailure("Internal inconsistency: a query while modifying")
        }
    }

    // MARK: - Requests

    /// What the caller of a new request must do.
    enum RequestAction {
        /// The call returns this result at once; the request takes no place.
        case resolve(TransitionResult)
        /// Ask the request's admission closure at `check`, then make the request again
        /// with its answer.
        case askAdmission(FlowAdmissionPoint)
        /// AuthFlow's path: ask the admission closure of request `owner`, which owns the container and is
        /// making its child, at ``FlowAdmissionPoint/overtaken``, then make the request
        /// again with its answer as `ownerAdmission`.
        case askOwnerAdmission(RequestID)
        /// The owner lost its turn (its factory still runs, or it has not started): the
        /// container no longer waits for it. Resume `superseded` with
        /// `.resolved(.superseded)` and `next`, if set, with `.run` (it owns the container
        /// now), then make the request again.
        case overtake(next: Waiter?, superseded: [Waiter])
        /// The container was idle: request `id` owns it now; start its transition.
        case run(RequestID)
        /// Request `id` must suspend (then ``attach(_:waiter:)``). Resume `superseded`
        /// with `.resolved(.superseded)`; if `cutShort`, end the running animation.
        case suspend(RequestID, superseded: [Waiter], cutShort: Bool)
    }

    /// Issues the next ``CallStamp``: from now on, a request stamped earlier is superseded
    /// when it arrives or when its turn comes.
    mutating func stampCall() -> CallStamp {
        lastCallStamp = CallStamp(rawValue: lastCallStamp.rawValue + 1)
        return lastCallStamp
    }

    /// A caller makes a request under `policy`. The checks run in this order: a
    /// cancelled caller, a re-entrant caller, a finished container, the `stamp` of a superseded call,
    /// the admission closure, the owner's admission if it is making its child, then the
    /// policy. The machine keeps only the request's place and, once the caller suspends,
    /// its waiter: the caller holds the request itself.
    ///
    /// AuthFlow's path: `ownerAdmission` is where the owner stands with its admission closure at
    /// ``FlowAdmissionPoint/overtaken``: ``AdmissionAnswer/unconditional`` if it has none.
    /// An owner that refuses is overtaken: its turn ends as if its factory had returned,
    /// and the request then takes its place as it would have then.
    mutating func request(
        policy: OverlapPolicy,
        maxPending: Int,
        caller: RequestCaller,
        admission: AdmissionAnswer,
        stamp: CallStamp? = nil,
        ownerAdmission: AdmissionAnswer = .unconditional
    ) -> RequestAction {
        if caller.isCancelled { return .resolve(.cancelled) }
        if caller.isReentrant { return .resolve(.rejected) }
        switch phase {
        case .finishing, .closing, .finished:
            return .resolve(.cancelled)
        case .idle, .running:
            break
        case .modifying:
            preconditionFailure("Internal inconsistency: request while modifying")
        }
        if isOutdated(stamp) { return .resolve(.superseded) }
        switch admission {
        case .unasked: return .askAdmission(.arrival)
        case .refused: return .resolve(.superseded)
        case .unconditional, .granted: break
        }
        if case .running(let running, _) = phase {
            switch running.step {
            case .makingChild:
                switch ownerAdmission {
                case .unasked: return .askOwnerAdmission(running.id)
                case .refused: return overtakeOwner()
                case .unconditional, .granted: break
                }
            case .handedOver, .starting:
                // Handed its turn, its caller has not started it yet: it is still pending
                // as far as the policy goes.
                if policy == .latestWins || policy == .interrupt { return supersedeUnstartedOwner() }
            case .preparing, .animating, .settling:
                break
            }
        }
        switch phase {
        case .idle:
            let id = nextRequestID()
            phase = .running(Running(id: id, step: .starting), pending: PendingQueue())
            return .run(id)
        case .running(var running, var pending):
            switch policy {
            case .dropIfBusy:
                return .resolve(.rejected)
            case .enqueue:
                guard pending.count < maxPending else { return .resolve(.rejected) }
                phase = .modifying
                let id = nextRequestID()
                pending.append(nil, id: id)
                phase = .running(running, pending: pending)
                return .suspend(id, superseded: [], cutShort: false)
            case .latestWins, .interrupt:
                phase = .modifying
                let superseded = resolveAll(&pending, with: .superseded)
                let id = nextRequestID()
                pending.append(nil, id: id)
                let cutShort = policy == .interrupt && markInterrupted(&running, by: .overlap)
                phase = .running(running, pending: pending)
                return .suspend(id, superseded: superseded, cutShort: cutShort)
            }
        case .finishing, .closing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) passed the finished check")
        }
    }

    /// What the caller of a transition that cannot suspend must do.
    enum InPlaceAction {
        /// The transition could suspend, or the container is busy or finishing: make an
        /// ordinary request instead.
        case useRequest
        /// The call returns this result at once.
        case resolve(TransitionResult)
        /// The container was idle: perform the whole transition with this id in one
        /// synchronous step, then return `result`. The machine stays idle, since nothing
        /// can observe the transition in between. `publish` tells whether any event
        /// stream subscribes, so that the caller knows without taking another lock.
        case perform(TransitionID, result: TransitionResult, publish: Bool)
    }

    /// The container's event streams now number `count`. The broadcaster reports every
    /// change while it holds its own lock, so the count is never stale.
    mutating func subscribersChanged(to count: Int) {
        subscriberCount = count
    }

    /// A caller asks to run its transition in place. `canCompleteSynchronously` tells
    /// whether that transition could complete without suspending (an immediate
    /// animation, no stage, no hop in place, neither child adopting ``FlowLifecycle``).
    mutating func requestInPlace(caller: RequestCaller, canCompleteSynchronously: Bool) -> InPlaceAction {
        guard canCompleteSynchronously else { return .useRequest }
        switch phase {
        case .idle:
            if caller.isCancelled { return .resolve(.cancelled) }
            if caller.isReentrant { return .resolve(.rejected) }
            return .perform(nextTransitionID(), result: .completed, publish: subscriberCount > 0)
        case .running, .finishing, .closing, .finished:
            return .useRequest
        case .modifying:
            preconditionFailure("Internal inconsistency: requestInPlace while modifying")
        }
    }

    /// What to do after a caller hands over its waiter.
    enum AttachAction {
        /// Keep waiting; the waiter is stored.
        case wait
        /// The outcome was decided before the caller suspended: resume it now.
        case resume(Waiter, RequestOutcome)
    }

    /// The caller of request `id` has suspended on `waiter`.
    mutating func attach(_ id: RequestID, waiter: Waiter) -> AttachAction {
        if let result = decidedEarly.removeValue(forKey: id) {
            return .resume(waiter, .resolved(result))
        }
        switch phase {
        case .running(var running, var pending):
            if pending.contains(id) {
                phase = .modifying
                pending.replace(id, with: waiter)
                phase = .running(running, pending: pending)
                return .wait
            }
            guard running.id == id, running.step == .handedOver else { break }
            running.step = .starting
            phase = .running(running, pending: pending)
            return .resume(waiter, .run)
        case .finishing(var running, let waiters):
            guard running.id == id, running.step == .handedOver else { break }
            running.step = .starting
            phase = .finishing(running, waiters: waiters)
            return .resume(waiter, .run)
        case .idle, .closing, .finished:
            break
        case .modifying:
            preconditionFailure("Internal inconsistency: attach while modifying")
        }
        preconditionFailure("Internal inconsistency: request \(id) attached but is neither pending nor decided")
    }

    /// What to do when a request's task is cancelled.
    enum CancelAction {
        /// Nothing: the request already runs, was already resolved, or has not suspended
        /// yet (it finds ``TransitionResult/cancelled`` when it attaches).
        case none
        /// Resume this waiter with `.resolved(.cancelled)`.
        case resume(Waiter)
    }

    /// The task behind request `id` was cancelled. Only a pending request is affected:
    /// once a request owns the container, cancellation changes nothing.
    mutating func cancel(_ id: RequestID) -> CancelAction {
        switch phase {
        case .running(let running, var pending):
            phase = .modifying
            let removed = pending.remove(id: id)
            phase = .running(running, pending: pending)
            guard let entry = removed else { return .none }
            guard let waiter = entry else {
                keepEarly(id, .cancelled)
                return .none
            }
            return .resume(waiter)
        case .idle, .finishing, .closing, .finished:
            return .none
        case .modifying:
            preconditionFailure("Internal inconsistency: cancel while modifying")
        }
    }

    // MARK: - Running a transition

    /// How a turn ends: what to hand on, and what the call returns.
    enum EndAction {
        /// Return `result`; nothing else is to be done (the container is idle, or the
        /// next request finds its turn when it attaches).
        case returning(TransitionResult)
        /// Resume the next request's waiter with `outcome`, then return `result`.
        case resumeNext(Waiter, RequestOutcome, returning: TransitionResult)
        /// `finish()` was called: close the container (then ``closed()``), then return
        /// `result`.
        case close(returning: TransitionResult)
    }

    /// What the owner of the container does when it starts.
    enum StartAction {
        /// Ask the admission closure at `point`, then start again with its answer.
        case askAdmission(FlowAdmissionPoint)
        /// The request was refused at its start: no factory, no event; end the turn so.
        case skip(EndAction)
        /// Call the factory with the id its transition will have, then ``childReady(_:)``.
        case makeChild(TransitionID)
        /// The child is at hand: publish `willTransition` for a transition with this id.
        case begin(TransitionID)
        /// A newer request superseded this one before it started: return
        /// ``TransitionResult/superseded``. The turn is no longer its own.
        case overtaken
    }

    /// Request `id`, which owns the container, starts. `makesChild` tells whether its
    /// child comes from a factory; `stamp` is the one it was made with, if any. The stamp
    /// of a superseded call is checked before the admission closure.
    mutating func start(
        _ id: RequestID,
        admission: AdmissionAnswer,
        makesChild: Bool,
        stamp: CallStamp? = nil
    ) -> StartAction {
        if overtaken[id] == .beforeStart {
            overtaken[id] = nil
            return .overtaken
        }
        var running = owner(id, "start")
        guard running.step == .starting else {
            preconditionFailure("Internal inconsistency: start(\(id)) at step \(running.step)")
        }
        if isOutdated(stamp) { return .skip(endTurn(returning: .superseded)) }
        switch admission {
        case .unasked:
            return .askAdmission(.start)
        case .refused:
            return .skip(endTurn(returning: .superseded))
        case .unconditional, .granted:
            break
        }
        if makesChild {
            running.step = .makingChild(TransitionID(rawValue: lastTransitionID + 1))
        } else {
            running.step = .preparing(nextTransitionID())
        }
        replaceOwner(with: running)
        switch running.step {
        case .makingChild(let transitionID): return .makeChild(transitionID)
        case .preparing(let transitionID): return .begin(transitionID)
        case .handedOver, .starting, .animating, .settling:
            preconditionFailure("Internal inconsistency: start left step \(running.step)")
        }
    }

    /// What to do once a factory has made its child.
    enum ChildReadyAction {
        /// Ask the admission closure at `point`, then report the child ready again with
        /// its answer.
        case askAdmission(FlowAdmissionPoint)
        /// Publish `willTransition` for a transition with this id.
        case begin(TransitionID)
        /// The request was refused once its child existed: drop the child unseen, publish
        /// nothing, and end the turn so. The reserved transition id was never committed:
        /// the next transition gets it, so ids stay consecutive.
        case drop(EndAction)
        /// `finish()` arrived while the factory ran: drop the child, publish nothing,
        /// and end the turn so.
        case abandon(EndAction)
        /// The request was overtaken while its factory ran: drop the child unseen and
        /// return ``TransitionResult/superseded``. The turn is no longer its own, so
        /// nothing else is to be done.
        case overtaken
    }

    /// The factory of request `id` has returned its child; `admission` is where the
    /// request stands with its admission closure at ``FlowAdmissionPoint/childMade``.
    mutating func childReady(_ id: RequestID, admission: AdmissionAnswer) -> ChildReadyAction {
        if overtaken[id] == .makingChild {
            overtaken[id] = nil
            return .overtaken
        }
        var running = owner(id, "childReady")
        guard case .makingChild(let reserved) = running.step else {
            preconditionFailure("Internal inconsistency: childReady(\(id)) at step \(running.step)")
        }
        switch phase {
        case .running:
            break
        case .finishing(_, let waiters):
            phase = .closing(waiters: waiters)
            return .abandon(.close(returning: .cancelled))
        case .idle, .closing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) received childReady(\(id))")
        }
        switch admission {
        // AuthFlow's path: a request with an admission closure is asked again once its
        // child is made (a public closure answers yes), and a refusal drops the child unseen.
        case .unasked:
            return .askAdmission(.childMade)
        case .refused:
            return .drop(endTurn(returning: .superseded))
        case .unconditional, .granted:
            // Only one transition is made at a time, so nothing can have taken the id
            // reserved at the start.
            guard reserved.rawValue == lastTransitionID + 1 else {
                preconditionFailure("Internal inconsistency: reserved \(reserved) after #\(lastTransitionID)")
            }
            lastTransitionID = reserved.rawValue
            running.step = .preparing(reserved)
            replaceOwner(with: running)
            return .begin(reserved)
        }
    }

    /// What to do once the hooks and the stage's mount have run.
    enum AnimateAction {
        /// Start the animator (and its watchdog) and wait for the animation's end.
        case runAnimator
        /// There is nothing to run: the animation is over, cut short for `interruption`
        /// or (`nil`) complete. If `showLastFrame`, publish the final frame first.
        case settle(interruption: InterruptionCause?, showLastFrame: Bool)
    }

    /// The transition of request `id` is ready to animate; `isAnimated` tells whether
    /// its animation has anything to run.
    mutating func animate(_ id: RequestID, isAnimated: Bool) -> AnimateAction {
        var running = owner(id, "animate")
        guard case .preparing(let transitionID) = running.step else {
            preconditionFailure("Internal inconsistency: animate(\(id)) at step \(running.step)")
        }
        if let cause = running.interruption {
            // Cut short before it began: jump straight to the end.
            running.step = .settling(transitionID, cause)
            replaceOwner(with: running)
            return .settle(interruption: cause, showLastFrame: isAnimated)
        }
        guard isAnimated else {
            running.step = .settling(transitionID, nil)
            replaceOwner(with: running)
            return .settle(interruption: nil, showLastFrame: false)
        }
        running.step = .animating(transitionID)
        replaceOwner(with: running)
        return .runAnimator
    }

    /// What to do once a running animation has ended.
    enum AnimationEndAction {
        /// The animation is over, cut short for `interruption` or (`nil`) complete. If
        /// `showLastFrame`, publish the final frame first.
        case settle(interruption: InterruptionCause?, showLastFrame: Bool)
    }

    /// The animation of request `id` ended as `end`; `lastFrame` is the last progress
    /// frame shown, if any.
    mutating func animationEnded(_ id: RequestID, _ end: AnimationEnd, lastFrame: Double?) -> AnimationEndAction {
        var running = owner(id, "animationEnded")
        guard case .animating(let transitionID) = running.step else {
            preconditionFailure("Internal inconsistency: animationEnded(\(id)) at step \(running.step)")
        }
        let interruption: InterruptionCause?
        switch end {
        case .finished:
            interruption = nil
        case .cutShort:
            guard let cause = running.interruption else {
                preconditionFailure("Internal inconsistency: animation \(id) cut short with no recorded cause")
            }
            interruption = cause
        case .watchdog:
            interruption = .watchdog
        case .failed:
            interruption = .animatorFailed
        }
        running.step = .settling(transitionID, interruption)
        replaceOwner(with: running)
        return .settle(interruption: interruption, showLastFrame: lastFrame != 1)
    }

    /// The transition of request `id` has ended: its `didTransition` is published.
    mutating func transitionFinished(_ id: RequestID) -> EndAction {
        let running = owner(id, "transitionFinished")
        guard case .settling(_, let interruption) = running.step else {
            preconditionFailure("Internal inconsistency: transitionFinished(\(id)) at step \(running.step)")
        }
        return endTurn(returning: interruption == nil ? .completed : .interrupted)
    }

    // MARK: - Finishing

    /// What the caller of `finish()` must do.
    enum FinishAction {
        /// The container was idle: close it now (then ``closed()``) and return.
        case closeNow
        /// Resume `cancelled` with `.resolved(.cancelled)`, end the running animation if
        /// `cutShort`, then, if `suspend`, suspend via ``addFinishWaiter(_:)`` until the
        /// container has closed. A caller inside the running transition must not wait for
        /// it (that would deadlock), so it is told not to suspend.
        case wait(cancelled: [Waiter], cutShort: Bool, suspend: Bool)
        /// The container was finished already: return at once.
        case alreadyFinished
    }

    /// `finish()` was called by `caller` (only its re-entrance matters: cancellation does
    /// not stop a finish).
    mutating func finish(caller: RequestCaller) -> FinishAction {
        switch phase {
        case .idle:
            phase = .closing(waiters: [])
            return .closeNow
        case .running(var running, var pending):
            phase = .modifying
            let cancelled = resolveAll(&pending, with: .cancelled)
            let cutShort = markInterrupted(&running, by: .finish)
            phase = .finishing(running, waiters: [])
            return .wait(cancelled: cancelled, cutShort: cutShort, suspend: !caller.isReentrant)
        case .finishing, .closing:
            return .wait(cancelled: [], cutShort: false, suspend: !caller.isReentrant)
        case .finished:
            return .alreadyFinished
        case .modifying:
            preconditionFailure("Internal inconsistency: finish while modifying")
        }
    }

    /// What to do with a caller of `finish()` that suspends.
    enum FinishWaiterAction {
        /// Keep waiting; the waiter is stored.
        case wait
        /// The container has closed meanwhile: resume this waiter now.
        case resume(FinishWaiter)
    }

    /// A caller of `finish()` suspends on `waiter`.
    mutating func addFinishWaiter(_ waiter: FinishWaiter) -> FinishWaiterAction {
        switch phase {
        case .finishing(let running, var waiters):
            phase = .modifying
            waiters.append(waiter)
            phase = .finishing(running, waiters: waiters)
            return .wait
        case .closing(var waiters):
            phase = .modifying
            waiters.append(waiter)
            phase = .closing(waiters: waiters)
            return .wait
        case .finished:
            return .resume(waiter)
        case .idle, .running, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) received addFinishWaiter")
        }
    }

    /// What to do once the container has closed.
    enum ClosedAction {
        /// Resume every caller of `finish()` that waits.
        case resumeFinishWaiters([FinishWaiter])
    }

    /// The container has closed: its streams have ended.
    mutating func closed() -> ClosedAction {
        switch phase {
        case .closing(let waiters):
            phase = .finished
            return .resumeFinishWaiters(waiters)
        case .idle, .running, .finishing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) received closed()")
        }
    }

    // MARK: - Invariants

    /// The invariants of the type's documentation that the state breaks, each as a
    /// sentence; empty when all hold.
    func invariantViolations() -> [String] {
        var broken: [String] = []
        let owner: Running?
        var waiting: [RequestID] = []
        switch phase {
        case .idle, .closing, .finished:
            owner = nil
        case .running(let running, let pending):
            owner = running
            waiting = pending.elements.map { $0.id }
        case .finishing(let running, _):
            owner = running
            if running.interruption == nil {
                if case .settling = running.step {
                } else {
                    broken.append("7: the finishing owner \(running.id) has no recorded interruption")
                }
            }
        case .modifying:
            return ["8: the phase is modifying at rest"]
        }
        let lost = Set(overtaken.keys)
        let held = (owner.map { [$0.id] } ?? []) + waiting + Array(decidedEarly.keys) + Array(lost)
        if let newest = held.max(), newest > lastRequestID {
            broken.append("3: request \(newest) is newer than the last id issued, \(lastRequestID)")
        }
        if waiting != waiting.sorted() || Set(waiting).count != waiting.count {
            broken.append("3: the waiting requests \(waiting) are not in arrival order")
        }
        if let owner, let first = waiting.first, first <= owner.id {
            broken.append("3: waiting request \(first) is not newer than the owner \(owner.id)")
        }
        let early = Set(decidedEarly.keys)
        if !early.isDisjoint(with: waiting) || owner.map({ early.contains($0.id) || waiting.contains($0.id) }) == true {
            broken.append("4: an id is both decided early, waiting or owning")
        }
        if !lost.isDisjoint(with: early) || !lost.isDisjoint(with: waiting)
            || owner.map({ lost.contains($0.id) }) == true
        {
            broken.append("9: an overtaken request is also owning, waiting or decided early")
        }
        if decidedEarly.values.contains(where: { $0 != .superseded && $0 != .cancelled }) {
            broken.append("5: an early decision is neither superseded nor cancelled: \(decidedEarly)")
        }
        switch owner?.step {
        case .makingChild(let reserved) where reserved.rawValue != lastTransitionID + 1:
            broken.append("6: reserved \(reserved) after #\(lastTransitionID)")
        case .preparing(let id), .animating(let id), .settling(let id, _):
            if id.rawValue != lastTransitionID {
                broken.append("6: running \(id) while the last transition id issued is #\(lastTransitionID)")
            }
        case .makingChild, .handedOver, .starting, nil:
            break
        }
        return broken
    }

    /// Stops the process if an invariant is broken.
    func checkInvariants() {
        let broken = invariantViolations()
        guard broken.isEmpty else {
            preconditionFailure("Internal inconsistency: broken invariants \(broken)")
        }
    }

    // MARK: - Helpers

    /// Whether `stamp` was issued before the newest stamp.
    private func isOutdated(_ stamp: CallStamp?) -> Bool {
        guard let stamp else { return false }
        return stamp < lastCallStamp
    }

    private mutating func nextRequestID() -> RequestID {
        lastRequestID = RequestID(rawValue: lastRequestID.rawValue + 1)
        return lastRequestID
    }

    private mutating func nextTransitionID() -> TransitionID {
        lastTransitionID += 1
        return TransitionID(rawValue: lastTransitionID)
    }

    /// The request that owns the container, which must be `id`.
    private func owner(_ id: RequestID, _ input: StaticString) -> Running {
        switch phase {
        case .running(let running, _) where running.id == id:
            return running
        case .finishing(let running, _) where running.id == id:
            return running
        case .idle, .running, .finishing, .closing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) received \(input)(\(id))")
        }
    }

    /// Stores `running`, the owner's new state, in place.
    private mutating func replaceOwner(with running: Running) {
        switch phase {
        case .running(_, let pending):
            phase = .running(running, pending: pending)
        case .finishing(_, let waiters):
            phase = .finishing(running, waiters: waiters)
        case .idle, .closing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) has no owner to replace")
        }
    }

    /// Records `cause` for the owner's animation unless a cause is recorded already or
    /// the animation is over. Returns whether a running animation must be ended now.
    private func markInterrupted(_ running: inout Running, by cause: InterruptionCause) -> Bool {
        guard running.interruption == nil else { return false }
        switch running.step {
        case .handedOver, .starting, .makingChild, .preparing:
            running.interruption = cause
            return false
        case .animating:
            running.interruption = cause
            return true
        case .settling:
            return false
        }
    }

    /// The owner, making its child, refused to wait for it: it is overtaken, and its turn
    /// ends as if its factory had returned.
    private mutating func overtakeOwner() -> RequestAction {
        guard case .running(let running, _) = phase else {
            preconditionFailure("Internal inconsistency: \(phase) has no owner to overtake")
        }
        overtaken[running.id] = .makingChild
        switch endTurn(returning: .superseded) {
        case .returning:
            return .overtake(next: nil, superseded: [])
        case .resumeNext(let waiter, _, _):
            return .overtake(next: waiter, superseded: [])
        case .close:
            preconditionFailure("Internal inconsistency: a running owner was overtaken while finishing")
        }
    }

    /// A ``OverlapPolicy/latestWins`` or ``OverlapPolicy/interrupt`` request supersedes
    /// an owner that has not started (as every request waiting behind it): the owner finds
    /// ``TransitionResult/superseded`` when it attaches or starts, and the container is idle.
    private mutating func supersedeUnstartedOwner() -> RequestAction {
        guard case .running(let running, var pending) = phase else {
            preconditionFailure("Internal inconsistency: \(phase) has no owner to supersede")
        }
        phase = .modifying
        if running.step == .handedOver {
            keepEarly(running.id, .superseded)
        } else {
            overtaken[running.id] = .beforeStart
        }
        let superseded = resolveAll(&pending, with: .superseded)
        phase = .idle
        return .overtake(next: nil, superseded: superseded)
    }

    /// Ends the owner's turn with `result` and hands the container on.
    private mutating func endTurn(returning result: TransitionResult) -> EndAction {
        switch phase {
        case .running(_, var pending):
            phase = .modifying
            guard let next = pending.popFirst() else {
                phase = .idle
                return .returning(result)
            }
            guard let waiter = next.element else {
                phase = .running(Running(id: next.id, step: .handedOver), pending: pending)
                return .returning(result)
            }
            phase = .running(Running(id: next.id, step: .starting), pending: pending)
            return .resumeNext(waiter, .run, returning: result)
        case .finishing(_, let waiters):
            phase = .closing(waiters: waiters)
            return .close(returning: result)
        case .idle, .closing, .finished, .modifying:
            preconditionFailure("Internal inconsistency: \(phase) has no turn to end")
        }
    }

    /// Empties `pending`; returns the waiters to resume with `result`. Requests whose
    /// caller had not suspended yet find `result` when they attach.
    private mutating func resolveAll(_ pending: inout PendingQueue<Waiter?>, with result: TransitionResult) -> [Waiter]
    {
        var waiters: [Waiter] = []
        for (id, entry) in pending.removeAll() {
            if let waiter = entry {
                waiters.append(waiter)
            } else {
                keepEarly(id, result)
            }
        }
        return waiters
    }

    /// Keeps `result` for request `id`, whose caller has not suspended yet.
    private mutating func keepEarly(_ id: RequestID, _ result: TransitionResult) {
        guard decidedEarly.updateValue(result, forKey: id) == nil else {
            preconditionFailure("Internal inconsistency: request \(id) decided twice")
        }
    }
}

extension FlowStateMachine: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.Phase: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.RequestAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.AttachAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.CancelAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.EndAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.StartAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.ChildReadyAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.FinishAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.FinishWaiterAction: Sendable where FinishWaiter: Sendable {}
extension FlowStateMachine.ClosedAction: Sendable where FinishWaiter: Sendable {}
extension FlowStateMachine.RequestAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.InPlaceAction: Equatable {}
extension FlowStateMachine.AttachAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.CancelAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.EndAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.StartAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.ChildReadyAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.AnimateAction: Equatable {}
extension FlowStateMachine.AnimationEndAction: Equatable {}
extension FlowStateMachine.FinishAction: Equatable where Waiter: Equatable {}
extension FlowStateMachine.FinishWaiterAction: Equatable where FinishWaiter: Equatable {}
extension FlowStateMachine.ClosedAction: Equatable where FinishWaiter: Equatable {}
