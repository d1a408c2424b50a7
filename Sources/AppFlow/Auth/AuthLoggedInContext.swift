/// What ``AuthFlowProvider/makeLoggedInChild(_:)`` is told about the logged-in child to
/// make: the session, the call that asked, the scene and the session's services.
public struct AuthLoggedInContext<Session: Sendable & Equatable, Services: Sendable>: Sendable {
    /// The session the child shows.
    public let session: Session
    /// The call that asked for the child (``AuthCall/login``, ``AuthCall/refresh``,
    /// ``AuthCall/start``, or ``AuthCall/unlock`` and ``AuthCall/uncover`` when a session
    /// has no child to show again); for a scene attached mid-session, the call that brought
    /// the flow to its session.
    public let call: AuthCall
    /// The scene the child is for: each scene (window) gets a child of its own.
    public let scene: AuthSceneID
    /// The session's services, made by ``AuthFlowProvider/makeServices(for:)``.
    public let services: Services

    /// A context; ``AuthFlow`` makes these, tests of a provider may too.
    public init(session: Session, call: AuthCall, scene: AuthSceneID, services: Services) {
        self.session = session
        self.call = call
        self.scene = scene
        self.services = services
    }
}
