import Dispatch

@testable import AppFlow

/// A task executor that runs one job at a time, always the newest one enqueued: tasks
/// started one after another on it begin in the reverse order, deterministically. Tests
/// use it to make calls reach a container in the opposite order from the one they were
/// made in.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class NewestFirstExecutor: TaskExecutor {
    private let jobs = LockedValue<[UnownedJob]>([])
    private let queue = DispatchQueue(label: "NewestFirstExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        // One run per job enqueued, each taking the newest job waiting when it runs.
        queue.async {
            guard let newest = self.jobs.withLock({ $0.popLast() }) else { return }
            newest.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
