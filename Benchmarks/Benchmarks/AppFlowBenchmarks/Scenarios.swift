import AppFlow
import References

/// The measured loops. They are plain nonisolated functions, so that nothing runs on the
/// main actor (each hop to it costs about 15 µs on Linux).
enum Scenarios {
    /// Scenario 1: `count` cycles one after another.
    static func sequential(_ switcher: some Switcher, count: Int) async {
        for child in 0..<count {
            await switcher.cycle(to: child)
        }
    }

    /// Scenario 2: `tasks` tasks, each making `cycles` cycles.
    static func contended(_ switcher: some Switcher, tasks: Int, cycles: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for cycle in 0..<cycles {
                        await switcher.cycle(to: task * cycles + cycle)
                    }
                }
            }
        }
    }

    /// Scenario 3, floor: create and await `requests` tasks that each make one call.
    static func storm(_ switcher: some Switcher, requests: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for child in 0..<requests {
                group.addTask { await switcher.cycle(to: child) }
            }
        }
    }

    /// Scenario 3, AppFlow: `requests` latest-wins calls while one transition runs.
    /// Returns how many transitions ran.
    static func latestWinsStorm(requests: Int) async -> Int {
        let holding = Holding()
        let container = FlowContainer(initial: 0, animation: .immediate, policy: .latestWins)
        let first = Task { await container.cycle(to: -1, animation: holding.animation) }
        await holding.started()
        let ran = await withTaskGroup(of: TransitionResult.self, returning: Int.self) { group in
            for child in 0..<requests {
                group.addTask { await container.cycle(to: child) }
            }
            await holding.release()
            return await group.reduce(0) { $0 + ($1.didRun ? 1 : 0) }
        }
        return ran + (await first.value.didRun ? 1 : 0)
    }

    /// Scenario 4: `count` cycles with a lazy factory.
    static func lazySequential(_ container: FlowContainer<Int>, count: Int) async {
        for child in 0..<count {
            await container.cycle { child }
        }
    }

    /// Scenario 4: `count` pending requests, each cancelled before it starts.
    static func cancelPending(count: Int) async {
        let holding = Holding()
        let container = FlowContainer(initial: 0, animation: .immediate)
        let first = Task { await container.cycle(to: -1, animation: holding.animation) }
        await holding.started()
        let tasks = (0..<count).map { child in Task { await container.cycle(to: child) } }
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.value }
        await holding.release()
        _ = await first.value
    }

    /// Scenario 6: `count` requests left pending behind a held transition, then released.
    static func pendingEnqueue(count: Int) async {
        let holding = Holding()
        let container = FlowContainer(initial: 0, animation: .immediate)
        let first = Task { await container.cycle(to: -1, animation: holding.animation) }
        await holding.started()
        await withTaskGroup(of: Void.self) { group in
            for child in 0..<count {
                group.addTask { await container.cycle(to: child) }
            }
            while await container.pendingCount < count { await Task.yield() }
            await holding.release()
        }
        _ = await first.value
    }

    /// Scenario 6, the reference: `count` tasks suspended doing nothing, then released.
    static func suspendedTasks(count: Int) async {
        let gate = Holding()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask { await gate.wait() }
            }
            while await gate.waiting < count { await Task.yield() }
            await gate.release()
        }
    }

    /// Events: `count` raw `AsyncStream` yields, two per transition, to `subscribers`.
    static func rawYields(count: Int, subscribers: Int) async {
        let streams = (0..<subscribers).map { _ in AsyncStream.makeStream(of: Int.self) }
        let drains = streams.map { pair in Task { for await _ in pair.stream {} } }
        for index in 0..<count {
            for pair in streams {
                pair.continuation.yield(index)
                pair.continuation.yield(index)
            }
        }
        for pair in streams { pair.continuation.finish() }
        for drain in drains { await drain.value }
    }
}

/// A transition held open until released: a custom animation that waits at a gate.
struct Holding: Sendable {
    private let gate = AsyncGate()

    var animation: TransitionAnimation {
        let gate = self.gate
        return .custom(name: "holding", duration: nil) { (_: Int, _: Int, _) in await gate.wait() }
    }

    var waiting: Int { get async { await gate.waiting } }

    func started() async {
        while await gate.waiting == 0 { await Task.yield() }
    }

    func wait() async { await gate.wait() }
    func release() async { await gate.open() }
}
