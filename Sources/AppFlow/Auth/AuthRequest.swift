/// A call to make with ``AuthFlow/request(_:animation:)``: the async methods' calls, as a
/// value.
public enum AuthRequest<Session: Sendable & Equatable>: Sendable, Equatable {
    /// ``AuthFlow/start(animation:)``.
    case start
    /// ``AuthFlow/login(_:animation:)`` with this session.
    case login(Session)
    /// ``AuthFlow/logout(_:animation:)`` to this variant.
    case logout(LogoutVariant = .signedOut)
    /// ``AuthFlow/refresh(_:animation:)`` with this session, or the one shown.
    case refresh(Session? = nil)
    /// ``AuthFlow/lock(_:animation:)`` in this style, or the configured one.
    case lock(AuthLockStyle? = nil)
    /// ``AuthFlow/unlock(animation:preparing:)``.
    case unlock
    /// ``AuthFlow/cover()``: place the privacy cover from `sceneWillResignActive(_:)`.
    case cover
    /// ``AuthFlow/uncover(preparing:)``.
    case uncover
}
