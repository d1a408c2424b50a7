import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// The explorer's example, as the README, `TestingYourFlows` and its documentation show
/// it.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct ExplorationExampleTests {
    struct Provider: AuthFlowProvider {
        var configuration = AuthFlowConfiguration(startAnimation: .immediate)
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> String { "login" }
        func makeLoggedInChild(for session: String) async -> String { "home(\(session))" }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func theReadmesExplorationOfALoginAndALogoutPasses() async {
        let provider = Provider()
        let report = await ScheduleExplorer(strategy: .pct(depth: 2, seed: 1), schedules: 200)
            .explore { exploration in
                let flow = AuthFlow(provider: provider, splash: "launch", clock: exploration.clock)
                let rules = AuthFlowRules(flow)
                _ = await flow.start()
                let login = exploration.spawn("login") { await rules.login("ann") }
                let logout = exploration.spawn("logout") { await rules.logout() }
                _ = (await login.value, await logout.value)
                await flow.finish()
                rules.check(in: exploration)
            }
        #expect(report.failure == nil, "\(report)")
        #expect(report.schedulesRun == 200)
    }

    /// The racy scenario the replay example explores: two deposits that read and write a
    /// balance in two steps.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static let scenario: @Sendable (Exploration) async -> Void = ScheduleExplorerTests.deposits(racy: true)

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aFailureSavedToAFileReplaysToTheSameStepsAndExportsATrace() async throws {
        let scenario = Self.scenario
        let path = "/tmp/appflow-example-\(UInt64.random(in: 0...UInt64.max)).schedule"
        let explorer = ScheduleExplorer(strategy: .random(seed: 7), schedules: 100)
        let report = await explorer.explore(scenario)
        let failure = try #require(report.failure)
        try failure.record.schedule.write(toFile: path)
        let replay = await explorer.replay(try Schedule(contentsOfFile: path), scenario)
        #expect(replay.steps == failure.record.steps)
        let trace = replay.chromeTrace()  // open it in ui.perfetto.dev
        #expect(trace.contains(#""name":"deposit 0 (task 1)""#))
        #expect(replay.problem == failure.record.problem)
    }
}
