import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlowDemo

/// Collects what a console writes.
final class Captured: Sendable {
    private let text = LockedValue("")

    var console: Console { console(terminal: false) }

    func console(terminal: Bool, width: Int = TerminalLayout.fallbackColumns) -> Console {
        Console(isTerminal: terminal, useColor: false, width: width) { [text] in
            let piece = $0
            text.withLock { $0 += piece }
        }
    }

    var output: String { text.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct DemoTests {
    @Test(arguments: OverlapPolicy.allCases)
    func bothActsRunInFastModeAndEveryInvariantHolds(policy: OverlapPolicy) async {
        let out = Captured()
        let errors = Captured()
        let name = DemoOptions.name(of: policy)
        let code = await Demo.run(
            arguments: ["--fast", "--tasks", "2000", "--auth-tasks=1000", "--policy", name],
            console: { _ in out.console },
            errors: errors.console
        )
        #expect(code == 0)
        #expect(errors.output.isEmpty)
        #expect(out.output.contains("== Act 1"))
        #expect(out.output.contains("login -> main(ada)"))
        #expect(out.output.contains("== Act 2: login/logout storm (\(name), 2000 tasks"))
        #expect(out.output.contains("== Act 3: AuthFlow start/login/logout storm (1000 tasks"))
        #expect(out.output.contains("ok   no login called before a logout shown or announced after it"))
        #expect(out.output.contains("the seed fixes the plan (who calls what, and when), not the scheduler"))
        #expect(out.output.contains("all invariants held"))
        #expect(!out.output.contains("FAIL"))
        #expect(!out.output.contains("\u{1B}["))  // no escape codes off a terminal
        // Read at 80 columns, no line wraps; results are labelled apart from transitions.
        let wide = out.output.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(wide)")
        #expect(out.output.contains("  requests returned\n    completed"))
        #expect(out.output.contains("  calls returned\n    completed"))
    }

    @Test(arguments: OverlapPolicy.allCases)
    func theStormReportsResultsThatAddUpAndMatchItsPolicy(policy: OverlapPolicy) async throws {
        var options = DemoOptions()
        options.fast = true
        options.tasks = 3_000
        options.policy = policy
        let report = await StormAct.run(options: options)
        #expect(report.passed, "\(report.checks.filter { !$0.passed }.map(\.name))")
        #expect(report.returned == 3_000)
        #expect(report.maxInFlight == 1)
        let ran = report.results[.completed, default: 0] + report.results[.interrupted, default: 0]
        #expect(report.transitionsRun == ran)
        switch policy {
        case .enqueue: #expect(report.results[.superseded, default: 0] + report.results[.rejected, default: 0] == 0)
        case .latestWins: #expect(report.results[.rejected, default: 0] + report.results[.interrupted, default: 0] == 0)
        case .interrupt: #expect(report.results[.rejected, default: 0] == 0)
        case .dropIfBusy:
            #expect(report.results[.superseded, default: 0] + report.results[.interrupted, default: 0] == 0)
        }
    }

    @Test func onATerminalTheStageRedrawsItsProgressBarInPlace() async {
        let out = Captured()
        let clock = ManualClock()
        let container = FlowContainer(
            initial: AppScreen.splash,
            animation: .fade(),
            stage: TerminalStage(console: out.console(terminal: true)),
            clock: clock
        )
        let task = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        #expect(await task.value(within: .seconds(10)) == .completed)
        #expect(out.output.contains("\r\u{1B}[2K"))
        #expect(out.output.contains("[########################] 100%"))
        #expect(out.output.contains("|      LOGIN       |"))
    }

    @Test func offATerminalTheStagePrintsOneStableLinePerTransition() async {
        let out = Captured()
        let container = FlowContainer(
            initial: AppScreen.splash,
            animation: .fade(),
            stage: TerminalStage(console: out.console),
            clock: ManualClock()
        )
        #expect(await container.cycle(to: .login, animation: .immediate) == .completed)
        #expect(
            out.output == """
                  splash -> login  immediate  done
                  +------------------+
                  |      LOGIN       |
                  |  please sign in  |
                  +------------------+

                """
        )
    }

    @Test(arguments: [
        (["--bogus"], "unknown argument '--bogus'"),
        (["--tasks"], "--tasks needs a value"),
        (["--tasks", "--fast"], "--tasks needs a value"),
        (["--tasks", "many"], "--tasks takes a whole number, not 'many'"),
        (["--tasks", "0"], "--tasks must be between 1 and 1000000, not 0"),
        (["--tasks", "1000001"], "--tasks must be between 1 and 1000000, not 1000001"),
        (["--policy", "fifo"], "unknown policy 'fifo' (expected enqueue, latest-wins, interrupt or drop-if-busy)"),
        (["--seed", "-1"], "--seed takes a whole number from 0, not '-1'"),
        (["--seed", "x"], "--seed takes a whole number from 0, not 'x'"),
        (["--tasks="], "--tasks needs a value"),
        (["--tasks=many"], "--tasks takes a whole number, not 'many'"),
        (["--auth-tasks=0"], "--auth-tasks must be between 1 and 1000000, not 0"),
        (["--policy=fifo"], "unknown policy 'fifo' (expected enqueue, latest-wins, interrupt or drop-if-busy)"),
        (["--fast=yes"], "--fast takes no value"),
        (["--no-color=1"], "--no-color takes no value"),
        (["--bogus=1"], "unknown argument '--bogus=1'"),
    ])
    func badArgumentsAreOneLineErrors(arguments: [String], message: String) {
        #expect(throws: DemoOptions.ParseError(message: message)) { try DemoOptions.parse(arguments) }
    }

    @Test func aBadArgumentExitsWithTwoAndPrintsTheUsageToStandardError() async {
        let out = Captured()
        let errors = Captured()
        let code = await Demo.run(arguments: ["--tasks", "abc"], console: { _ in out.console }, errors: errors.console)
        #expect(code == 2)
        #expect(out.output.isEmpty)
        #expect(errors.output.hasPrefix("appflow-demo: --tasks takes a whole number, not 'abc'\nusage: appflow-demo"))
    }

    @Test func goodArgumentsAreParsed() throws {
        let options = try DemoOptions.parse([
            "--policy", "interrupt", "--tasks", "7", "--fast", "--seed", "9", "--no-color",
        ])
        var expected = DemoOptions()
        expected.policy = .interrupt
        expected.tasks = 7
        expected.fast = true
        expected.seed = 9
        expected.color = false
        #expect(options == expected)
        #expect(try DemoOptions.parse([]) == DemoOptions())
        #expect(try DemoOptions.parse(["--help"]).help)
    }

    @Test(arguments: [
        ["--policy", "enqueue", "--tasks", "7", "--auth-tasks", "8", "--seed", "9"],
        ["--policy=enqueue", "--tasks=7", "--auth-tasks=8", "--seed=9"],
        ["--policy", "enqueue", "--tasks=7", "--auth-tasks", "8", "--seed=9"],
    ])
    func aValueMayFollowItsFlagOrBeAttachedWithAnEqualsSign(arguments: [String]) throws {
        var expected = DemoOptions()
        expected.policy = .enqueue
        expected.tasks = 7
        expected.authTasks = 8
        expected.seed = 9
        #expect(try DemoOptions.parse(arguments) == expected)
    }

    @Test func theHelpSaysTheSeedFixesThePlanNotTheScheduler() async {
        let out = Captured()
        let code = await Demo.run(arguments: ["--help"], console: { _ in out.console }, errors: Captured().console)
        #expect(code == 0)
        #expect(out.output.contains("It fixes the plan (who calls\n"))
        #expect(out.output.contains("what, and when), not the scheduler"))
        #expect(out.output.contains("(--tasks 500) or be attached (--tasks=500)"))
    }

    @Test(
        arguments: [
            (nil, nil, 80),  // neither says: the fallback
            (nil, "100", 100),  // COLUMNS
            (nil, " 132 ", 132),  // COLUMNS with spaces
            (120, "100", 120),  // the terminal wins over COLUMNS
            (0, "100", 100),  // a terminal reporting 0 columns does not say
            (nil, "0", 80),
            (nil, "-5", 80),
            (nil, "wide", 80),
            (nil, "", 80),
            (40, nil, 40),
        ] as [(Int?, String?, Int)]
    )
    func theWidthComesFromTheTerminalThenColumnsThenEighty(queried: Int?, environment: String?, columns: Int) {
        #expect(TerminalLayout.columns(queried: queried, environment: environment) == columns)
    }

    @Test(arguments: [
        ("short", 10, "short"),
        ("exactly10!", 10, "exactly10!"),
        ("eleven char", 10, "eleven ch…"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
        ("abc", -3, ""),
        ("", 5, ""),
        // Escapes take no room, and a cut inside a style resets it.
        ("ab\u{1B}[2mcdef\u{1B}[0m", 6, "ab\u{1B}[2mcdef\u{1B}[0m"),
        ("ab\u{1B}[2mcdefgh\u{1B}[0m", 5, "ab\u{1B}[2mcd…\u{1B}[0m"),
        ("ab\u{1B}[2mcd\u{1B}[0mefgh", 5, "ab\u{1B}[2mcd\u{1B}[0m…"),
    ])
    func aLineIsCutToTheWidthWithAnEllipsis(line: String, width: Int, fitted: String) {
        #expect(TerminalLayout.fit(line, width: width) == fitted)
        #expect(TerminalLayout.visibleWidth(of: TerminalLayout.fit(line, width: width)) <= max(width, 0))
    }

    @Test(arguments: [
        ("  a -> b  fade", 0.0, 80, "  a -> b  fade  [........................]   0%"),
        ("  a -> b  fade", 0.5, 80, "  a -> b  fade  [############............]  50%"),
        ("  a -> b  fade", 1.0, 80, "  a -> b  fade  [########################] 100%"),
        ("  a -> b  fade", 2.0, 80, "  a -> b  fade  [########################] 100%"),  // clamped
        ("  a -> b  fade", 1.0, 40, "  a -> b  fade  [#################] 100%"),  // the bar shrinks first
        ("  a -> b  fade", 1.0, 30, "  a -> b  fa…  [########] 100%"),  // then the label is cut
        ("  a -> b  fade", 1.0, 10, "  [######…"),  // absurdly narrow: still within the width
    ])
    func aProgressLineShrinksItsBarThenCutsItsLabel(label: String, fraction: Double, width: Int, line: String) {
        #expect(TerminalLayout.progressLine(label: label, fraction: fraction, width: width) == line)
        #expect(TerminalLayout.visibleWidth(of: line) <= width)
    }

    @Test(arguments: [
        (true, "xterm-256color", true),
        (true, nil, true),
        (true, "dumb", false),
        (false, "xterm", false),
        (false, "dumb", false),
    ])
    func onlyATerminalThatIsNotDumbIsRedrawnInPlace(isTerminal: Bool, term: String?, live: Bool) {
        #expect(TerminalLayout.isLive(isTerminal: isTerminal, term: term) == live)
    }

    @Test(arguments: [
        (true, true, nil, true),
        (true, true, "", true),  // an empty NO_COLOR does not count (no-color.org)
        (true, true, "1", false),
        (true, false, nil, false),  // --no-color
        (false, true, nil, false),  // a pipe or TERM=dumb
    ])
    func colourNeedsALiveTerminalTheFlagAndNoNoColor(live: Bool, flag: Bool, noColor: String?, colored: Bool) {
        #expect(TerminalLayout.usesColor(isLive: live, colorFlag: flag, noColor: noColor) == colored)
    }

    @Test(arguments: [30, 40, 80, 100])
    func everyRedrawnBarFitsTheTerminal(width: Int) async {
        let out = Captured()
        let clock = ManualClock()
        let container = FlowContainer(
            initial: AppScreen.login,
            animation: .fade(),
            stage: TerminalStage(console: out.console(terminal: true, width: width)),
            clock: clock
        )
        // The full bar line is 92 characters wide; with its narrowest bar, 76.
        let task = Task { await container.cycle(to: .main(user: "a-rather-long-user-name")) }
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        #expect(await task.value(within: .seconds(10)) == .completed)
        // Every redraw starts with the clear-line escape; what follows it up to the next
        // redraw or newline is one row on screen.
        let redraws = out.output.split(separator: "\r\u{1B}[2K").dropFirst()
        #expect(redraws.count >= 2)
        for redraw in redraws {
            let row = redraw.prefix { $0 != "\n" }
            #expect(TerminalLayout.visibleWidth(of: String(row)) < width, "\(row)")
        }
        #expect(out.output.contains("] 100%"))  // the label is cut, not the percentage
        #expect(out.output.contains("…") == (width < 80))
    }

    @Test func aLiveStatusLineIsRedrawnWithinTheTerminalsWidthThenCleared() async {
        let out = Captured()
        let status = LiveStatus(console: out.console(terminal: true, width: 30)) {
            "  calls 12 / 4000   transitions 3   logouts guarded 7   violations 0"
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !out.output.contains("calls 12"), ContinuousClock.now < deadline { await Task.yield() }
        await status.stop()
        let redraws = out.output.split(separator: Console.clearLine).map(String.init)
        #expect(!redraws.isEmpty)
        #expect(redraws.allSatisfy { $0.hasPrefix("  calls 12") && TerminalLayout.visibleWidth(of: $0) <= 29 })
        #expect(out.output.hasSuffix(Console.clearLine), "stopping clears the line")
    }

    @Test func offATerminalTheLiveStatusWritesNothing() async {
        let out = Captured()
        let status = LiveStatus(console: out.console(terminal: false)) { "calls" }
        await status.stop()
        #expect(out.output.isEmpty)
    }
}
