/// Where an ``AuthFlow`` stands.
public enum AuthPhase<Session: Sendable & Equatable>: Sendable, Equatable {
    /// The placeholder shown before ``AuthFlow/start()``.
    case splash
    /// Logged out.
    case loggedOut
    /// Logged in with a session.
    case loggedIn(Session)
    /// Locked over a session: the lock screen is shown, and no child of the session
    /// (``AuthFlow/lock(_:animation:)``).
    case locked(Session)

    /// The session, when logged in.
    public var session: Session? {
        if case .loggedIn(let session) = self { return session }
        return nil
    }
}
