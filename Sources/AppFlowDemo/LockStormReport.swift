import AppFlow

/// What Act 4 saw: its calls, the sessions shown, and whether the lock invariant held.
public struct LockStormReport: Sendable {
    /// The live checker, as it ended.
    public let checker: LockGuardChecker
    /// How many locks were placed.
    public let locks: Int
    /// How many calls returned.
    public let returned: Int
    /// The phase shown at the end.
    public let finalPhase: AuthPhase<String>

    /// Whether every check held.
    public var passed: Bool {
        checker.violations == 0 && returned == checker.calls
    }

    /// The report, as the demo prints it, every line within 80 columns.
    public func render(console: Console) -> String {
        func check(_ holds: Bool, _ text: String) -> String {
            (holds ? console.green("  ok   ") : console.red("  FAIL ")) + text
        }
        return [
            "  calls made                  \(checker.calls) (lock \(locks))",
            "  sessions shown              \(checker.sessionMounts)",
            "  violations                  \(checker.violations)",
            "  final phase                 \(LogoutGuaranteeChecker.name(of: finalPhase))",
            check(returned == checker.calls, "every call returned exactly once"),
            check(checker.violations == 0, "no session shown after a lock until an unlock"),
        ].joined(separator: "\n") + "\n"
    }
}
