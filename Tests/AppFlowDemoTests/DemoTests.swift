import AppFlow
import AppFlowDemo
import AppFlowTesting
import Testing

/// Collects what a console writes.
final class Captured: Sendable {
    private let text = LockedValue("")

    var console: Console { console(terminal: false) }

    func console(terminal: Bool) -> Console {
        Console(isTerminal: terminal, useColor: false) { [text] in
            let piece = $0
            text.withLock { $0 += piece }
        }
    }

    var output: String { text.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(2)))
struct DemoTests {
    @Test(arguments: OverlapPolicy.allCases)
    func bothActsRunInFastModeAndEveryInvariantHolds(policy: OverlapPolicy) async {
        let out = Captured()
        let errors = Captured()
        let name = DemoOptions.name(of: policy)
        let code = await Demo.run(
            arguments: ["--fast", "--tasks", "2000", "--policy", name],
            console: { _ in out.console },
            errors: errors.console
        )
        #expect(code == 0)
        #expect(errors.output.isEmpty)
        #expect(out.output.contains("== Act 1"))
        #expect(out.output.contains("login -> main(ada)"))
        #expect(out.output.contains("== Act 2: login/logout storm (\(name), 2000 tasks"))
        #expect(out.output.contains("all invariants held"))
        #expect(!out.output.contains("FAIL"))
        #expect(!out.output.contains("\u{1B}["))  // no escape codes off a terminal
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
        #expect(await task.value == .completed)
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
}
