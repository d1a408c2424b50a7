import AppFlow

/// What the AuthFlow act did, and whether the logout guarantee held.
public struct AuthStormReport: Sendable {
    /// The options it ran with.
    public let options: DemoOptions
    /// How many batches the plan had.
    public let batches: Int
    /// The checker, finished.
    public let checker: LogoutGuaranteeChecker
    /// The flow's phase at the end.
    public let finalPhase: AuthPhase<DemoSession>
    /// Whether every batch took its numbers before the next was called (always, unless a
    /// batch waited more than 10 s).
    public let orderKnown: Bool
    /// The most transitions seen between mount and unmount at once.
    public let maxInFlight: Int
    /// From the first call to the last call's return.
    public let elapsed: Duration

    /// A report of what an act saw.
    public init(
        options: DemoOptions,
        batches: Int,
        checker: LogoutGuaranteeChecker,
        finalPhase: AuthPhase<DemoSession>,
        orderKnown: Bool,
        maxInFlight: Int,
        elapsed: Duration
    ) {
        self.options = options
        self.batches = batches
        self.checker = checker
        self.finalPhase = finalPhase
        self.orderKnown = orderKnown
        self.maxInFlight = maxInFlight
        self.elapsed = elapsed
    }

    /// The checks, each with whether it held.
    public var checks: [(name: String, passed: Bool)] {
        [
            (
                "every call returned exactly once",
                checker.returned == checker.calls && checker.calls == options.authTasks
            ),
            ("no login called before a logout shown or announced after it", checker.holds && orderKnown),
            ("final phase = the last batch's direction", checker.finalPhaseProblem == nil),
            ("max transitions in flight is 1", maxInFlight == 1),
        ]
    }

    /// Whether every check held.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// The summary table.
    public func render(console: Console) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let kinds = checker.callsByKind
        var rows: [(String, String)] = [
            (
                "calls made",
                "\(checker.calls) (start \(kinds[.start, default: 0]), login \(kinds[.login, default: 0]), "
                    + "logout \(kinds[.logout, default: 0]))"
            ),
            ("calls returned", ""),
        ]
        // The calls' results under a heading of their own, apart from the transitions.
        for result in [AuthResult.completed, .interrupted, .superseded, .rejected, .cancelled, .unchanged] {
            rows.append(("  \(result)", "\(checker.results[result, default: 0])"))
        }
        rows += [
            ("batches, in call order", "\(batches)"),
            ("transitions run", "\(checker.shown)"),
            ("logged-in children built", "\(checker.built)"),
            ("logouts guarded", "\(checker.guardedLogouts) returned, each barring earlier logins"),
            ("violations", "\(checker.violations.count)"),
            ("final phase", LogoutGuaranteeChecker.name(of: finalPhase)),
            ("elapsed", "\(String(format3: seconds)) s"),
        ]
        var text = ""
        for (name, value) in rows {
            // A heading has no value, and no padding after it.
            text += "  " + (value.isEmpty ? name : name.padding(28) + value) + "\n"
        }
        for violation in checker.violations.prefix(5) {
            text += "  " + console.red("violation") + " " + violation.description + "\n"
        }
        if let problem = checker.finalPhaseProblem {
            text += "  " + console.red("problem") + " " + problem + "\n"
        }
        if !orderKnown {
            text += "  " + console.red("problem") + " a batch did not take its numbers within 10 s\n"
        }
        for check in checks {
            text += "  " + (check.passed ? console.green("ok  ") : console.red("FAIL")) + " " + check.name + "\n"
        }
        return text
    }
}
