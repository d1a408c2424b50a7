import AppFlow
import AppFlowTesting

/// The plan of an `AuthFlow` stress storm, and the reference it is checked against: calls
/// made one after another in a known call order, each given a ticket once it has its
/// place, so that a child made after a logout was called can be told from one made
/// before.
struct AuthCallStorm: Sendable {
    enum Kind: CaseIterable, Sendable {
        case start, login, logout, refresh
    }

    /// The calls, in call order: mostly logins and logouts, ending with a logout.
    let plan: [Kind]
    private let counter = LockedValue<UInt64>(0)

    init(calls: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var plan = (0..<calls).map { _ in
            let roll = Int.random(in: 0..<100, using: &random)
            return roll < 45 ? Kind.login : roll < 85 ? .logout : roll < 95 ? .refresh : .start
        }
        plan[calls - 1] = .logout
        self.plan = plan
    }

    /// The next ticket: tickets increase in the order they are taken.
    func ticket() -> UInt64 {
        counter.withLock {
            $0 += 1
            return $0
        }
    }

    /// For each call, the ticket of the earliest logout called after it (`.max` if none),
    /// given each call's ticket taken once it had its place.
    func earliestLaterLogout(stamped: [UInt64]) -> [UInt64] {
        var earliest = UInt64.max
        var result = [UInt64](repeating: .max, count: plan.count)
        for index in stride(from: plan.count - 1, through: 0, by: -1) {
            result[index] = earliest
            if plan[index] == .logout { earliest = stamped[index] }
        }
        return result
    }
}
