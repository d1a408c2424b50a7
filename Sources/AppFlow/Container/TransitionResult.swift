/// How one ``FlowContainer/cycle(to:animation:policy:)`` call ended.
///
/// Every call returns exactly once, with exactly one of these five cases, so callers
/// can switch over it exhaustively.
public enum TransitionResult: Sendable, Hashable, CaseIterable {
    /// The transition ran and its animation finished.
    case completed
    /// The transition ran and its child is in place, but its animation was cut short:
    /// by an ``OverlapPolicy/interrupt`` request, by ``FlowContainer/finish()``, by the
    /// watchdog, or because the animator threw.
    case interrupted
    /// The transition never ran: a newer ``OverlapPolicy/latestWins`` or
    /// ``OverlapPolicy/interrupt`` request replaced it while it was pending; its admission
    /// closure refused it (on arrival, at its turn, or once its child was made, which is
    /// then dropped unseen); or a newer state of ``FlowContainer/follow(_:animation:child:)``
    /// took its place in call order first.
    case superseded
    /// The transition never ran: the container was busy under
    /// ``OverlapPolicy/dropIfBusy``, the pending queue was full, or the call was made
    /// from inside the container's own running transition (a hook, stage or factory),
    /// where waiting would deadlock.
    case rejected
    /// The transition never ran: the caller's task was cancelled before the request
    /// started, or the container was finished.
    case cancelled

    /// Whether the requested child was put in place (``completed`` or ``interrupted``).
    public var didRun: Bool {
        self == .completed || self == .interrupted
    }
}

/// What a waiting request is told when its turn comes, or when it is resolved without
/// running: the internal counterpart of ``TransitionResult`` that adds "your turn". It
/// carries no request: the waiting caller still holds its own.
enum RequestOutcome: Sendable, Equatable {
    /// The request now owns the container and must start its transition.
    case run
    /// The request never runs; the call returns this result.
    case resolved(TransitionResult)
}
