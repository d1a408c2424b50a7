import AppFlow
import Testing

/// A switch over an enum that may grow, written as `Semantics.md` tells apps to write it:
/// every case, then `@unknown default`. CI builds the tests with `-warnings-as-errors`,
/// so this file also proves that such a switch compiles without a warning.
struct EnumsThatGrowTests {
    // The example of Semantics.md, "Enums that grow".
    func describe(_ phase: AuthPhase<String>) -> String {
        switch phase {
        case .splash: return "starting"
        case .loggedOut: return "logged out"
        case .loggedIn(let user): return "logged in as \(user)"
        case .locked(let user): return "locked over \(user)"
        @unknown default: return "a phase this app does not know yet"
        }
    }

    @Test func aSwitchWithAnUnknownDefaultNamesEveryPhaseAndCompilesWithoutAWarning() {
        #expect(describe(.splash) == "starting")
        #expect(describe(.loggedOut) == "logged out")
        #expect(describe(.loggedIn("ann")) == "logged in as ann")
        #expect(describe(.locked("ann")) == "locked over ann")
    }
}
