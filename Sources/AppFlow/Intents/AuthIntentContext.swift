/// What the flow tells ``AuthFlowProvider/handle(_:in:context:)`` about a delivery.
public struct AuthIntentContext<Session: Sendable & Equatable>: Sendable {
    /// The session of the child that gets the intent.
    public let session: Session
    /// The scene that shows the child.
    public let scene: AuthSceneID

    /// A context, as the flow makes it; public for tests of a provider's `handle`.
    public init(session: Session, scene: AuthSceneID) {
        self.session = session
        self.scene = scene
    }
}
