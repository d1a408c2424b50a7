/// One view of a switch as `FlowView` draws it: a frame, and the opacity and offset it is
/// drawn with, so that a switch animates by construction rather than by SwiftUI's removal
/// transitions.
///
/// During a switch both children are drawn, the incoming one in front. A view renders
/// the layers of ``FlowViewModel/layers(reduceMotion:)`` as they are when a frame arrives
/// (the incoming child at its start values), then calls
/// ``FlowViewModel/viewAnimating(_:)`` inside `withAnimation`, which moves the layers to
/// their end values: SwiftUI animates opacity and offset between the two.
///
/// | effect | start | end |
/// |---|---|---|
/// | incoming, ``FlowViewAnimation/Effect/identity`` | opaque, in place | opaque, in place |
/// | incoming, ``FlowViewAnimation/Effect/opacity`` | transparent, in place | opaque, in place |
/// | incoming, ``FlowViewAnimation/Effect/move(_:)`` | opaque, one size off toward the edge | opaque, in place |
/// | outgoing, ``FlowViewAnimation/Effect/identity`` | opaque, in place | opaque, in place, behind |
/// | outgoing, ``FlowViewAnimation/Effect/opacity`` | opaque, in place | transparent, in place |
/// | outgoing, ``FlowViewAnimation/Effect/move(_:)`` | opaque, in place | opaque, one size off toward the edge |
///
/// An outgoing child whose effect is `identity` stays opaque behind the incoming one until
/// the switch ends, so the background does not show through a child fading in over it. A
/// child kept under a cover (``FlowCovering``) is drawn transparent at the back, not in
/// front, until it is shown again or ended.
public struct FlowViewLayer<Child>: Identifiable {
    /// The frame drawn.
    public let frame: FlowViewFrame<Child>
    /// How opaque it is drawn: from 0, transparent, to 1.
    public let opacity: Double
    /// Its horizontal offset, in widths of the view: negative toward the leading edge,
    /// positive toward the trailing edge.
    public let offsetX: Double
    /// Its vertical offset, in heights of the view: negative up, positive down.
    public let offsetY: Double
    /// Whether it is the newest frame, the one in front: only it takes touches and is seen
    /// by VoiceOver.
    public let isFront: Bool

    /// The identity its view has: the frame's own, or, for a child a cover kept and shows
    /// again (``FlowCovering``), the identity of the frame that showed it before, so that
    /// SwiftUI keeps that view, its state and what it presents. A layer keeps it from the
    /// switch that brings it to the one that removes it.
    public let id: FlowViewIdentity

    /// A layer of `frame` drawn with these values, with the frame's identity as its view's.
    /// ``FlowViewModel`` makes these; tests may too.
    public init(frame: FlowViewFrame<Child>, opacity: Double, offsetX: Double, offsetY: Double, isFront: Bool) {
        self.init(
            frame: frame,
            view: frame.identity,
            opacity: opacity,
            offsetX: offsetX,
            offsetY: offsetY,
            isFront: isFront
        )
    }

    init(
        frame: FlowViewFrame<Child>,
        view: FlowViewIdentity,
        opacity: Double,
        offsetX: Double,
        offsetY: Double,
        isFront: Bool
    ) {
        self.frame = frame
        self.id = view
        self.opacity = opacity
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.isFront = isFront
    }
}

extension FlowViewLayer: Sendable where Child: Sendable {}
