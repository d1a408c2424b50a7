/// Where ``AuthFlow/start(animation:)`` lands, as the provider's
/// ``AuthFlowProvider/initialState()`` answers: logged in with a session, or logged out in
/// a variant of the app's choosing (a locked account's unlock screen, say).
public enum AuthInitialState<Session: Sendable & Equatable>: Sendable, Equatable {
    /// Logged in with this session.
    case loggedIn(Session)
    /// Logged out, showing the logged-out child of this variant.
    case loggedOut(LogoutVariant)

    /// The same, as a place of the flow.
    var place: AuthPlace<Session> {
        switch self {
        case .loggedIn(let session): return .loggedIn(session)
        case .loggedOut(let variant): return .loggedOut(variant)
        }
    }

    /// The phase it shows.
    var phase: AuthPhase<Session> {
        switch self {
        case .loggedIn(let session): return .loggedIn(session)
        case .loggedOut: return .loggedOut
        }
    }
}
