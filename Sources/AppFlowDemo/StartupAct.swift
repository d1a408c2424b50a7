import AppFlow

/// Act 1: splash, then onboarding on a first run, then login, then main, each switch
/// animated on the real clock and drawn by a ``TerminalStage``.
public enum StartupAct {
    /// Runs the act; returns whether it ended on the main screen.
    public static func run(console: Console, fast: Bool) async -> Bool {
        console.line(console.bold("== Act 1: startup flow (splash -> onboarding -> login -> main)"))
        let container = FlowContainer(
            initial: AppScreen.splash,
            animation: fast ? .immediate : .fade(),
            stage: TerminalStage(console: console)
        )
        console.write(TerminalStage.panel(for: .splash, console: console))
        let firstRun = true
        await pause(fast, .milliseconds(700))  // cached state loads
        if firstRun {
            await container.cycle(to: .onboarding)
            await pause(fast, .milliseconds(900))  // the user reads the tips
        }
        await container.cycle(to: .login, animation: fast ? .immediate : .slide(from: .trailing))
        await pause(fast, .milliseconds(900))  // the user signs in
        await container.cycle(to: .main(user: "ada"), animation: fast ? .immediate : .crossDissolve(delay: .milliseconds(100)))
        await container.finish()
        let final = await container.child
        console.line()
        return final == .main(user: "ada")
    }

    private static func pause(_ fast: Bool, _ duration: Duration) async {
        guard !fast else { return }
        try? await Task.sleep(for: duration)
    }
}
