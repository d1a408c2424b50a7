/// How ``AuthFlow/lock(_:animation:)`` hides a live session behind the lock screen.
public enum AuthLockStyle: Sendable, Hashable {
    /// The session's children stay alive, hidden behind the lock screen, with the session's
    /// services; ``AuthFlow/unlock(animation:preparing:)`` shows each scene's child again as it was,
    /// without rebuilding it. Its disappear hooks run on lock, its appear hooks on unlock.
    case cover
    /// The session's children are released on lock, and its services torn down, as on a
    /// logout; ``AuthFlow/unlock(animation:preparing:)`` builds them anew: a vault that must not stay
    /// in memory.
    case teardown
}
