import Testing

@testable import AppFlow

/// What a `follow` loop reads, as a complete table: each state × each kind of value.
@Suite struct FollowedValuesTests {
    typealias Values = FollowedValues<String?>

    /// Every state (nothing read, "a" read, `nil` read) × every value ("a", "b", `nil`):
    /// whether it is a change, and what is kept.
    @Test func aValueIsAChangeUnlessItRepeatsTheOneReadBeforeIt() {
        let states: [String??] = [.none, .some("a"), .some(nil)]
        var rows: [String] = []
        for state in states {
            for value: String? in ["a", "b", nil] {
                var values = Values()
                if let state { _ = values.read(state) }
                let change = values.read(value)
                let kept: String
                switch values.state {
                case .empty: kept = "nothing"
                case .read(let read): kept = read ?? "nil"
                }
                rows.append("\(state.map { $0 ?? "nil" } ?? "empty") × \(value ?? "nil") → \(change) ⇒ \(kept)")
            }
        }
        #expect(
            rows == [
                "empty × a → true ⇒ a", "empty × b → true ⇒ b", "empty × nil → true ⇒ nil",
                "a × a → false ⇒ a", "a × b → true ⇒ b", "a × nil → true ⇒ nil",
                "nil × a → true ⇒ a", "nil × b → true ⇒ b", "nil × nil → false ⇒ nil",
            ]
        )
    }

    /// A followed session logs in with it; `nil` logs out to the signed-out variant.
    @Test func aFollowedSessionLogsInAndNoSessionLogsOutSignedOut() {
        typealias Machine = AuthStateMachine<String, String, Int, String>
        #expect(Machine.call(following: "a") == .login("a"))
        #expect(Machine.call(following: nil) == .logout(.signedOut))
    }
}
