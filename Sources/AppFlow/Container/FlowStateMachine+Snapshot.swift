// The machine's whole state as plain values, for the table tests and the fuzzer: states
// compare for equality and print as the rows' expectations.

extension FlowStateMachine {
    /// The phases, by name.
    enum PhaseName: Sendable, Hashable {
        case idle, running, finishing, closing, finished
    }

    /// A request waiting for its turn, as a snapshot shows it: its id and the waiter the
    /// machine keeps for it.
    struct PendingRequest {
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
        var pending: [PendingRequest] = []
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
        /// The newest call stamp issued.
        var lastCallStamp: UInt64 = 0
        /// Requests that lost their turn, with where each stood.
        var overtaken: [RequestID: OvertakenStep] = [:]
    }

    /// The state now.
    var snapshot: Snapshot {
        var snapshot: Snapshot
        switch phase {
        case .idle:
            snapshot = Snapshot(phase: .idle)
        case .running(let running, let pending):
            snapshot = Snapshot(phase: .running, owner: running)
            snapshot.pending = pending.elements.map { PendingRequest(id: $0.id, waiter: $0.element) }
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
        snapshot.lastCallStamp = lastCallStamp.rawValue
        snapshot.overtaken = overtaken
        return snapshot
    }
}

extension FlowStateMachine.PendingRequest: Sendable where Waiter: Sendable {}
extension FlowStateMachine.Snapshot: Sendable where Waiter: Sendable, FinishWaiter: Sendable {}
extension FlowStateMachine.PendingRequest: Equatable where Waiter: Equatable {}
extension FlowStateMachine.Snapshot: Equatable where Waiter: Equatable, FinishWaiter: Equatable {}
