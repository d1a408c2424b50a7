/// Where an ``AuthFlow`` stands.
public enum AuthPhase<Session: Sendable & Equatable>: Sendable, Equatable {
    /// The placeholder shown before ``AuthFlow/start()``.
    case splash
    /// Logged out.
    case loggedOut
    /// Logged in with a session.
    case loggedIn(Session)

    /// The session, when logged in.
    public var session: Session? {
        if case .loggedIn(let session) = self { return session }
        return nil
    }
}

/// The child an ``AuthFlow``'s container holds: the user's child and the phase it belongs to.
public struct AuthScreen<Session: Sendable & Equatable, Child: Sendable>: Sendable {
    /// The phase this child belongs to.
    public let phase: AuthPhase<Session>
    /// The user's child.
    public let child: Child

    /// A screen of `phase` showing `child`.
    public init(phase: AuthPhase<Session>, child: Child) {
        self.phase = phase
        self.child = child
    }
}
