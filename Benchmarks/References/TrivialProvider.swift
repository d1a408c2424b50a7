// The AuthFlow provider of the benchmarks that time login/logout cycles (SceneCycles,
// TraceCost): what they measure is the flow, not the children.
import AppFlow

/// Trivial children, made at once: the logged-in child is 1, the logged-out child 0; every
/// transition is immediate.
public struct TrivialProvider: AuthFlowProvider {
    /// A provider of trivial children.
    public init() {}

    /// No session at start.
    public func initialSession() async -> String? { nil }
    /// The logged-out child, 0.
    public func makeLoggedOutChild() async -> Int { 0 }
    /// The logged-in child, 1.
    public func makeLoggedInChild(for session: String) async -> Int { 1 }
    /// Immediate animations everywhere.
    public var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate, startAnimation: .immediate)
    }
}

/// Runs `count` login/logout cycles of `flow` (`login("a")`, then `logout()`), each call
/// required to complete: the loop SceneCycles and TraceCost time.
public func runLoginLogoutCycles(_ flow: AuthFlow<TrivialProvider>, _ count: Int) async {
    for _ in 0..<count {
        let login = await flow.login("a")
        let logout = await flow.logout()
        precondition(login == .completed && logout == .completed, "the cycle returned \(login), \(logout)")
    }
}
