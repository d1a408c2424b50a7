/// What a waiting request is told when its turn comes, or when it is resolved without
/// running. It carries no request: the waiting caller still holds its own.
enum RequestOutcome: Sendable, Equatable {
    /// The request now owns the container and must start its transition.
    case run
    /// The request never runs; the call returns this result.
    case resolved(TransitionResult)
}

/// The decisions of a ``FlowContainer``, as a plain value with no `await` and no side
/// effects.
///
/// Each `mutating` method takes one input and returns an action for the container to
/// perform; the container decides nothing itself. The machine orders the admission
/// checks, issues request and transition ids, settles overlaps, decides when a turn
/// starts, how an animation ended and which ``TransitionResult`` each call returns.
///
/// The container keeps the machine inside a ``LockedValue`` because one input,
/// ``cancel(_:)``, comes from a task-cancellation handler that runs outside the actor;
/// the actions it returns are performed after the lock is released.
///
/// Generic parameters keep it testable without tasks: `Waiter` is what a suspended
/// request is resumed through (a continuation in the container, a plain token in tests),
/// and `FinishWaiter` is the same for callers of `finish()`.
struct FlowStateMachine<Waiter, FinishWaiter> {
    typealias RequestID = UInt64

    // MARK: - Facts the container reports

    /// What the container knows about the task making a request.
    struct Caller: Sendable, Hashable {
        /// Whether the calling task is cancelled.
        var isCancelled: Bool
        /// Whether the call comes from the container's own running transition (its
        /// factory, a hook, the stage or the animator), where waiting would deadlock.
        var isReentrant: Bool
    }

    /// Where a request stands with its admission closure.
    enum Admission: Sendable, Hashable {
        /// The request has no admission closure: it is always admitted.
        case unconditional
        /// The closure has not been asked at this check point yet.
        case unasked
        /// The closure answered `true`.
        case granted
        /// The closure answered `false`.
        case refused
    }

    /// How a running animation ended, as the animation's signal reports it.
    enum AnimationEnd: Sendable, Hashable {
        /// The animator returned.
        case finished
        /// The container cut it short; the reason is the one the machine recorded.
        case cutShort
        /// The watchdog cut it short.
        case watchdog
        /// The animator threw.
        case failed
    }

    // MARK: - What the machine decides

    /// Why a transition's animation did not finish on its own.
    enum InterruptionCause: Sendable, Hashable {
        /// An ``OverlapPolicy/interrupt`` request.
        case overlap
        /// `finish()`.
        case finish
        /// The watchdog.
        case watchdog
        /// The animator threw (the container holds the error).
        case animatorFailed
    }

    /// How a transition's animation is over.
    enum Settlement: Sendable, Hashable {
        /// It finished: the call returns ``TransitionResult/completed``.
        case completed
        /// It was cut short: the call returns ``TransitionResult/interrupted``.
        case interrupted(InterruptionCause)
    }

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
        /// Its animation is over; the stage's unmount and the hooks run, then
        /// `didTransition` is published.
        case settling(TransitionID, Settlement)
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

    /// A request waiting for its turn.
    struct Pending {
        /// How to resume the caller; `nil` until the caller has suspended.
        var waiter: Waiter?
    }

    fileprivate enum Phase {
        /// Nothing runs and nothing waits.
        case idle
        /// One request owns the container; others may wait, oldest first.
        case running(Running, pending: PendingQueue<Pending>)
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

    private var phase: Phase = .idle
    /// The results of requests resolved without running before their caller suspended;
    /// each is taken when its caller attaches. It lives beside `phase`, not in it,
    /// because such a result must outlive every change of phase until its caller
    /// attaches; ``decide(_:_:)`` keeps an id from being decided twice.
    private var decidedEarly: [RequestID: TransitionResult] = [:]
    private var lastRequestID: RequestID = 0
    private var lastTransitionID: UInt64 = 0
    /// How many event streams subscribe, as the container's broadcaster last reported.
    private var subscriberCount = 0

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
        /// The container was idle: request `id` owns it now; start its transition.
        case run(RequestID)
        /// Request `id` must suspend (then ``attach(_:waiter:)``). Resume `superseded`
        /// with `.resolved(.superseded)`; if `cutShort`, end the running animation.
        case suspend(RequestID, superseded: [Waiter], cutShort: Bool)
    }

    /// A caller makes a request under `policy`. The checks run in this order: a
    /// cancelled caller, a re-entrant caller, a finished container, the admission
    /// closure, then the policy. The machine keeps only the request's place and, once the
    /// caller suspends, its waiter: the caller holds the request itself.
    mutating func request(
        policy: OverlapPolicy,
        maxPending: Int,
        caller: Caller,
        admission: Admission
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
        switch admission {
        case .unasked: return .askAdmission(.arrival)
        case .refused: return .resolve(.superseded)
        case .unconditional, .granted: break
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
                pending.append(Pending(), id: id)
                phase = .running(running, pending: pending)
                return .suspend(id, superseded: [], cutShort: false)
            case .latestWins, .interrupt:
                phase = .modifying
                let superseded = resolveAll(&pending, with: .superseded)
                let id = nextRequestID()
                pending.append(Pending(), id: id)
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
    /// animation, no stage, neither child adopting ``FlowLifecycle``).
    mutating func requestInPlace(caller: Caller, canCompleteSynchronously: Bool) -> InPlaceAction {
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
            if pending[id] != nil {
                phase = .modifying
                pending[id] = Pending(waiter: waiter)
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
            guard let waiter = entry.waiter else {
                decide(id, .cancelled)
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
        case finish(returning: TransitionResult)
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
    }

    /// Request `id`, which owns the container, starts. `makesChild` tells whether its
    /// child comes from a factory.
    mutating func start(_ id: RequestID, admission: Admission, makesChild: Bool) -> StartAction {
        var running = owner(id, "start")
        guard running.step == .starting else {
            preconditionFailure("Internal inconsistency: start(\(id)) at step \(running.step)")
        }
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
    }

    /// The factory of request `id` has returned its child; `admission` is where the
    /// request stands with its admission closure at ``FlowAdmissionPoint/childMade``.
    mutating func childReady(_ id: RequestID, admission: Admission) -> ChildReadyAction {
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
        /// There is nothing to run: the animation is over as `settlement`. If
        /// `showLastFrame`, publish the final frame first.
        case settle(Settlement, showLastFrame: Bool)
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
            running.step = .settling(transitionID, .interrupted(cause))
            replaceOwner(with: running)
            return .settle(.interrupted(cause), showLastFrame: isAnimated)
        }
        guard isAnimated else {
            running.step = .settling(transitionID, .completed)
            replaceOwner(with: running)
            return .settle(.completed, showLastFrame: false)
        }
        running.step = .animating(transitionID)
        replaceOwner(with: running)
        return .runAnimator
    }

    /// What to do once a running animation has ended.
    enum AnimationEndAction {
        /// The animation is over as `settlement`. If `showLastFrame`, publish the final
        /// frame first.
        case settle(Settlement, showLastFrame: Bool)
    }

    /// The animation of request `id` ended as `end`; `lastFrame` is the last progress
    /// frame shown, if any.
    mutating func animationEnded(_ id: RequestID, _ end: AnimationEnd, lastFrame: Double?) -> AnimationEndAction {
        var running = owner(id, "animationEnded")
        guard case .animating(let transitionID) = running.step else {
            preconditionFailure("Internal inconsistency: animationEnded(\(id)) at step \(running.step)")
        }
        let settlement: Settlement
        switch end {
        case .finished:
            settlement = .completed
        case .cutShort:
            guard let cause = running.interruption else {
                preconditionFailure("Internal inconsistency: animation \(id) cut short with no recorded cause")
            }
            settlement = .interrupted(cause)
        case .watchdog:
            settlement = .interrupted(.watchdog)
        case .failed:
            settlement = .interrupted(.animatorFailed)
        }
        running.step = .settling(transitionID, settlement)
        replaceOwner(with: running)
        return .settle(settlement, showLastFrame: lastFrame != 1)
    }

    /// The transition of request `id` has ended: its `didTransition` is published.
    mutating func transitionFinished(_ id: RequestID) -> EndAction {
        let running = owner(id, "transitionFinished")
        guard case .settling(_, let settlement) = running.step else {
            preconditionFailure("Internal inconsistency: transitionFinished(\(id)) at step \(running.step)")
        }
        switch settlement {
        case .completed: return endTurn(returning: .completed)
        case .interrupted: return endTurn(returning: .interrupted)
        }
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
    mutating func finish(caller: Caller) -> FinishAction {
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

    // MARK: - Helpers

    private mutating func nextRequestID() -> RequestID {
        lastRequestID += 1
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

    /// Ends the owner's turn with `result` and hands the container on.
    private mutating func endTurn(returning result: TransitionResult) -> EndAction {
        switch phase {
        case .running(_, var pending):
            phase = .modifying
            guard let next = pending.popFirst() else {
                phase = .idle
                return .finish(returning: result)
            }
            guard let waiter = next.element.waiter else {
                phase = .running(Running(id: next.id, step: .handedOver), pending: pending)
                return .finish(returning: result)
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
    private mutating func resolveAll(_ pending: inout PendingQueue<Pending>, with result: TransitionResult) -> [Waiter]
    {
        var waiters: [Waiter] = []
        for (id, entry) in pending.removeAll() {
            if let waiter = entry.waiter {
                waiters.append(waiter)
            } else {
                decide(id, result)
            }
        }
        return waiters
    }

    /// Keeps `result` for request `id`, whose caller has not suspended yet.
    private mutating func decide(_ id: RequestID, _ result: TransitionResult) {
        guard decidedEarly.updateValue(result, forKey: id) == nil else {
            preconditionFailure("Internal inconsistency: request \(id) decided twice")
        }
    }

    // MARK: - Snapshot

    /// The phases, by name.
    enum PhaseName: Sendable, Hashable {
        case idle, running, finishing, closing, finished
    }

    /// A request waiting for its turn, as a snapshot shows it.
    struct PendingEntry {
        /// The request.
        var id: RequestID
        /// Its waiter, once its caller has suspended.
        var waiter: Waiter?
    }

    /// The whole state as plain values, so that tests can compare states for equality.
    struct Snapshot {
        /// The phase.
        var phase: PhaseName
        /// The request that owns the container, if one does.
        var owner: Running?
        /// The waiting requests, oldest first.
        var pending: [PendingEntry] = []
        /// The callers of `finish()` that wait.
        var finishWaiters: [FinishWaiter] = []
        /// Results decided for requests whose caller has not suspended yet.
        var decidedEarly: [RequestID: TransitionResult] = [:]
        /// The last request id issued.
        var lastRequestID: RequestID = 0
        /// The last transition id issued.
        var lastTransitionID: UInt64 = 0
        /// How many event streams subscribe.
        var subscriberCount = 0
    }

    /// The state now.
    var snapshot: Snapshot {
        var snapshot: Snapshot
        switch phase {
        case .idle:
            snapshot = Snapshot(phase: .idle)
        case .running(let running, let pending):
            snapshot = Snapshot(phase: .running, owner: running)
            snapshot.pending = pending.elements.map { PendingEntry(id: $0.id, waiter: $0.element.waiter) }
        case .finishing(let running, let waiters):
            snapshot = Snapshot(phase: .finishing, owner: running, finishWaiters: waiters)
        case .closing(let waiters):
            snapshot = Snapshot(phase: .closing, finishWaiters: waiters)
        case .finished:
            snapshot = Snapshot(phase: .finished)
        case .modifying:
            preconditionFailure("Internal inconsistency: a snapshot while modifying")
        }
        snapshot.decidedEarly = decidedEarly
        snapshot.lastRequestID = lastRequestID
        snapshot.lastTransitionID = lastTransitionID
        snapshot.subscriberCount = subscriberCount
        return snapshot
    }
}

extension FlowStateMachine: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.Phase: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.Pending: Sendable where Waiter: Sendable {}
extension FlowStateMachine.RequestAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.AttachAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.CancelAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.EndAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.StartAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.ChildReadyAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.FinishAction: Sendable where Waiter: Sendable {}
extension FlowStateMachine.FinishWaiterAction: Sendable where FinishWaiter: Sendable {}
extension FlowStateMachine.ClosedAction: Sendable where FinishWaiter: Sendable {}
extension FlowStateMachine.PendingEntry: Sendable where Waiter: Sendable {}
extension FlowStateMachine.Snapshot: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
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
extension FlowStateMachine.PendingEntry: Equatable where Waiter: Equatable {}
extension FlowStateMachine.Snapshot: Equatable where Waiter: Equatable, FinishWaiter: Equatable {}
