/// Where an ``AuthFlow`` stands, with the variant of a logged-out state.
enum AuthPlace<Session: Sendable & Equatable>: Sendable, Equatable {
    /// The placeholder before `start()`.
    case splash
    /// Logged out, in this variant.
    case loggedOut(LogoutVariant)
    /// Logged in with this session.
    case loggedIn(Session)
    /// Still logged in with this session, its child already released: the switching
    /// placeholder of ``AuthFlowConfiguration/releasesSessionBeforeSwitch`` is shown, and
    /// the new session's child is still to be built.
    case switching(from: Session)
    /// Locked over this session: the lock screen is shown. With `keepsSession` (the cover
    /// style) the session and its services live on behind it; otherwise (the teardown
    /// style) the flow has left the session, as on a logout.
    case locked(Session, keepsSession: Bool)
    /// The privacy cover is shown over this session, which lives on behind it.
    case covered(Session)

    /// The session of this place, if it is logged in: never while locked or covered.
    var session: Session? {
        switch self {
        case .loggedIn(let session), .switching(from: let session): return session
        case .splash, .loggedOut, .locked, .covered: return nil
        }
    }

    /// The phase shown at this place.
    var phase: AuthPhase<Session> {
        switch self {
        case .splash: return .splash
        case .loggedOut: return .loggedOut
        case .loggedIn(let session), .switching(from: let session): return .loggedIn(session)
        case .locked(let session, _), .covered(let session): return .locked(session)
        }
    }

    /// The variant of a logged-out place.
    var logoutVariant: LogoutVariant? {
        if case .loggedOut(let variant) = self { return variant }
        return nil
    }

    /// Whether this place shows the privacy cover.
    var isPrivacyCover: Bool {
        if case .covered = self { return true }
        return false
    }

    /// The session that lives on at this place: the logged-in session, or the one a cover
    /// lock or the privacy cover keeps.
    var liveSession: Session? {
        switch self {
        case .locked(let session, keepsSession: true), .covered(let session): return session
        default: return session
        }
    }
}
