/// Where ``AuthFlow/start(animation:)`` lands, as the provider's
/// ``AuthFlowProvider/initialState()`` answers: logged in with a session, logged out in a
/// variant of the app's choosing, or with a session the app keeps locked until the user
/// authenticates.
public enum AuthInitialState<Session: Sendable & Equatable>: Sendable, Equatable {
    /// Logged in with this session.
    case loggedIn(Session)
    /// Logged out, showing the logged-out child of this variant.
    case loggedOut(LogoutVariant)
    /// A session exists but is locked (a vault timeout, an app lock at launch): the start
    /// shows the provider's ``AuthFlowProvider/makeLockScreen(for:in:)`` for it, as a
    /// ``AuthLockStyle/teardown`` lock does (nothing of the session is built, no services
    /// run), and only ``AuthFlow/unlock(animation:preparing:)`` shows the session. An
    /// authentication begun before the start was called (``AuthFlow/unlockAttempt()``)
    /// cannot unlock it.
    case locked(Session)

    /// The same, as a place of the flow.
    var place: AuthPlace<Session> {
        switch self {
        case .loggedIn(let session): return .loggedIn(session)
        case .loggedOut(let variant): return .loggedOut(variant)
        case .locked(let session): return .locked(session, keepsSession: false)
        }
    }
}
