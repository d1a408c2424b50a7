import AppFlow

/// AuthFlow's ordering rules as a pure value, fed what a scenario did in the order it did
/// it, one input at a time; ``violations`` lists every breach found.
///
/// - **Exactly once**: every call returns once (``finish()`` flags one that never did).
/// - **Logout**: once a logout has returned having taken the flow out of its session (its
///   result `completed`, `interrupted` by a newer call, or `unchanged` because the flow
///   was already logged out), no phase read after it shows a session that only logins
///   called before that logout asked for. A `superseded` logout never ran: the newer call
///   that took its place decides what is shown, and the screen may show the old session
///   until it does.
/// - **Lock**: once a lock has returned `completed`, no phase read after it is logged in
///   unless a call other than a lock (an unlock, a login, a logout) was made after the
///   lock: a lock beats every call made before it.
/// - **Intents**: no intent opened before a logout is delivered after that logout
///   returned so, and no intent is delivered twice.
///
/// The inputs are stamped by their order: a call is stamped before it is made, a return
/// after it returned, and a phase read when the read begins, so that every breach it
/// reports really happened in that order.
public struct AuthRuleLedger<Session: Sendable & Hashable>: Sendable {
    /// A kind of call the rules know.
    public enum Call: Sendable, Hashable {
        /// `login(session)`.
        case login(Session)
        /// `logout()`, any variant.
        case logout
        /// `lock()`.
        case lock
        /// `unlock()`.
        case unlock
        /// Any other call: counted for exactly-once only.
        case other(String)
    }

    private struct Made: Sendable {
        let call: Call
        let stamp: Int
        var returned: [(result: AuthResult, stamp: Int)] = []
    }

    private var stamp = 0
    private var calls: [Made] = []
    private var intentsOpened: [Int: Int] = [:]
    private var intentsDelivered: Set<Int> = []

    /// Every breach found so far, in the order found.
    public private(set) var violations: [String] = []

    /// A ledger that has seen nothing.
    public init() {}

    /// Call `call` is about to be made: returns its number.
    public mutating func called(_ call: Call) -> Int {
        stamp += 1
        calls.append(Made(call: call, stamp: stamp))
        return calls.count - 1
    }

    /// Call `number` returned `result`.
    public mutating func returned(_ number: Int, _ result: AuthResult) {
        stamp += 1
        calls[number].returned.append((result, stamp))
        if calls[number].returned.count == 2 {
            violations.append("call \(number) (\(calls[number].call)) returned twice")
        }
    }

    /// A read of the flow's phase is about to begin: returns its stamp.
    public mutating func reading() -> Int {
        stamp += 1
        return stamp
    }

    /// The read stamped `read` gave `phase`.
    public mutating func read(_ read: Int, _ phase: AuthPhase<Session>) {
        let session: Session?
        switch phase {
        case .loggedIn(let shown): session = shown
        case .locked(let shown): session = shown
        default: session = nil
        }
        if let session { checkLogout(shown: session, read: read) }
        if case .loggedIn(let session) = phase { checkLock(shown: session, read: read) }
    }

    /// Intent `id` was opened (stamped before the opening call).
    public mutating func opened(intent id: Int) {
        stamp += 1
        intentsOpened[id] = stamp
    }

    /// Intent `id` reached the provider's `handle` (stamped inside it).
    public mutating func delivered(intent id: Int) {
        stamp += 1
        if !intentsDelivered.insert(id).inserted {
            violations.append("intent \(id) was delivered twice")
        }
        guard let opened = intentsOpened[id] else { return }
        for (number, logout) in calls.enumerated() where logout.call == .logout && logout.stamp > opened {
            if let end = logout.returned.first, Self.leftTheSession(end.result), end.stamp < stamp {
                violations.append(
                    "intent \(id) was delivered after logout \(number) returned, opened before it was called"
                )
                return
            }
        }
    }

    /// The scenario has ended: flags every call that never returned.
    public mutating func finish() {
        for (number, made) in calls.enumerated() where made.returned.isEmpty {
            violations.append("call \(number) (\(made.call)) never returned")
        }
    }

    private mutating func checkLogout(shown session: Session, read: Int) {
        for (number, logout) in calls.enumerated() where logout.call == .logout {
            guard let end = logout.returned.first, Self.leftTheSession(end.result), end.stamp < read else { continue }
            let askedAfter = calls.contains { $0.call == .login(session) && $0.stamp > logout.stamp }
            if !askedAfter {
                violations.append("\(session) was shown after logout \(number) returned, asked for only before it")
                return
            }
        }
    }

    /// Whether a logout that returned `result` took the flow out of its session.
    private static func leftTheSession(_ result: AuthResult) -> Bool {
        result == .completed || result == .interrupted || result == .unchanged
    }

    private mutating func checkLock(shown session: Session, read: Int) {
        for (number, lock) in calls.enumerated() where lock.call == .lock {
            guard let end = lock.returned.first, end.result == .completed, end.stamp < read else { continue }
            // A lock beats every call before it; a newer call (but another lock) may end it.
            let freedAfter = calls.contains { $0.call != .lock && $0.stamp > lock.stamp }
            if !freedAfter {
                violations.append(
                    "\(session) was shown after lock \(number) returned, with no call but locks made since"
                )
                return
            }
        }
    }
}
