/// A child that can cover the child before it without ending it, and show it again: how a
/// ``FlowViewModel`` keeps a session's view alive under an ``AuthFlow``'s privacy cover or
/// cover-style lock. ``AuthScreen`` adopts it; other children need not.
///
/// When the incoming child ``coversSession``, the model keeps the outgoing frame under it,
/// drawn transparent, untouchable and hidden from VoiceOver. When a later child
/// ``returns(to:)`` the kept one, it is drawn with the kept frame's view identity, so
/// SwiftUI keeps that view, its state and what it presents. Any other child ends the kept
/// frame.
public protocol FlowCovering: Sendable {
    /// Whether this child covers the child before it, which stays alive under it.
    var coversSession: Bool { get }
    /// Whether this child shows again the very child `covered` showed: the one a cover kept.
    func returns(to covered: Self) -> Bool
}

extension FlowCovering {
    /// Whether this child returns to `kept`, a child of any type.
    func returns(toAny kept: Any) -> Bool {
        guard let kept = kept as? Self else { return false }
        return returns(to: kept)
    }
}
