/// The identity of one transition: strictly increasing in the order transitions begin
/// within one container.
public struct TransitionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The position of the transition in its container, starting at 1.
    public let rawValue: UInt64

    /// Creates an identifier from its raw position.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Whether `lhs` began before `rhs`.
    public static func < (lhs: TransitionID, rhs: TransitionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#` and the position, as in `#3`.
    public var description: String { "#\(rawValue)" }
}

/// Why a transition's animation ended before it finished on its own.
public enum TransitionInterruption: Sendable {
    /// A newer request with ``OverlapPolicy/interrupt`` arrived.
    case overlap
    /// ``FlowContainer/finish()`` was called.
    case finish
    /// The animation overran its duration by more than the container's watchdog margin.
    case watchdog
    /// The animator threw this error. The child was put in place all the same.
    case failed(any Error)
}

/// One switch of a ``FlowContainer`` from one child to another, as observers see it.
///
/// The value in ``FlowEvent/willTransition(_:)`` has no ``interruption``; the value in
/// ``FlowEvent/didTransition(_:)`` has the same ``id`` and tells whether the animation
/// was cut short.
public struct Transition<Child: Sendable>: Sendable, Identifiable {
    /// Strictly increasing per container.
    public let id: TransitionID
    /// The child shown before the transition.
    public let from: Child
    /// The child shown after the transition.
    public let to: Child
    /// The animation used.
    public let animation: TransitionAnimation
    /// Set on `didTransition`, and in the stage's `unmount(_:)`, when the animation was cut
    /// short; `nil` otherwise.
    public let interruption: TransitionInterruption?

    /// Creates a transition value; the container makes these, tests and stages may too.
    @inlinable
    public init(
        id: TransitionID,
        from: Child,
        to: Child,
        animation: TransitionAnimation,
        interruption: TransitionInterruption? = nil
    ) {
        self.id = id
        self.from = from
        self.to = to
        self.animation = animation
        self.interruption = interruption
    }

    /// Whether the animation was cut short (only ever true on `didTransition`).
    public var wasInterrupted: Bool { interruption != nil }

    /// The same transition, marked as ended with `interruption`.
    func ended(_ interruption: TransitionInterruption?) -> Transition {
        Transition(id: id, from: from, to: to, animation: animation, interruption: interruption)
    }
}

/// ``Transition``, under a name that does not clash with SwiftUI's `Transition` protocol
/// in a file that imports both.
public typealias FlowTransition<Child: Sendable> = Transition<Child>
