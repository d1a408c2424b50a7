import AppFlow

/// Runs an async scenario again and again, each time one job at a time in an order a
/// strategy chooses, and reports the first order that breaks it, exactly enough to replay.
///
/// ```swift
/// let report = await ScheduleExplorer(strategy: .pct(depth: 2, seed: 1), schedules: 200)
///     .explore { exploration in
///         let flow = AuthFlow(provider: provider, splash: "launch", clock: exploration.clock)
///         let rules = AuthFlowRules(flow)
///         _ = await flow.start()
///         let login = exploration.spawn("login") { await rules.login("ann") }
///         let logout = exploration.spawn("logout") { await rules.logout() }
///         _ = (await login.value, await logout.value)
///         await flow.finish()
///         rules.check(in: exploration)
///     }
/// #expect(report.failure == nil, "\(report)")
/// ```
///
/// **What it controls.** The scenario runs in a task whose executor preference is the
/// explorer's executor, so that every job of that task, of its child tasks (`async let`,
/// task groups), of the tasks it starts with ``Exploration/spawn(_:_:)``, of every task
/// AppFlow starts itself (deliveries, follow-ups, animations, watchdogs, timeouts,
/// teardowns, event forwarders), and of every default actor they call (a
/// ``FlowContainer`` included) waits there until the driver, on a thread of its own, runs
/// it. Time is the manual clock ``Exploration/clock``: when no job can run, the driver
/// moves it to the next deadline; when none sleeps either and the scenario has not ended,
/// it reports a deadlock.
///
/// **What escapes it.** Main-actor code (`@MainActor`, UIKit and SwiftUI shells, the
/// `FlowModel`) runs on the main executor; a task started with `Task {}` or
/// `Task.detached` by code other than AppFlow's runs on the global executor; a custom
/// actor executor runs its own jobs; real clocks and blocking calls run in real time.
/// Their work still happens, but in an order the explorer neither chooses nor replays: the
/// driver waits a moment (`outsideWait`) for such a job before it calls a deadlock, and
/// counts it in ``ScheduleRecord/jobsFromOutside``.
///
/// **Ordering.** Schedules run one after another, on one thread; an exploration stops at
/// the first failure. **Cancellation.** Cancelling the awaiting task stops the
/// exploration after the schedule that runs. There is nothing to finish: each call owns
/// what it runs.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScheduleExplorer: Sendable {
    /// How the next job is chosen.
    public var strategy: ExplorationStrategy
    /// How many schedules to run at most (at least 1).
    public var schedules: Int
    /// Steps after which a schedule whose scenario has not ended fails.
    public var maxSteps: Int
    /// How long, in real time, to wait for a job from outside the explorer's control
    /// before a scenario with nothing to run is called deadlocked.
    public var outsideWait: Duration

    /// An explorer of `schedules` schedules chosen by `strategy`.
    public init(
        strategy: ExplorationStrategy,
        schedules: Int,
        maxSteps: Int = 100_000,
        outsideWait: Duration = .milliseconds(50)
    ) {
        self.strategy = strategy
        self.schedules = max(1, schedules)
        self.maxSteps = max(1, maxSteps)
        self.outsideWait = outsideWait
    }

    /// Runs `scenario` under up to ``schedules`` schedules, stopping at the first that
    /// fails, and reports it.
    public func explore(
        _ scenario: @escaping @Sendable (Exploration) async throws -> Void
    ) async -> ExplorationReport {
        let cancelled = LockedValue(false)
        return await withTaskCancellationHandler {
            await DriverThread.run { explore(scenario, unless: cancelled) }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    /// Runs `scenario` under the strategy's first schedule (the one its seed names), once,
    /// and tells what it did, whether it failed or not: to see or compare a schedule's
    /// steps and trace.
    public func run(
        _ scenario: @escaping @Sendable (Exploration) async throws -> Void
    ) async -> ScheduleRecord {
        let (strategy, run) = (
            strategy.forSchedule(0, measuredLength: 100),
            ScheduleRun(
                strategy: strategy.forSchedule(0, measuredLength: 100),
                index: 0,
                maxSteps: maxSteps,
                outsideWait: outsideWait
            )
        )
        return await DriverThread.run {
            var chooser = ScheduleChooser(strategy)
            return run.run(scenario, chooser: &chooser)
        }
    }

    /// Runs `scenario` once, in exactly the order `schedule` gives, and tells what it did.
    public func replay(
        _ schedule: Schedule,
        _ scenario: @escaping @Sendable (Exploration) async throws -> Void
    ) async -> ScheduleRecord {
        let run = ScheduleRun(strategy: schedule.strategy, index: 0, maxSteps: maxSteps, outsideWait: outsideWait)
        return await DriverThread.run {
            var chooser = ScheduleChooser(following: schedule.choices)
            return run.run(scenario, chooser: &chooser)
        }
    }

    /// The number of schedules a test should run: `default`, or the number in the
    /// environment variable `APPFLOW_SCHEDULES`, for a longer run from the command line
    /// (`APPFLOW_SCHEDULES=20000 swift test --filter Exploration`).
    public static func scheduleCount(default count: Int) -> Int {
        guard let text = System.environment("APPFLOW_SCHEDULES"), let value = Int(text), value > 0 else {
            return count
        }
        return value
    }

    private func explore(
        _ scenario: @escaping @Sendable (Exploration) async throws -> Void,
        unless cancelled: LockedValue<Bool>
    ) -> ExplorationReport {
        var longest = 0
        var next: [Int]? = []
        var index = 0
        while index < schedules, let prefix = next, !cancelled.withLock({ $0 }) {
            let own = strategy.forSchedule(index, measuredLength: longest == 0 ? 100 : longest)
            var chooser = strategy.kind == .depthFirst ? ScheduleChooser(following: prefix) : ScheduleChooser(own)
            let run = ScheduleRun(strategy: own, index: index, maxSteps: maxSteps, outsideWait: outsideWait)
            let record = run.run(scenario, chooser: &chooser)
            longest = max(longest, record.steps.count)
            index += 1
            if record.problem != nil {
                return ExplorationReport(
                    strategy: strategy,
                    schedulesRun: index,
                    isExhausted: false,
                    longestSchedule: longest,
                    failure: ExplorationFailure(index: index - 1, record: record)
                )
            }
            if strategy.kind == .depthFirst {
                next = ScheduleChooser.nextDepthFirst(after: chooser.choices, widths: chooser.widths)
            }
        }
        return ExplorationReport(
            strategy: strategy,
            schedulesRun: index,
            isExhausted: next == nil,
            longestSchedule: longest,
            failure: nil
        )
    }
}
