/// What ``AuthFlowProvider/makeLoggedOutChild(_:)`` is told about the logged-out child to
/// make: the logout's variant and the scene.
public struct AuthLoggedOutContext: Sendable, Hashable {
    /// The variant of the logout (or of a `start()` logged out); ``LogoutVariant/signedOut``
    /// when the call named none.
    public let variant: LogoutVariant
    /// The scene the child is for: each scene (window) gets a child of its own.
    public let scene: AuthSceneID

    /// A context; ``AuthFlow`` makes these, tests of a provider may too.
    public init(variant: LogoutVariant, scene: AuthSceneID) {
        self.variant = variant
        self.scene = scene
    }
}
