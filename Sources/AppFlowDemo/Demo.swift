/// The whole demo: parse the arguments, run the four acts, report.
public enum Demo {
    /// Runs the demo on this process's command line, standard output and standard error.
    ///
    /// Everything runs off the main actor: closures formed in top-level `main.swift`
    /// code would be main-actor isolated.
    public static func runFromCommandLine() async -> Int32 {
        await run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            console: { Console.standardOutput(color: $0.color) },
            errors: .standardError
        )
    }

    /// The seed's promise, kept honest: it fixes the plan, not the scheduler.
    static func seedNote(_ console: Console) -> String {
        console.dim("  the seed fixes the plan (who calls what, and when), not the scheduler:")
            + "\n" + console.dim("  counts and the final state vary from run to run; the checks hold in every run")
    }

    /// Prints a storm's title and what its seed promises.
    static func announce(_ title: String, on console: Console) {
        console.line(console.bold(title))
        console.line(seedNote(console))
    }

    /// Runs the demo with `arguments` (without the program name) and returns the exit
    /// code: 0 when every invariant held, 1 when one failed, 2 for a usage error.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program name.
    ///   - makeConsole: Where to write, given the parsed options.
    ///   - errors: Where usage errors go.
    public static func run(
        arguments: [String],
        console makeConsole: @Sendable (DemoOptions) -> Console,
        errors: Console
    ) async -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(arguments)
        } catch {
            errors.line("appflow-demo: \(error.message)")
            errors.line(DemoOptions.usage)
            return 2
        }
        let console = makeConsole(options)
        if options.help {
            console.line(DemoOptions.usage)
            return 0
        }
        let traces = options.tracePath != nil || options.timelinePath != nil ? DemoTraces() : nil
        let startupPassed = await StartupAct.run(console: console, fast: options.fast)
        announce(
            "== Act 2: login/logout storm (\(DemoOptions.name(of: options.policy)), \(options.tasks) tasks, seed \(options.seed))",
            on: console
        )
        let report = await StormAct.run(options: options, console: console, recorder: traces?.storm)
        console.write(report.render(console: console))
        console.line()
        announce(
            "== Act 3: AuthFlow start/login/logout storm (\(options.authTasks) tasks, slow logins, seed \(options.seed))",
            on: console
        )
        let auth = await AuthStormAct.run(options: options, console: console, recorder: traces?.auth)
        console.write(auth.render(console: console))
        console.line()
        announce("== Act 4: app lock storm (\(options.authTasks) calls, two scenes, seed \(options.seed))", on: console)
        let lock = await LockStormAct.run(options: options, console: console, recorder: traces?.lock)
        console.write(lock.render(console: console))
        var passed = startupPassed && report.passed && auth.passed && lock.passed
        if let traces, !(await traces.write(options: options, console: console, errors: errors)) {
            passed = false
        }
        console.line(passed ? console.green("all invariants held") : console.red("an invariant failed"))
        return passed ? 0 : 1
    }
}
