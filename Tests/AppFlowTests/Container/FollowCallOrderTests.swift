import AppFlowTesting
import AppFlowTestingTraits
import Dispatch
import Testing

@testable import AppFlow

// Apart from FollowTests: Dispatch runs the executor, and the Apple-platform type-check
// leaves out files that import it.

/// `follow(_:child:)` when the tasks of its states start in the reverse order.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FollowCallOrderTests {
    /// Every state's request is started as its own task; here the tasks begin newest
    /// first, so the requests of older states reach the container after the newest one.
    /// Each state took its place in call order when the sequence yielded it: the older
    /// ones are superseded, the last state wins and no overtaken state's child is made.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func theLastStateWinsWhenOlderStatesRequestsReachTheContainerAfterIt() async throws {
        let built = Log<String>()
        let container = FlowContainer(initial: "splash", animation: .immediate)
        let states = AsyncStream<String> { continuation in
            for state in ["login", "onboarding", "main"] { continuation.yield(state) }
            continuation.finish()
        }
        try await withTaskExecutorPreference(NewestFirstExecutor()) {
            try await container.follow(states) { state in
                built.append(state)
                return state
            }
        }
        #expect(await container.child == "main")
        #expect(built.all == ["main"])
    }
}

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
