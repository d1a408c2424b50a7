// Schedules per second (issue 39): a 20-call AuthFlow scenario (logins, logouts, locks and
// unlocks from a fixed plan, each from a task of its own, with AuthFlowRules checking every
// call) explored under the schedule explorer, random and PCT of depth 3.
//
//   swift run -c release ExplorationThroughput [rounds] [schedules]     (from Benchmarks/; 5 and 200 by default)
//
// Each round explores `schedules` schedules with each strategy; one warm-up round is
// dropped and the medians are reported, with the median steps per schedule.
import AppFlow
import AppFlowTesting
import Timing

struct Provider: AuthFlowProvider {
    typealias Session = String
    typealias Child = String
    func initialSession() async -> String? { nil }
    func makeLoggedOutChild() async -> String { "login" }
    func makeLoggedInChild(for session: String) async -> String { "home(\(session))" }
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(
            loginAnimation: .fade(duration: .milliseconds(20)),
            logoutAnimation: .immediate,
            startAnimation: .immediate
        )
    }
}

/// The twenty calls, fixed: 0 login, 1 logout, 2 lock, 3 unlock.
let plan: [Int] = {
    var generator = SeededGenerator(seed: 39)
    return (0..<20).map { _ in Int.random(in: 0..<4, using: &generator) }
}()

@Sendable func scenario(_ exploration: Exploration) async {
    let flow = AuthFlow(provider: Provider(), splash: "launch", clock: exploration.clock)
    let rules = AuthFlowRules(flow)
    _ = await flow.start()
    let calls = plan.enumerated().map { index, kind in
        exploration.spawn("call \(index)") {
            switch kind {
            case 0: _ = await rules.login("u\(index)")
            case 1: _ = await rules.logout()
            case 2: _ = await rules.lock()
            default: _ = await rules.unlock()
            }
        }
    }
    for call in calls { await call.value }
    await flow.finish()
    rules.check(in: exploration)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 5
let schedules = arguments.dropFirst().first ?? 200
let strategies: [(String, ExplorationStrategy)] = [
    ("random", .random(seed: 1)), ("pct(depth: 3)", .pct(depth: 3, seed: 1)),
]
var rates: [String: [Double]] = [:]
var lengths: [String: [Double]] = [:]
for round in 0...rounds {
    for (name, strategy) in strategies {
        let explorer = ScheduleExplorer(strategy: strategy, schedules: schedules)
        var report: ExplorationReport?
        let nanoseconds = await elapsedNanoseconds { report = await explorer.explore(scenario) }
        guard let report, report.failure == nil, report.schedulesRun == schedules else {
            fatalError("the scenario failed: \(report.map(String.init(describing:)) ?? "no report")")
        }
        if round > 0 {
            rates[name, default: []].append(Double(schedules) / (nanoseconds / 1e9))
            lengths[name, default: []].append(Double(report.longestSchedule))
        }
    }
}
print("ExplorationThroughput: a 20-call AuthFlow scenario, \(schedules) schedules a round, median of \(rounds) rounds")
for (name, _) in strategies {
    let rate = Int(median(rates[name] ?? []).rounded())
    let longest = Int(median(lengths[name] ?? []).rounded())
    print("  \(name): \(rate) schedules/s (longest schedule \(longest) steps)")
}
