/// What an ``AuthFlow`` tells its observers: AppController's four handlers as events.
public struct AuthEvent<Session: Sendable & Equatable, Child: Sendable>: Sendable {
    /// Which handler this is.
    public enum Kind: Sendable, Hashable {
        /// A login transition has begun; ``AuthEvent/child`` is the logged-in child.
        case willLogin
        /// A login transition has ended.
        case didLogin
        /// A logout transition has begun; ``AuthEvent/child`` is the logged-out child.
        case willLogout
        /// A logout transition has ended.
        case didLogout
        /// A lock transition has begun; ``AuthEvent/child`` is the lock screen and
        /// ``AuthEvent/session`` the session locked.
        case willLock
        /// A lock transition has ended.
        case didLock
    }

    /// Which handler this is.
    public let kind: Kind
    /// The target child of the transition.
    public let child: Child
    /// The session of a login (an unlock included) or of a lock; `nil` for a logout.
    public let session: Session?
    /// Whether this is the initial placement made by ``AuthFlow/start(animation:)``.
    public let isInitial: Bool
    /// The call that made the transition: a refresh shows as ``Kind/willLogin`` and
    /// ``Kind/didLogin`` with ``AuthCall/refresh`` here.
    public let call: AuthCall
    /// The variant of a logout's logged-out child; `nil` for a login.
    public let logoutVariant: LogoutVariant?
    /// The underlying container transition.
    public let transitionID: TransitionID
}
