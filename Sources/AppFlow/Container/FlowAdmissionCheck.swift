/// When the admission closure of ``FlowContainer/cycle(animation:policy:admittedIf:to:)``
/// is asked.
public enum FlowAdmissionCheck: Sendable, Hashable {
    /// The request has just reached the container, before it takes its place.
    case arrival
    /// The request's turn has come, before its factory is called.
    case start
}

/// Where a request's admission closure is asked. The public closure of
/// ``FlowContainer/cycle(animation:policy:admittedIf:to:)`` is asked at the first two
/// (``FlowAdmissionCheck``); the last two are ``AuthFlow``'s alone, never asked of a public
/// closure.
enum FlowAdmissionPoint: Sendable, Hashable {
    /// The request has just reached the container, before it takes its place.
    case arrival
    /// The request's turn has come, before its factory is called.
    case start
    /// The factory has returned its child, before `willTransition` is published: a
    /// refusal drops the child unseen.
    case childMade
    /// A newer request has reached the container while this request's factory runs: a
    /// refusal hands the turn on at once, and the child is dropped unseen when the factory
    /// returns.
    case overtaken
}
