// Logout latency: the time from `logout()` being called to its return (the logged-out
// child shown, immediate animations), with 0, 1,000 and 100,000 logins called before it
// and still on their way, behind a first login whose child is still being made. Every
// login is beaten by the logout the moment it is called; the question is how long the
// logout still waits behind their work.
//
//   swift run -c release LogoutLatency [rounds]     (from Benchmarks/; 5 rounds by default)
//
// Reports the median of the rounds per size. `Docs/AppFlow.docc/Performance.md` keeps the
// figures.
import AppFlow

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

/// One measurement: `waiting` logins on their way, then a timed logout. Seconds.
func logoutLatency(waiting: Int) async -> Double {
    let flow = AuthFlow(provider: SlowLoginProvider(), splash: -1)
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
    let clock = ContinuousClock()
    let start = clock.now
    let result = await flow.logout(.init("benchmark"))
    let elapsed = clock.now - start
    precondition(result == .completed, "the logout returned \(result)")
    _ = await first.value
    for login in logins { _ = await login.value }
    await flow.finish()
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) + Double(attoseconds) / 1e18
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
for waiting in [0, 1_000, 100_000] {
    var samples: [Double] = []
    for _ in 0..<rounds {
        samples.append(await logoutLatency(waiting: waiting))
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let text = median < 1e-3 ? "\(Int((median * 1e6).rounded())) µs" : "\(Int((median * 1e3).rounded())) ms"
    print("logout latency, \(waiting) logins waiting: \(text) (median of \(rounds))")
}
