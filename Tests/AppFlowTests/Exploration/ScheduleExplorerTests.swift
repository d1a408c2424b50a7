import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// A balance kept by an actor, read and written in two steps: the lost update every
/// interleaving course starts with.
actor Account {
    private(set) var balance = 0
    func read() -> Int { balance }
    func write(_ value: Int) { balance = value }
    func deposit() { balance += 1 }
}

@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct ScheduleExplorerTests {
    /// Two deposits; `racy` reads and writes in two steps, else one.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Sendable static func deposits(racy: Bool) -> @Sendable (Exploration) async -> Void {
        { exploration in
            let account = Account()
            let deposits = (0..<2).map { index in
                exploration.spawn("deposit \(index)") {
                    if racy {
                        let balance = await account.read()
                        await account.write(balance + 1)
                    } else {
                        await account.deposit()
                    }
                }
            }
            for deposit in deposits { await deposit.value }
            let balance = await account.balance
            exploration.expect(balance == 2, "two deposits left a balance of \(balance)")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLostUpdateIsFoundByRandomAndByPCTWithinTwentySchedules_AndTheFixedCodePasses() async {
        for strategy in [ExplorationStrategy.random(seed: 1), .pct(depth: 2, seed: 1)] {
            let racy = await ScheduleExplorer(strategy: strategy, schedules: 20).explore(Self.deposits(racy: true))
            #expect(racy.failure != nil, "\(strategy) missed the race in \(racy.schedulesRun) schedules")
            #expect(racy.failure?.record.problem == .failed(["two deposits left a balance of 1"]))
            let fixed = await ScheduleExplorer(strategy: strategy, schedules: 200).explore(Self.deposits(racy: false))
            #expect(fixed.failure == nil, "\(fixed)")
            #expect(fixed.schedulesRun == 200)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func depthFirstTriesEveryOrderOfASmallScenarioAndFindsTheRace() async {
        let fixed = await ScheduleExplorer(strategy: .depthFirst, schedules: 10_000).explore(Self.deposits(racy: false))
        #expect(fixed.failure == nil, "\(fixed)")
        #expect(fixed.isExhausted)
        #expect(fixed.schedulesRun > 1)
        let racy = await ScheduleExplorer(strategy: .depthFirst, schedules: 10_000).explore(Self.deposits(racy: true))
        #expect(racy.failure != nil)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aFailingScheduleReplaysToTheSameStepsAndTheSameFailure() async throws {
        let report = await ScheduleExplorer(strategy: .random(seed: 7), schedules: 50).explore(
            Self.deposits(racy: true)
        )
        let failure = try #require(report.failure)
        let schedule = try Schedule(text: failure.record.schedule.text)
        #expect(schedule == failure.record.schedule)
        for _ in 0..<3 {
            let replay = await ScheduleExplorer(strategy: .random(seed: 0), schedules: 1)
                .replay(schedule, Self.deposits(racy: true))
            #expect(replay.steps == failure.record.steps)
            #expect(replay.problem == failure.record.problem)
            #expect(!replay.diverged)
        }
        // The schedule's own seed runs it first.
        let again = await ScheduleExplorer(strategy: failure.record.schedule.strategy, schedules: 1)
            .explore(Self.deposits(racy: true))
        #expect(again.failure?.record.steps == failure.record.steps)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aDeadlockIsReportedWithEveryWaitingTaskInsteadOfHanging() async throws {
        let gates = LockedGates()
        let report = await ScheduleExplorer(strategy: .random(seed: 2), schedules: 5).explore { exploration in
            let (first, second) = (Gate(), Gate())
            gates.keep(first, second)
            // Each waits for a gate only the other would open, after its own wait.
            let a = exploration.spawn("waits for the first gate") {
                await first.pass()
                second.open()
            }
            let b = exploration.spawn("waits for the second gate") {
                await second.pass()
                first.open()
            }
            await a.value
            await b.value
        }
        let failure = try #require(report.failure)
        #expect(report.schedulesRun == 1)
        #expect(
            failure.record.problem
                == .deadlock(waiting: [
                    "scenario (task 0)", "waits for the first gate (task 1)", "waits for the second gate (task 2)",
                ])
        )
        // Opened now, the gates let the tasks end on the global executor.
        gates.openAll()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func theClockMovesOnlyWhenNoJobCanRun() async {
        let report = await ScheduleExplorer(strategy: .random(seed: 5), schedules: 100).explore { exploration in
            let clock = exploration.clock
            let sleeper = exploration.spawn("sleeper") {
                try? await clock.sleep(for: .seconds(1))
                return clock.now.offset
            }
            let worker = exploration.spawn("worker") {
                var seen: [Duration] = []
                for _ in 0..<20 {
                    seen.append(clock.now.offset)
                    await Task.yield()
                }
                return seen
            }
            let seen = await worker.value
            exploration.expect(seen.allSatisfy { $0 == .zero }, "the worker could run, yet the clock moved: \(seen)")
            let woke = await sleeper.value
            exploration.expect(woke == .seconds(1), "the sleeper woke at \(woke)")
        }
        #expect(report.failure == nil, "\(report)")
        // Every clock step came when no job could run: after the worker's last job.
        let record = await ScheduleExplorer(strategy: .random(seed: 5), schedules: 1)
            .replay(
                Schedule(strategy: .random(seed: 5), choices: []),
                { exploration in
                    let clock = exploration.clock
                    let sleeper = exploration.spawn("sleeper") { try? await clock.sleep(for: .seconds(1)) }
                    let worker = exploration.spawn("worker") { for _ in 0..<20 { await Task.yield() } }
                    await worker.value
                    await sleeper.value
                }
            )
        let clockSteps = record.steps.indices.filter { if case .clock = record.steps[$0].kind { true } else { false } }
        let lastWorkerStep = record.steps.lastIndex { $0.label.hasPrefix("worker") }
        #expect(clockSteps.count == 1)
        #expect(clockSteps.first.map { $0 > (lastWorkerStep ?? .max) } == true, "\(record.steps)")
    }
}

/// Gates made inside a scenario, kept for the test to open after the exploration.
final class LockedGates: Sendable {
    private let gates = LockedValue<[Gate]>([])
    func keep(_ kept: Gate...) { gates.withLock { $0 += kept } }
    func openAll() { for gate in gates.withLock({ $0 }) { gate.open() } }
}
