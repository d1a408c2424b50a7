/// How an ``AuthFlow`` login, logout or start ended.
public enum AuthResult: Sendable, Hashable {
    /// The switch ran and its animation finished.
    case completed
    /// The switch ran, but its animation was cut short.
    case interrupted
    /// It never ran: a later call replaced it, or (for a login) a logout was called after
    /// it.
    case superseded
    /// It never ran: the container was busy under a `dropIfBusy` policy or its queue was full.
    case rejected
    /// It never ran: the caller's task was cancelled, or the flow was finished.
    case cancelled
    /// Nothing to do, and nothing was built: the flow already was, at the moment this
    /// call's turn came, in the state asked for (logged in with an equal session, or logged
    /// out in the variant asked for); or a refresh had nothing to rebuild (not logged in,
    /// another account, or made while a login, logout or start was on its way).
    case unchanged

    /// Whether the state was switched.
    public var didSwitch: Bool { self == .completed || self == .interrupted }

    init(_ result: TransitionResult) {
        switch result {
        case .completed: self = .completed
        case .interrupted: self = .interrupted
        case .superseded: self = .superseded
        case .rejected: self = .rejected
        case .cancelled: self = .cancelled
        }
    }
}
