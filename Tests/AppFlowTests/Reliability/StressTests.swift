import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Randomised schedules checked against a sequential reference model.
///
/// By default a few seconds' worth. `APPFLOW_LONG_TESTS=1` runs schedules of 10,000 tasks
/// × 10 requests (100,000 requests each). `APPFLOW_STRESS_SEED=N` replays one seed, and
/// `APPFLOW_STRESS_SCHEDULES=N` sets how many schedules run. Every failure names its seed.
@Suite(.timeLimit(.minutes(30)), .endsWithin(.seconds(1_700)))
struct StressTests {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static var isLong: Bool { environment("APPFLOW_LONG_TESTS") == "1" }

    static var seeds: [UInt64] {
        if let seed = environment("APPFLOW_STRESS_SEED").flatMap(UInt64.init) { return [seed] }
        let count = environment("APPFLOW_STRESS_SCHEDULES").flatMap(Int.init) ?? (isLong ? 10 : 32)
        return (0..<UInt64(count)).map { 1_000 + $0 }
    }

    static var size: StressSchedule.Size {
        isLong ? .init(tasks: 10_000, requestsPerTask: 10) : .init(tasks: 50, requestsPerTask: 8)
    }

    @Test func randomSchedulesKeepEveryGuaranteeOfTheReferenceModel() async {
        let clock = ContinuousClock()
        let started = clock.now
        var results: [TransitionResult: Int] = [:]
        var transitions = 0
        var finishedEarly = 0
        var ran = 0
        for seed in Self.seeds {
            let report = await StressSchedule(seed: seed, size: Self.size).run()
            let passed = report.problems.isEmpty
            #expect(passed, "seed \(seed) (replay with APPFLOW_STRESS_SEED=\(seed)): \(report.problems.prefix(10))")
            if Self.isLong {
                print("stress seed \(seed): \(report.transitions) transitions, \(report.problems.count) problems")
            }
            results.merge(report.results, uniquingKeysWith: +)
            transitions += report.transitions
            finishedEarly += report.finishedEarly ? 1 : 0
            ran += 1
            // A schedule that waited out its patience found a hang or a leak; the later
            // ones would most likely each wait it out too, so the test fails now.
            if report.waitedOut { break }
        }
        // Every kind of outcome must have been exercised, or the suite tests less than it claims
        // (unless a failure stopped the run early).
        #expect(
            Set(results.keys) == Set(TransitionResult.allCases) || Self.seeds.count == 1 || ran < Self.seeds.count
        )
        print(
            """
            stress: \(ran) of \(Self.seeds.count) schedules (\(finishedEarly) finished early), \(Self.size.tasks) \
            tasks and \(Self.size.tasks * Self.size.requestsPerTask) requests each; \(transitions) transitions; \
            results \(TransitionResult.allCases.map { "\($0) \(results[$0, default: 0])" }.joined(separator: ", ")); \
            \(started.duration(to: clock.now))
            """
        )
    }

    @Test func theReferenceModelCatchesABrokenLog() {
        typealias Event = StressSchedule.Event
        typealias Call = StressSchedule.Call
        let twoOpen: [Event] = [
            Event(kind: .will, id: TransitionID(rawValue: 1), from: "initial", to: "a", interrupted: false),
            Event(kind: .will, id: TransitionID(rawValue: 2), from: "a", to: "b", interrupted: false),
            Event(kind: .did, id: TransitionID(rawValue: 2), from: "a", to: "b", interrupted: false),
        ]
        let calls = [
            Call(name: "a", policy: .enqueue, started: 1, returned: 4, result: .completed),
            Call(name: "b", policy: .dropIfBusy, started: 2, returned: 3, result: .superseded),
        ]
        let problems = StressSchedule.check(
            calls: calls,
            log: twoOpen,
            finalName: "b",
            maxPending: .max,
            finishReturned: nil
        )
        #expect(problems.contains { $0.contains("while #1 is open") })
        #expect(problems.contains { $0.contains("returned superseded") })
        #expect(problems.contains { $0.contains("differ") })
    }
}
