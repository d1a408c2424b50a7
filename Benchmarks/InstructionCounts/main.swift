// Runs one scenario of AppFlow's hot path a given number of times, for
// `Benchmarks/instructions.sh`, which counts its instructions under callgrind; the count
// of a run with 0 repetitions is subtracted, so the difference is the path's own cost.
//
//   InstructionCounts cycle 20000    uncontended `.immediate` cycles, no subscriber
//   InstructionCounts events 20000   the same with one subscriber that receives every event
//   InstructionCounts floor 20000    the references: a bare actor swapping an `Int`, and a
//   InstructionCounts handwritten 20000   hand-written actor yielding the same events
//   InstructionCounts generic 20000  (by hand, not in instructions.sh) the hand-written
//   InstructionCounts bound 20000    actor made generic, and the specialised fan-out bound
//
// Everything runs on the main thread, through a task executor that the main thread
// drains: valgrind cannot follow the threads of Swift's global executor here, and one
// thread also keeps the count free of scheduling noise.
import AppFlow
import References

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The jobs waiting to run, behind a mutex.
final class JobQueue: @unchecked Sendable {
    // Safe to share: `jobs` is only read or written between lock and unlock. (In these
    // scenarios only the main thread ever gets here; the lock keeps that an accident.)
    private var mutex = pthread_mutex_t()
    private var jobs: [UnownedJob] = []

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func push(_ job: UnownedJob) {
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_mutex_unlock(&mutex)
    }

    func pop() -> UnownedJob? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

/// Runs every job enqueued on it when the main thread drains it.
final class MainThreadExecutor: TaskExecutor {
    private let jobs = JobQueue()

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.push(UnownedJob(job))
    }

    /// Runs jobs until none is left.
    func drain() {
        while let job = jobs.pop() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// One scenario, `count` times.
func run(_ scenario: String, _ count: Int, on executor: MainThreadExecutor) async {
    switch scenario {
    case "cycle":
        let container = FlowContainer(initial: -1, animation: .immediate)
        for value in 0..<count {
            await container.cycle(to: value)
        }
    case "floor":
        let actor = BareActor()
        for value in 0..<count {
            await actor.cycle(to: value)
        }
    case "events":
        let container = FlowContainer(initial: -1, animation: .immediate)
        await drained(container.events(), count, on: executor) { await container.cycle(to: $0) }
    case "generic":
        let actor = GenericHandWrittenEvents(initial: -1)
        await drained(actor.events, count, on: executor) { await actor.cycle(to: $0) }
    case "bound":
        let actor = FanOutBound()
        await drained(actor.events(), count, on: executor) { await actor.cycle(to: $0) }
    default:
        let actor = HandWrittenEvents()
        await drained(actor.events, count, on: executor) { await actor.cycle(to: $0) }
    }
}

/// `count` cycles with one subscriber, until it has received both events of each.
func drained<Event: Sendable>(
    _ events: AsyncStream<Event>,
    _ count: Int,
    on executor: MainThreadExecutor,
    cycle: (Int) async -> Void
) async {
    let subscriber = Task(executorPreference: executor) {
        var received = 0
        for await _ in events {
            received += 1
            if received == 2 * count { return }
        }
    }
    for value in 0..<count {
        await cycle(value)
    }
    if count == 0 { subscriber.cancel() }
    await subscriber.value
}

let arguments = CommandLine.arguments
let scenarios = ["cycle", "events", "floor", "handwritten", "generic", "bound"]
guard arguments.count == 3, scenarios.contains(arguments[1]), let count = Int(arguments[2]), count >= 0
else {
    print("usage: InstructionCounts cycle|events|floor|handwritten <repetitions>")
    exit(2)
}
let executor = MainThreadExecutor()
let done = Task(executorPreference: executor) {
    await run(arguments[1], count, on: executor)
}
executor.drain()
print("\(arguments[1]) \(count)")
_ = done
