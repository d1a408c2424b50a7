/// What a waiting request is told when its turn comes, or when it is resolved without
/// running. It carries no request: the waiting caller still holds its own.
enum RequestOutcome: Sendable {
    /// The request now owns the container and must run its transition.
    case run
    /// The request never runs; the call returns this result.
    case resolved(TransitionResult)
}

/// The decisions of a ``FlowContainer``, as a plain value with no `await` and no side
/// effects.
///
/// Each `mutating` method takes one input and returns an action for the container to
/// perform. The container keeps the machine inside a ``LockedValue`` because one input,
/// ``cancel(_:)``, comes from a task-cancellation handler that runs outside the actor;
/// the actions it returns are performed after the lock is released.
///
/// Generic parameters keep it testable without tasks: `Waiter` is what a suspended
/// request is resumed through (a continuation in the container, a plain token in tests),
/// and `FinishWaiter` is the same for callers of `finish()`.
struct FlowStateMachine<Waiter, FinishWaiter> {
    typealias RequestID = UInt64

    /// The transition that owns the container.
    struct Running {
        /// The request being run.
        var id: RequestID
        /// Why its animation must be cut short, once someone has asked for that.
        var interruption: TransitionInterruption?
    }

    /// A request waiting for its turn.
    struct Pending {
        /// How to resume the caller; `nil` until the caller has suspended.
        var waiter: Waiter?
    }

    fileprivate enum Phase {
        /// Nothing runs and nothing waits.
        case idle
        /// One transition owns the container; others may wait in `pending`.
        case running(Running)
        /// `finish()` was called while a transition ran; it is being cut short, and the
        /// callers of `finish()` wait for it to end.
        case finishing(Running, waiters: [FinishWaiter])
        /// No transition runs any more; the child in place is disappearing and the streams
        /// are about to end. The callers of `finish()` wait for ``closed()``.
        case closing(waiters: [FinishWaiter])
        /// The container is finished for good: the streams have ended.
        case finished
    }

    private var phase: Phase = .idle
    private var pending = PendingQueue<Pending>()
    /// Outcomes decided for requests whose caller had not suspended yet.
    private var decidedEarly: [RequestID: RequestOutcome] = [:]

    init() {}

    // MARK: - Queries

    /// Whether a transition owns the container (including one being cut short by `finish`).
    var isTransitioning: Bool {
        switch phase {
        case .running, .finishing: return true
        case .idle, .closing, .finished: return false
        }
    }

    /// How many requests wait behind the running transition.
    var pendingCount: Int { pending.count }

    /// Whether `finish()` has been called.
    var isFinished: Bool {
        switch phase {
        case .finishing, .closing, .finished: return true
        case .idle, .running: return false
        }
    }

    /// Why the running transition `id` must be cut short, if it must.
    func interruption(of id: RequestID) -> TransitionInterruption? {
        switch phase {
        case .running(let running) where running.id == id:
            return running.interruption
        case .finishing(let running, _) where running.id == id:
            return running.interruption ?? .finish
        default:
            return nil
        }
    }

    // MARK: - Inputs

    /// What the caller of a new request must do.
    enum RequestAction {
        /// The container was idle: the caller owns it now and runs its transition.
        case run
        /// The caller must suspend (and then ``attach(_:waiter:)``). The waiters listed
        /// are resumed with `.resolved(.superseded)`; if `interrupt` is set, the running
        /// animation is cut short.
        case suspend(superseded: [Waiter], interrupt: Bool)
        /// The call returns ``TransitionResult/rejected`` at once.
        case reject
        /// The call returns ``TransitionResult/cancelled`` at once: the container is finished.
        case cancel
    }

    /// A caller made request `id` under `policy`. The machine keeps only the request's
    /// place and, once the caller suspends, its waiter: the caller holds the request itself.
    mutating func request(
        _ id: RequestID,
        policy: OverlapPolicy,
        maxPending: Int
    ) -> RequestAction {
        switch phase {
        case .finishing, .closing, .finished:
            return .cancel
        case .idle:
            phase = .running(Running(id: id))
            return .run
        case .running(var running):
            switch policy {
            case .dropIfBusy:
                return .reject
            case .enqueue:
                guard pending.count < maxPending else { return .reject }
                pending.append(Pending(), id: id)
                return .suspend(superseded: [], interrupt: false)
            case .latestWins, .interrupt:
                let superseded = resolveAllPending(with: .superseded)
                pending.append(Pending(), id: id)
                var interrupt = false
                if policy == .interrupt && running.interruption == nil {
                    running.interruption = .overlap
                    phase = .running(running)
                    interrupt = true
                }
                return .suspend(superseded: superseded, interrupt: interrupt)
            }
        }
    }

    /// A caller asks to run a transition that completes without suspending (an
    /// immediate animation, no stage, no lifecycle hooks). Returns `true` if the machine
    /// is idle: the caller runs it in one synchronous step on the container, and the
    /// machine stays idle, since nothing can observe the transition in between. Otherwise
    /// the caller goes through ``request(_:policy:maxPending:)``.
    func admitsInPlaceTransition() -> Bool {
        if case .idle = phase { return true }
        return false
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
        if var entry = pending[id] {
            entry.waiter = waiter
            pending[id] = entry
            return .wait
        }
        guard let outcome = decidedEarly.removeValue(forKey: id) else {
            preconditionFailure("Internal inconsistency: request \(id) attached but is neither pending nor decided")
        }
        return .resume(waiter, outcome)
    }

    /// The task behind request `id` was cancelled. Returns the waiter to resume with
    /// `.resolved(.cancelled)`, if the request was still pending and had suspended.
    mutating func cancel(_ id: RequestID) -> Waiter? {
        // A request that already runs, or was already resolved, ignores cancellation.
        guard let entry = pending.remove(id: id) else { return nil }
        guard let waiter = entry.waiter else {
            decidedEarly[id] = .resolved(.cancelled)
            return nil
        }
        return waiter
    }

    /// What to do once a lazily made child exists.
    enum ChildReadyAction {
        /// Go on with the transition.
        case proceed
        /// `finish()` arrived while the factory ran: return ``TransitionResult/cancelled``,
        /// publish nothing, and close the container (then ``closed()``).
        case abandon
    }

    /// The factory of the running request `id` has returned its child.
    mutating func childReady(_ id: RequestID) -> ChildReadyAction {
        switch phase {
        case .running(let running) where running.id == id:
            return .proceed
        case .finishing(let running, let waiters) where running.id == id:
            phase = .closing(waiters: waiters)
            return .abandon
        default:
            preconditionFailure("Internal inconsistency: \(phase) received childReady(\(id))")
        }
    }

    /// What to do after a transition has ended.
    enum FinishedAction {
        /// Nothing waits: the container is idle.
        case idle
        /// Hand the container to the next request by resuming its waiter.
        case resume(Waiter, RequestOutcome)
        /// The next request had not suspended yet; it will find its turn when it attaches.
        case handedOver
        /// `finish()` was called: close the container (then ``closed()``).
        case close
    }

    /// The running transition `id` has ended (its `didTransition` is published).
    mutating func transitionFinished(_ id: RequestID) -> FinishedAction {
        switch phase {
        case .running(let running) where running.id == id:
            guard let next = pending.popFirst() else {
                phase = .idle
                return .idle
            }
            phase = .running(Running(id: next.id))
            guard let waiter = next.element.waiter else {
                decidedEarly[next.id] = .run
                return .handedOver
            }
            return .resume(waiter, .run)
        case .finishing(let running, let waiters) where running.id == id:
            phase = .closing(waiters: waiters)
            return .close
        default:
            preconditionFailure("Internal inconsistency: \(phase) received transitionFinished(\(id))")
        }
    }

    /// What the caller of `finish()` must do.
    enum FinishAction {
        /// The container was idle: close it now (then ``closed()``) and return.
        case closeNow
        /// Resume `cancelled` with `.resolved(.cancelled)`, cut the running animation
        /// short if `interrupt` is set, then suspend via ``addFinishWaiter(_:)`` until the
        /// running transition has ended.
        case wait(cancelled: [Waiter], interrupt: Bool)
        /// The container was finished already: return at once.
        case alreadyFinished
    }

    /// `finish()` was called.
    mutating func finish() -> FinishAction {
        switch phase {
        case .idle:
            phase = .closing(waiters: [])
            return .closeNow
        case .running(var running):
            let cancelled = resolveAllPending(with: .cancelled)
            let interrupt = running.interruption == nil
            if interrupt { running.interruption = .finish }
            phase = .finishing(running, waiters: [])
            return .wait(cancelled: cancelled, interrupt: interrupt)
        case .finishing, .closing:
            return .wait(cancelled: [], interrupt: false)
        case .finished:
            return .alreadyFinished
        }
    }

    /// The container has closed: its streams have ended. Returns the callers of `finish()`
    /// to resume.
    mutating func closed() -> [FinishWaiter] {
        guard case .closing(let waiters) = phase else {
            preconditionFailure("Internal inconsistency: \(phase) received closed()")
        }
        phase = .finished
        return waiters
    }

    /// A caller of `finish()` suspends on `waiter`. Returns it back if the container has
    /// finished meanwhile, for the caller to resume at once.
    mutating func addFinishWaiter(_ waiter: FinishWaiter) -> FinishWaiter? {
        switch phase {
        case .finishing(let running, var waiters):
            waiters.append(waiter)
            phase = .finishing(running, waiters: waiters)
            return nil
        case .closing(var waiters):
            waiters.append(waiter)
            phase = .closing(waiters: waiters)
            return nil
        case .finished:
            return waiter
        case .idle, .running:
            preconditionFailure("Internal inconsistency: \(phase) received addFinishWaiter")
        }
    }

    /// Empties the queue; returns the waiters to resume with `result`. Requests whose
    /// caller had not suspended yet find `result` when they attach.
    private mutating func resolveAllPending(with result: TransitionResult) -> [Waiter] {
        var waiters: [Waiter] = []
        for (id, entry) in pending.removeAll() {
            if let waiter = entry.waiter {
                waiters.append(waiter)
            } else {
                decidedEarly[id] = .resolved(result)
            }
        }
        return waiters
    }
}

extension FlowStateMachine: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.Running: Sendable {}
extension FlowStateMachine.Phase: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.Pending: Sendable where Waiter: Sendable {}
