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
    /// Asked on arrival and again just before the transition starts; `false` drops the
    /// request as superseded.
    var admission: (@Sendable (FlowAdmissionCheck) -> Bool)? = nil

    /// Whether the child comes from a factory.
    var isFactory: Bool {
        switch source {
        case .child: return false
        case .factory: return true
        }
    }

    /// The admission closure's answer at `check`; a request without one is always admitted.
    func admits(_ check: FlowAdmissionCheck) -> Bool {
        admission?(check) ?? true
    }
}
