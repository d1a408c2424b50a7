/// How a transition is animated: a value, chosen per container or per request.
///
/// Built-in animations are timed tasks on the container's clock that report progress
/// frames (about 60 per second, eased by their ``AnimationCurve``) to the stage and to
/// subscribers. They do not touch the children: a ``FlowStage`` renders them from the
/// frames and from ``kind``. Custom animations receive `from`, `to` and an
/// ``AnimationContext``.
///
/// Durations and delays below zero are treated as zero. A timed animation of zero
/// length reports a single frame, `1`, and ends.
public struct TransitionAnimation: Sendable, CustomStringConvertible {
    /// Which animation this is, for stages that render it.
    public enum Kind: Sendable, Hashable {
        /// No animation: the child switches at once, with no progress frame.
        case immediate
        /// The new child fades in over the old one.
        case fade
        /// The new child slides in from an edge.
        case slide(SlideEdge)
        /// The old child dissolves into the new one after a delay.
        case crossDissolve
        /// A user's ``TransitionAnimator`` or closure, by name.
        case custom(String)
    }

    /// The edge a ``Kind/slide(_:)`` comes in from.
    public enum SlideEdge: Sendable, Hashable {
        /// From the leading edge.
        case leading
        /// From the trailing edge.
        case trailing
        /// From the top.
        case top
        /// From the bottom.
        case bottom
    }

    /// How the animation is run.
    enum Strategy: Sendable {
        /// Nothing to run.
        case none
        /// A built-in frame loop.
        case timed
        /// A user's animator, with the children type-erased.
        case custom(@Sendable (any Sendable, any Sendable, AnimationContext) async throws -> Void)
    }

    /// The fields, behind one reference, so that the copies kept by every request and
    /// every frame of a waiting call stay one word each (<doc:Performance>).
    private final class Storage: Sendable {
        let kind: Kind
        let duration: Duration?
        let delay: Duration
        let curve: AnimationCurve
        let strategy: Strategy

        init(kind: Kind, duration: Duration?, delay: Duration, curve: AnimationCurve, strategy: Strategy) {
            self.kind = kind
            self.duration = duration
            self.delay = delay
            self.curve = curve
            self.strategy = strategy
        }
    }

    private let storage: Storage

    /// Which animation this is.
    public var kind: Kind { storage.kind }
    /// The nominal length, excluding ``delay``; `nil` for a custom animation of unknown length.
    public var duration: Duration? { storage.duration }
    /// The wait before the first frame moves.
    public var delay: Duration { storage.delay }
    /// The easing of the frames (built-in animations only).
    public var curve: AnimationCurve { storage.curve }
    var strategy: Strategy { storage.strategy }

    /// The time after which the container's watchdog may cut the animation short,
    /// before its margin is added: delay plus duration. `nil` means never.
    var nominalLength: Duration? {
        duration.map { delay + $0 }
    }

    /// Switches at once: no task, no frame, no clock.
    public static let immediate = TransitionAnimation(
        kind: .immediate,
        duration: .zero,
        delay: .zero,
        curve: .linear,
        strategy: .none
    )

    /// A fade, 0.2 s by default, as in the `FlowContainerViewController` post.
    public static func fade(
        duration: Duration = .milliseconds(200),
        curve: AnimationCurve = .easeInOut
    ) -> TransitionAnimation {
        timed(.fade, duration: duration, delay: .zero, curve: curve)
    }

    /// A slide in from `edge`.
    public static func slide(
        from edge: SlideEdge = .trailing,
        duration: Duration = .milliseconds(300),
        curve: AnimationCurve = .easeOut
    ) -> TransitionAnimation {
        timed(.slide(edge), duration: duration, delay: .zero, curve: curve)
    }

    /// A cross-dissolve that starts after `delay`.
    public static func crossDissolve(
        duration: Duration = .milliseconds(250),
        delay: Duration = .zero,
        curve: AnimationCurve = .linear
    ) -> TransitionAnimation {
        timed(.crossDissolve, duration: duration, delay: delay, curve: curve)
    }

    /// A custom animation from a ``TransitionAnimator``.
    ///
    /// On an ``AuthFlow`` an animator of the provider's `Child` animates the children
    /// inside the flow's ``AuthScreen``s. If the container's children are not of the
    /// animator's `Child` type, the animation
    /// fails with ``AnimatorChildTypeMismatch`` (the transition still happens, as
    /// ``TransitionResult/interrupted``).
    public static func custom<Animator: TransitionAnimator>(_ animator: Animator) -> TransitionAnimation {
        custom(name: animator.name, duration: animator.duration) {
            (from: Animator.Child, to: Animator.Child, context) in
            try await animator.animate(from: from, to: to, context: context)
        }
    }

    /// A custom animation from a closure, as CLHoppingViewController's transition block.
    ///
    /// - Parameters:
    ///   - name: A short name, for logs and stages.
    ///   - duration: The nominal length; `nil` if unknown, which opts out of the watchdog.
    ///   - body: Animates from the first child to the second.
    public static func custom<Child: Sendable>(
        name: String = "custom",
        duration: Duration?,
        _ body: @escaping @Sendable (Child, Child, AnimationContext) async throws -> Void
    ) -> TransitionAnimation {
        TransitionAnimation(
            kind: .custom(name),
            duration: duration.map { max($0, .zero) },
            delay: .zero,
            curve: .linear,
            strategy: .custom { from, to, context in
                guard let from = unwrap(from, as: Child.self), let to = unwrap(to, as: Child.self) else {
                    throw AnimatorChildTypeMismatch(expected: "\(Child.self)", found: "\(type(of: from))")
                }
                try await body(from, to, context)
            }
        )
    }

    private static func timed(
        _ kind: Kind,
        duration: Duration,
        delay: Duration,
        curve: AnimationCurve
    ) -> TransitionAnimation {
        TransitionAnimation(
            kind: kind,
            duration: max(duration, .zero),
            delay: max(delay, .zero),
            curve: curve,
            strategy: .timed
        )
    }

    private init(kind: Kind, duration: Duration?, delay: Duration, curve: AnimationCurve, strategy: Strategy) {
        storage = Storage(kind: kind, duration: duration, delay: delay, curve: curve, strategy: strategy)
    }

    /// Whether this animation runs as a task (everything but ``immediate``).
    var isAnimated: Bool {
        if case .none = strategy { return false }
        return true
    }

    /// The kind and its timing, as in `fade(0.2 seconds)`.
    public var description: String {
        switch kind {
        case .immediate: return "immediate"
        case .fade: return "fade(\(duration ?? .zero))"
        case .slide(let edge): return "slide(\(edge), \(duration ?? .zero))"
        case .crossDissolve: return "crossDissolve(\(duration ?? .zero), delay: \(delay))"
        case .custom(let name): return "custom(\(name))"
        }
    }
}

/// A container child that wraps the child an animation was written for, as
/// ``AuthScreen`` wraps the provider's child.
protocol WrappingFlowChild {
    /// The wrapped child.
    var wrappedChild: any Sendable { get }
}

/// `value` as a `Child`, or the child it wraps, if that is one.
private func unwrap<Child>(_ value: any Sendable, as type: Child.Type) -> Child? {
    if let child = value as? Child {
        return child
    }
    return (value as? any WrappingFlowChild)?.wrappedChild as? Child
}
