/// A call to make with ``AuthFlow/request(_:animation:)``: the same four calls as the async
/// methods, as a value.
public enum AuthRequest<Session: Sendable & Equatable>: Sendable, Equatable {
    /// ``AuthFlow/start(animation:)``.
    case start
    /// ``AuthFlow/login(_:animation:)`` with this session.
    case login(Session)
    /// ``AuthFlow/logout(_:animation:)`` to this variant.
    case logout(LogoutVariant = .signedOut)
    /// ``AuthFlow/refresh(_:animation:)`` with this session, or the one shown.
    case refresh(Session? = nil)
}
