/// Which kind of ``AuthFlow`` call made a transition.
public enum AuthCall: Sendable, Hashable {
    /// ``AuthFlow/start(animation:)``: the initial placement.
    case start
    /// ``AuthFlow/login(_:animation:)``.
    case login
    /// ``AuthFlow/logout(_:animation:)``.
    case logout
    /// ``AuthFlow/refresh(_:animation:)``.
    case refresh
    /// ``AuthFlow/lock(_:animation:)``.
    case lock
    /// ``AuthFlow/unlock(animation:preparing:)``: its transition shows as a login.
    case unlock
    /// ``AuthFlow/cover()``: its transition shows as a lock.
    case cover
    /// ``AuthFlow/uncover(preparing:)``: its transition shows as a login.
    case uncover
}
