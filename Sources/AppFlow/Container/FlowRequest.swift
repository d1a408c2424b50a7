/// One `cycle` call as the container stores it while it waits.
struct FlowRequest<Child: Sendable>: Sendable {
    /// Where the new child comes from.
    enum Source: Sendable {
        /// A child made by the caller.
        case child(Child)
        /// A factory, called only when the transition starts, with the id the transition
        /// will have.
        case factory(@Sendable (TransitionID) async -> Child)
    }

    /// Where the new child comes from.
    let source: Source
    /// The animation to run (the container's default already applied).
    let animation: TransitionAnimation
    /// Asked at each ``FlowAdmissionPoint`` with the child in place then; `false` drops
    /// the request as superseded.
    var admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)? = nil

    /// Whether the child comes from a factory.
    var isFactory: Bool {
        switch source {
        case .child: return false
        case .factory: return true
        }
    }

    /// The admission closure's answer at `point`, with `current` in place; a request
    /// without one is always admitted.
    func admits(_ point: FlowAdmissionPoint, current: Child) -> Bool {
        admission?(point, current) ?? true
    }
}

/// Where a request's admission closure is asked. The public closure of
/// ``FlowContainer/cycle(animation:policy:admittedIf:to:)`` is asked at the first two
/// (``FlowAdmissionCheck``); ``AuthFlow`` also uses the third.
enum FlowAdmissionPoint: Sendable, Hashable {
    /// The request has just reached the container, before it takes its place.
    case arrival
    /// The request's turn has come, before its factory is called.
    case start
    /// The factory has returned its child, before `willTransition` is published: a
    /// refusal drops the child unseen.
    case childMade
}
