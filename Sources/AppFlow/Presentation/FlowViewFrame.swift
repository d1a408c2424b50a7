/// The identity a view gives the child of one ``FlowViewFrame``: `.id(frame.identity)`.
///
/// Every switch gives a new identity, so no view state (`@State`, scroll positions) of one
/// child survives into the next, even when the two are views of the same type, as two
/// sessions' home screens are. A child a cover kept and shows again (``FlowCovering``) is
/// a new frame too, but its layer keeps the view identity it had
/// (``FlowViewLayer/id``), so its view lives on.
public struct FlowViewIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The identity's number; identities only grow within one model.
    public let rawValue: UInt64

    /// An identity with `rawValue`.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `id` and the number, as in `id3`.
    public var description: String { "id\(rawValue)" }
}

/// What a ``FlowViewModel``'s view shows: a child, its identity, and the animation of the
/// switch that brought it.
public struct FlowViewFrame<Child> {
    /// The child shown.
    public let child: Child
    /// Its identity.
    public let identity: FlowViewIdentity
    /// The animation of the switch that brought it; `.immediate` for the initial child.
    public let animation: TransitionAnimation
    /// The transition that brought it; `nil` for the initial child.
    public let transition: TransitionID?

    /// How a view animates to this frame: see ``FlowViewAnimation``.
    public func viewAnimation(reduceMotion: Bool) -> FlowViewAnimation {
        FlowViewAnimation(animation, reduceMotion: reduceMotion)
    }
}

extension FlowViewFrame: Sendable where Child: Sendable {}
