/// What a ``FlowContainer`` tells its observers, in order.
///
/// For each transition there is exactly one ``willTransition(_:)``, then zero or more
/// ``progress(_:fraction:)`` frames, then exactly one ``didTransition(_:)``. No event
/// of another transition falls in between, and transition ids strictly increase.
public enum FlowEvent<Child: Sendable>: Sendable {
    /// A transition has begun: ``FlowContainer/child`` is already its `to`.
    case willTransition(Transition<Child>)
    /// A progress frame of a running animation, in `0...1`; the last frame of an
    /// animated transition is `1`. ``TransitionAnimation/immediate`` sends none.
    case progress(Transition<Child>, fraction: Double)
    /// The transition has ended; the old child is no longer held by the container.
    case didTransition(Transition<Child>)

    /// The transition this event belongs to.
    public var transition: Transition<Child> {
        switch self {
        case .willTransition(let transition), .didTransition(let transition):
            return transition
        case .progress(let transition, _):
            return transition
        }
    }
}
