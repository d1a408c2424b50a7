/// What a new ``FlowContainer/cycle(to:animation:policy:)`` request does to the work ahead of it.
///
/// The policy belongs to the *new* request: it decides the fate of the requests that
/// are already pending and of the transition that is running when it arrives.
public enum OverlapPolicy: Sendable, Hashable, CaseIterable {
    /// First in, first out: the request is appended and every request runs, in the order
    /// the requests reached the container.
    ///
    /// The queue may be bounded with the container's `maxPending`; a request beyond the
    /// bound returns ``TransitionResult/rejected``.
    case enqueue
    /// Every pending (not yet started) request returns ``TransitionResult/superseded``,
    /// including one that was handed its turn but whose caller has not started it yet;
    /// the running transition finishes normally, then this request runs.
    case latestWins
    /// As ``latestWins``, and the running transition's animation is also cut short: it
    /// jumps to its end and returns ``TransitionResult/interrupted``.
    case interrupt
    /// The request returns ``TransitionResult/rejected`` if a transition is running or
    /// any request is pending; otherwise it runs at once.
    case dropIfBusy
}
