/// What ``AuthFlowProvider/makeLockScreen(_:)`` and ``AuthFlowProvider/makePrivacyCover(_:)``
/// are told about the screen to make: the session it hides and the scene.
public struct AuthCoverContext<Session: Sendable & Equatable>: Sendable, Equatable {
    /// The session the screen hides; the screen must show nothing of it.
    public let session: Session
    /// The scene the screen is for: each scene (window) gets a screen of its own.
    public let scene: AuthSceneID

    /// A context; ``AuthFlow`` makes these, tests of a provider may too.
    public init(session: Session, scene: AuthSceneID) {
        self.session = session
        self.scene = scene
    }
}
