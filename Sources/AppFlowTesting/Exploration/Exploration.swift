import AppFlow

/// What a scenario run by a ``ScheduleExplorer`` gets: the manual clock its flows must
/// use, a recorder for its trace, a way to start tasks under the explorer, and checks
/// whose failure the explorer reports with the schedule that broke them.
///
/// A scenario builds everything it uses afresh (each schedule runs it again from the
/// start), makes its calls from tasks it starts with ``spawn(_:_:)`` or from child tasks,
/// checks what it expects with ``expect(_:_:)``, and ends with `await flow.finish()`, so
/// that no task of the flow outlives the schedule.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class Exploration: Sendable {
    /// The clock to give every flow and animation of the scenario. The explorer moves it
    /// to the next deadline only when no job can run.
    public let clock: ManualClock
    /// A recorder to give the scenario's flows as their tracer: a failure's Perfetto trace
    /// then shows the flow's calls and transitions beside the schedule's steps. Its time
    /// is the manual clock's plus one microsecond per step.
    public let recorder: FlowTraceRecorder
    /// The schedule's number in its exploration, from 0.
    public let schedule: Int

    struct Book: Sendable {
        var problems: [String] = []
        var names: [Int: String] = [:]
        var ended: Set<Int> = []
        var steps = 0
        var scenarioEnded = false
    }

    let executor: ControlledExecutor
    let book: LockedValue<Book>
    let control: TaskControl

    init(schedule: Int) {
        let clock = ManualClock()
        let executor = ControlledExecutor()
        let book = LockedValue(Book())
        self.clock = clock
        self.executor = executor
        self.book = book
        self.schedule = schedule
        recorder = FlowTraceRecorder { clock.now.offset + .microseconds(book.withLock { $0.steps }) }
        control = TaskControl(
            executor: executor,
            began: { name in
                guard let task = executor.running else { return }
                book.withLock { $0.names[task] = name }
            },
            ended: {
                guard let task = executor.running else { return }
                _ = book.withLock { $0.ended.insert(task) }
            }
        )
    }

    /// Starts `operation` as task `name` under the explorer: its jobs, and those of the
    /// tasks it starts, run when the schedule chooses them. `name` labels the task in
    /// failures and traces.
    ///
    /// Start every task of the scenario so, or as a child task: a task started with
    /// `Task {}` runs on the global executor, out of the explorer's control.
    @discardableResult
    public func spawn<Success: Sendable>(
        _ name: String,
        _ operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        let control = self.control
        return Task(executorPreference: executor) {
            await TaskControl.$current.withValue(control) {
                await TaskControl.named(name, control, operation)
            }
        }
    }

    /// Records a failure of the schedule unless `condition` holds. The scenario goes on;
    /// the explorer reports the schedule once it ends.
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Records a failure of the schedule.
    public func fail(_ message: String) {
        book.withLock { $0.problems.append(message) }
    }

    /// The failures recorded so far.
    public var problems: [String] {
        book.withLock { $0.problems }
    }
}
