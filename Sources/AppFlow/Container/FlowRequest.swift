/// One `cycle` or `hop` call, as its caller's frame keeps it while it waits for its turn
/// and runs: the state machine holds only its id and waiter.
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
    /// The conditions of a request made with an admission closure, a stamp, a leave or an
    /// arrival action; `nil` for a plain call. One reference rather than four fields, so that a
    /// waiting request's frames keep the size that fits its task's first allocator slab
    /// (<doc:Performance>).
    private let terms: Terms?

    /// See ``FlowRequest/terms``.
    final class Terms: Sendable {
        let admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)?
        let stamp: CallStamp?
        let onLeave: (@Sendable () -> Void)?
        let onArrival: (@Sendable () -> Void)?

        init(
            admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)?,
            stamp: CallStamp?,
            onLeave: (@Sendable () -> Void)?,
            onArrival: (@Sendable () -> Void)?
        ) {
            self.admission = admission
            self.stamp = stamp
            self.onLeave = onLeave
            self.onArrival = onArrival
        }
    }

    init(
        source: Source,
        animation: TransitionAnimation,
        admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)? = nil,
        stamp: CallStamp? = nil,
        onLeave: (@Sendable () -> Void)? = nil,
        onArrival: (@Sendable () -> Void)? = nil
    ) {
        self.source = source
        self.animation = animation
        if admission == nil && stamp == nil && onLeave == nil && onArrival == nil {
            terms = nil
        } else {
            terms = Terms(admission: admission, stamp: stamp, onLeave: onLeave, onArrival: onArrival)
        }
    }

    /// Asked at each ``FlowAdmissionPoint`` with the child in place then; `false` drops
    /// the request as superseded.
    var admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)? { terms?.admission }
    /// The request's place in call order, taken when the call was made (`follow` takes
    /// one per state); `nil` for an ordinary call, which takes its place on arrival.
    var stamp: CallStamp? { terms?.stamp }
    /// Called when the child this request places leaves: when the next transition
    /// begins, or when the container closes. A hop ends itself as replaced through it.
    var onLeave: (@Sendable () -> Void)? { terms?.onLeave }
    /// Called on the container once the request has arrived: admitted, waiting, or
    /// resolved. An ``AuthFlow`` scene's arrival gate opens through it.
    var onArrival: (@Sendable () -> Void)? { terms?.onArrival }

    /// The admission closure of a public `admittedIf` parameter: asked at the two
    /// ``FlowAdmissionCheck``s, never once the child is made nor when a newer request
    /// overtakes it.
    static func asking(
        _ admission: @escaping @Sendable (FlowAdmissionCheck) -> Bool
    ) -> @Sendable (FlowAdmissionPoint, Child) -> Bool {
        { point, _ in
            switch point {
            case .arrival: return admission(.arrival)
            case .start: return admission(.start)
            case .childMade, .overtaken: return true
            }
        }
    }

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
