import AppFlow

/// The explorer's executor: it runs nothing by itself, but keeps every job enqueued on it,
/// oldest first, for the explorer's driver to take one at a time. Once released, it hands
/// what it holds, and every job enqueued later, to the global concurrent executor, so that
/// tasks that outlive their schedule still end.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ControlledExecutor: TaskExecutor, Sendable {
    /// A job waiting to run, and what the strategy is told of it.
    struct Queued: Sendable {
        let job: UnownedJob
        let runnable: RunnableJob
    }

    private struct State: Sendable {
        var queue: [Queued] = []
        var isReleased = false
        /// The schedule's number of each task it has seen, by the runtime's task id.
        var numbers: [UInt64: Int] = [:]
        /// The task whose job runs now, if any: the waker of an actor's job.
        var running: Int?
    }

    private let state = LockedValue(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let taskID = Self.taskID(of: unowned)
        let released: Bool = state.withLock { state in
            guard !state.isReleased else { return true }
            let runnable: RunnableJob
            if let taskID {
                let number = state.numbers[taskID] ?? state.numbers.count
                state.numbers[taskID] = number
                runnable = RunnableJob(task: number, isActorJob: false)
            } else {
                runnable = RunnableJob(task: state.running, isActorJob: true)
            }
            state.queue.append(Queued(job: unowned, runnable: runnable))
            return false
        }
        if released {
            globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
        }
    }

    /// The jobs that can run, oldest first.
    var runnable: [RunnableJob] {
        state.withLock { $0.queue.map(\.runnable) }
    }

    /// Whether no job waits.
    var isIdle: Bool {
        state.withLock { $0.queue.isEmpty }
    }

    /// Runs the job at `index` of ``runnable`` on the calling thread, and returns what the
    /// strategy was told of it.
    func run(at index: Int) -> RunnableJob {
        let queued = state.withLock { state in
            let queued = state.queue.remove(at: index)
            state.running = queued.runnable.task
            return queued
        }
        queued.job.runSynchronously(on: asUnownedTaskExecutor())
        state.withLock { $0.running = nil }
        return queued.runnable
    }

    /// The number of the task whose job runs now.
    var running: Int? {
        state.withLock { $0.running }
    }

    /// Hands every waiting job, and every later one, to the global concurrent executor.
    func release() {
        let waiting = state.withLock { state in
            state.isReleased = true
            defer { state.queue = [] }
            return state.queue
        }
        for queued in waiting {
            globalConcurrentExecutor.enqueue(ExecutorJob(queued.job))
        }
    }

    /// The runtime's id of the task a job belongs to, read from its description
    /// (`UnownedJob(id: 12)`); `nil` for a job that is no task's, as an actor's.
    private static func taskID(of job: UnownedJob) -> UInt64? {
        let text = "\(job)"
        guard let start = text.firstRange(of: "id: ") else { return nil }
        return UInt64(text[start.upperBound...].prefix { $0.isNumber })
    }
}
