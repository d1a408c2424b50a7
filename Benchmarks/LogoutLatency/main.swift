// Logout latency: the time from a logout being called to its logged-out child being
// mounted on the stage (immediate animations), with 0, 1,000, 10,000 and 100,000 logins called
// before it and still on their way, behind a first login whose child is still being made.
// Every login is beaten by the logout the moment it is called; the question is how long the
// logout still waits behind their work.
//
// Two rows per size: the logout made with `request(.logout(_:))`, whose work runs in a task
// of its own at the caller's priority, and `await logout(_:)`, whose work runs in the
// caller's task.
//
//   swift run -c release LogoutLatency [rounds]     (from Benchmarks/; 5 rounds by default)
//
// Reports the median and the slowest of the rounds per size.
// `Docs/AppFlow.docc/Performance.md` keeps the figures.
import AppFlow
import Timing

/// Logged-in children are made slowly: the first login's factory sleeps until cancelled.
struct SlowLoginProvider: AuthFlowProvider {
    func initialSession() async -> Int? { nil }
    func makeLoggedOutChild() async -> Int { 0 }
    func makeLoggedInChild(for session: Int) async -> Int {
        try? await Task.sleep(for: .seconds(3_600))
        return session
    }
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
    }
}

/// Records when the logged-out child is mounted, once armed.
final class MountClock: FlowStage, @unchecked Sendable {
    // Written by the container's task, read after the flow has finished: the flow's
    // `finish()` orders the two.
    var shown: ContinuousClock.Instant?
    var armed = false

    func mount(_ transition: Transition<AuthFlow<SlowLoginProvider>.Screen>) async {
        if armed, shown == nil, transition.to.phase == .loggedOut {
            shown = ContinuousClock.now
        }
    }
    func unmount(_ transition: Transition<AuthFlow<SlowLoginProvider>.Screen>) async {}
}

enum Call: String { case request, awaited }

/// One measurement: `waiting` logins on their way, then a logout. Seconds.
func logoutLatency(waiting: Int, call: Call) async -> Double {
    let stage = MountClock()
    let flow = AuthFlow(provider: SlowLoginProvider(), splash: -1, stage: stage)
    await flow.start()
    let first = Task { await flow.login(1) }
    // The first login's factory is making its child.
    while await !flow.container.isTransitioning {
        await Task.yield()
    }
    let logins = (0..<waiting).map { index in Task { await flow.login(index + 2) } }
    // Every login has taken its place in call order: the logout beats them all.
    while flow.callCount < UInt64(waiting + 2) {
        await Task.yield()
    }
    stage.armed = true
    let start = ContinuousClock.now
    let result: AuthResult
    switch call {
    case .request: result = await flow.request(.logout(.init("benchmark"))).result
    case .awaited: result = await flow.logout(.init("benchmark"))
    }
    precondition(result == .completed, "the logout returned \(result)")
    _ = await first.value
    for login in logins { _ = await login.value }
    await flow.finish()
    guard let shown = stage.shown else { preconditionFailure("the logged-out child was never mounted") }
    return seconds(shown - start)
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
for call in [Call.request, .awaited] {
    for waiting in [0, 1_000, 10_000, 100_000] {
        var samples: [Double] = []
        for _ in 0..<rounds {
            samples.append(await logoutLatency(waiting: waiting, call: call))
        }
        let text = formatSeconds(median(samples))
        let slowest = formatSeconds(samples.max() ?? 0)
        print(
            "logout latency (\(call.rawValue)), \(waiting) logins waiting: \(text) (median of \(rounds); slowest \(slowest))"
        )
    }
}
