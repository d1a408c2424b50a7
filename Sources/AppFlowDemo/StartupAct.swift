import AppFlow

/// Act 1: splash, then onboarding on a first run, then login, then main, each switch
/// animated on the real clock and drawn by a ``TerminalStage``.
public enum StartupAct {
    /// Runs the act; returns whether it ended on the main screen.
    ///
    /// Each of the first three screens is shown with `hop(to:)`: the act waits, in
    /// straight-line code, until the screen hands control back with `unhop`. A simulated
    /// user does that after a pause.
    public static func run(console: Console, fast: Bool) async -> Bool {
        console.line(console.bold("== Act 1: startup flow (splash -> onboarding -> login -> main)"))
        let container = FlowContainer(
            initial: AppScreen.splash,
            animation: fast ? .immediate : .fade(),
            stage: TerminalStage(console: console)
        )
        console.write(TerminalStage.panel(for: .splash, console: console))
        let firstRun = true
        // The splash is already in place: the cached state loads while it shows.
        await pause(fast, .milliseconds(700))
        if firstRun {
            _ = await container.hop { (handle: HopHandle<Void>) in
                user(after: .milliseconds(900), fast: fast) { handle.unhop(()) }  // reads the tips
                return .onboarding
            }
        }
        let signedIn = await container.hop(animation: fast ? .immediate : .slide(from: .trailing)) {
            (handle: HopHandle<String>) in
            user(after: .milliseconds(900), fast: fast) { handle.unhop("ada") }  // signs in
            return .login
        }
        guard let user = signedIn.value else { return false }
        await container.cycle(
            to: .main(user: user),
            animation: fast ? .immediate : .crossDissolve(delay: .milliseconds(100))
        )
        await container.finish()
        let final = await container.child
        console.line()
        return final == .main(user: user)
    }

    /// A simulated user who acts on the screen after `delay`.
    private static func user(after delay: Duration, fast: Bool, _ action: @escaping @Sendable () -> Void) {
        Task {
            await pause(fast, delay)
            action()
        }
    }

    private static func pause(_ fast: Bool, _ duration: Duration) async {
        guard !fast else { return }
        try? await Task.sleep(for: duration)
    }
}
