import AppFlow

/// What one schedule did: its exact order, each step, and what went wrong, if anything.
public struct ScheduleRecord: Sendable, CustomStringConvertible {
    /// Why a schedule failed.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The scenario's checks failed (``Exploration/expect(_:_:)``), or it threw.
        case failed([String])
        /// No job could run, no task slept on the clock, and the scenario had not ended:
        /// `waiting` names each task that began and has not ended.
        case deadlock(waiting: [String])
        /// The schedule ran `steps` steps without the scenario ending.
        case stepLimit(Int)

        /// One paragraph about it.
        public var description: String {
            switch self {
            case .failed(let messages):
                return "failed: " + messages.joined(separator: "; ")
            case .deadlock(let waiting):
                return "deadlock: no job can run, no task sleeps on the clock, and the scenario has not ended; "
                    + "waiting: " + (waiting.isEmpty ? "none named" : waiting.joined(separator: ", "))
            case .stepLimit(let steps):
                return "the scenario had not ended after \(steps) steps"
            }
        }
    }

    /// The schedule, to replay.
    public let schedule: Schedule
    /// Every step, in order.
    public let steps: [ScheduleStep]
    /// What went wrong; `nil` for a schedule that passed.
    public let problem: Problem?
    /// How many jobs arrived from outside the explorer's control (a main-actor job, a task
    /// started with `Task {}`) while the driver waited for one: when it is not 0, a replay
    /// may not run the same order.
    public let jobsFromOutside: Int
    /// Whether a replay's choices no longer fitted the jobs that could run: the code
    /// changed, or something escaped the explorer.
    public let diverged: Bool

    let recorder: FlowTraceRecorder

    /// The schedule's steps on a "schedule" track, with whatever the scenario's flows
    /// recorded into ``Exploration/recorder``, in the Trace Event Format that
    /// ui.perfetto.dev opens.
    public func chromeTrace() -> String {
        recorder.chromeTrace()
    }

    /// The problem, or that it passed, and the schedule's size.
    public var description: String {
        "\(problem.map(String.init(describing:)) ?? "passed") (\(schedule), \(steps.count) steps)"
    }
}

/// A schedule that failed, with everything needed to run it again.
public struct ExplorationFailure: Error, Sendable, CustomStringConvertible {
    /// The schedule's number in its exploration, from 0.
    public let index: Int
    /// What it did.
    public let record: ScheduleRecord

    /// What broke, the seed and strategy, the steps that led there, and how to replay.
    public var description: String {
        let tail = record.steps.suffix(12).map(\.label).joined(separator: "\n    ")
        return """
            schedule \(index) \(record.problem.map(String.init(describing:)) ?? "passed")
              strategy: \(record.schedule.strategy) (explore with it to run this schedule first)
              steps: \(record.steps.count); the last ones:
                \(tail)
              replay exactly: ScheduleExplorer.replay(try Schedule(text: ...)) with the text below
            \(record.schedule.text)
            """
    }
}

/// What an exploration found.
public struct ExplorationReport: Sendable, CustomStringConvertible {
    /// The strategy explored with.
    public let strategy: ExplorationStrategy
    /// How many schedules ran, the failing one included.
    public let schedulesRun: Int
    /// Whether ``ExplorationStrategy/depthFirst`` tried every order there is.
    public let isExhausted: Bool
    /// The most steps a schedule took.
    public let longestSchedule: Int
    /// The first schedule that failed; `nil` if none did.
    public let failure: ExplorationFailure?

    /// One line when it passed; the failure's whole description when it did not.
    public var description: String {
        if let failure { return "\(schedulesRun) schedules of \(strategy); \(failure)" }
        return "\(schedulesRun) schedules of \(strategy) passed\(isExhausted ? ", every order tried" : "")"
            + "; the longest took \(longestSchedule) steps"
    }
}
