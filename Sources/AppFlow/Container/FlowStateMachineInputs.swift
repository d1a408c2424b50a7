/// The identity of one request to a ``FlowContainer``, issued by its state machine in
/// arrival order, starting at 1. Distinct from ``TransitionID``: a request that never
/// runs gets a request id but no transition id.
struct RequestID: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The position of the request in its container's arrival order.
    let rawValue: UInt64

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    init(integerLiteral value: UInt64) {
        self.rawValue = value
    }

    static func < (lhs: RequestID, rhs: RequestID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    var description: String { "\(rawValue)" }
}

/// A place in call order, taken synchronously when a call is made, before its request
/// reaches the container: a stamped request is superseded if a newer stamp was issued
/// before it arrives or before its turn comes. `follow` stamps each state this way, so
/// that the newest state wins however its request's task is scheduled.
struct CallStamp: Sendable, Hashable, Comparable {
    /// The stamp's position, starting at 1.
    let rawValue: UInt64

    static func < (lhs: CallStamp, rhs: CallStamp) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// What the container knows about the task making a request: facts only it can see.
struct RequestCaller: Sendable, Hashable {
    /// Whether the calling task is cancelled.
    var isCancelled: Bool
    /// Whether the call comes from the container's own running transition (its
    /// factory, a hook, the stage or the animator), where waiting would deadlock.
    var isReentrant: Bool
}

/// Where a request stands with its admission closure at one check point.
enum AdmissionAnswer: Sendable, Hashable {
    /// The request has no admission closure: it is always admitted.
    case unconditional
    /// The closure has not been asked at this check point yet.
    case unasked
    /// The closure answered `true`.
    case granted
    /// The closure answered `false`.
    case refused
}

/// How a running animation ended, as its ``AnimationSignal`` reports it: the machine's
/// input, without the animator's error (which the signal keeps for the `didTransition`).
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

/// Why the machine decided a transition's animation did not finish on its own: the
/// error-free, comparable counterpart of the public ``TransitionInterruption``.
enum InterruptionCause: Sendable, Hashable {
    /// An ``OverlapPolicy/interrupt`` request.
    case overlap
    /// `finish()`.
    case finish
    /// The watchdog.
    case watchdog
    /// The animator threw (its ``AnimationSignal`` holds the error).
    case animatorFailed
}
