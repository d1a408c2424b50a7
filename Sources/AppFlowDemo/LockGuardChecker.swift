/// Act 4's live check of the lock invariant: once a lock has returned with no call placed
/// after it (so that every scene shows its outcome: a newer call could have superseded it
/// in a scene that lags, where a transition begun before the lock still ends first), no
/// session's child is shown in any scene until an unlock or a login placed after that
/// lock. Every observation is fed in the order it happened.
public struct LockGuardChecker: Sendable {
    /// A call the act places.
    public enum Call: Sendable, Equatable {
        /// `lock()`.
        case lock
        /// `unlock()`.
        case unlock
        /// `login(_:)`.
        case login
        /// `logout()`.
        case logout
    }

    /// The place in the act's order of the newest unlock or login.
    private var lastRelease = -1
    /// Whether a lock returned with no unlock or login placed after it.
    private var barred = false
    /// How many calls were placed.
    public private(set) var calls = 0
    /// How many times a scene mounted a child of a session.
    public private(set) var sessionMounts = 0
    /// Session mounts made while barred.
    public private(set) var violations = 0

    /// A checker that has seen nothing yet.
    public init() {}

    /// The act is about to place `call`, the `index`th of its calls: an unlock or a login is
    /// reported before it can show anything.
    public mutating func placing(_ call: Call, index: Int) {
        calls += 1
        if call == .unlock || call == .login {
            lastRelease = max(lastRelease, index)
            barred = false
        }
    }

    /// The lock placed as call `index` has returned; it bars the session if it is still the
    /// newest call.
    public mutating func lockReturned(index: Int) {
        if lastRelease < index, index == calls - 1 { barred = true }
    }

    /// A scene mounted a child of a session.
    public mutating func mountedSession() {
        sessionMounts += 1
        if barred { violations += 1 }
    }
}
