/// How a SwiftUI view animates one switch of a flow's child: the transitions of the
/// incoming and the outgoing view, and the animation's timing, decided from the switch's
/// ``TransitionAnimation`` and the user's Reduce Motion setting.
///
/// `FlowView` maps it to SwiftUI (`AnyTransition`, `Animation`) and decides nothing of its
/// own; this value holds every decision, so that tests on every platform cover them.
///
/// | animation | incoming | outgoing | with Reduce Motion |
/// |---|---|---|---|
/// | ``TransitionAnimation/immediate`` | none | none, not animated | the same |
/// | ``TransitionAnimation/fade(duration:curve:)`` | opacity | none | the same |
/// | ``TransitionAnimation/crossDissolve(duration:delay:curve:)`` | opacity | opacity | the same |
/// | ``TransitionAnimation/slide(from:duration:curve:)`` | moves in from the edge | none | opacity, opacity |
/// | a custom animation | opacity | opacity | the same |
///
/// A custom animation cannot run in SwiftUI, so it falls back to a cross-dissolve of its
/// own duration (250 ms when it has none). Leading and trailing are SwiftUI's, which
/// follow the layout direction. A curve SwiftUI has no match for (``AnimationCurve/custom(name:_:)``)
/// runs as ease-in-out. A zero duration is not animated.
public struct FlowViewAnimation: Sendable, Hashable {
    /// What happens to one of the two views.
    public enum Effect: Sendable, Hashable {
        /// Nothing: it appears or goes at once, or stays put while the other one moves.
        case identity
        /// It fades in or out.
        case opacity
        /// It moves in from, or out to, `edge`.
        case move(TransitionAnimation.SlideEdge)
    }

    /// How the incoming view arrives.
    public let insertion: Effect
    /// How the outgoing view leaves.
    public let removal: Effect
    /// How long the animation takes; `nil` when the switch is not animated.
    public let duration: Duration?
    /// How long the animation waits before it starts.
    public let delay: Duration
    /// The timing curve.
    public let curve: AnimationCurve.BuiltIn

    /// The duration of a custom animation that has none.
    public static let customFallbackDuration: Duration = .milliseconds(250)

    /// The animation of a switch made with `animation`, as the table above says.
    public init(_ animation: TransitionAnimation, reduceMotion: Bool) {
        switch animation.kind {
        case .immediate:
            (insertion, removal) = (.identity, .identity)
        case .fade:
            (insertion, removal) = (.opacity, .identity)
        case .crossDissolve, .custom:
            (insertion, removal) = (.opacity, .opacity)
        case .slide where reduceMotion:
            (insertion, removal) = (.opacity, .opacity)
        case .slide(let edge):
            (insertion, removal) = (.move(edge), .identity)
        }
        var length = animation.duration
        if case .custom = animation.kind {
            length = length ?? Self.customFallbackDuration
        }
        if animation.kind == .immediate || length == .zero {
            length = nil
        }
        duration = length
        delay = length == nil ? .zero : animation.delay
        curve = animation.curve.builtIn ?? .easeInOut
    }
}
