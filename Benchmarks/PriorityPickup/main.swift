// What a raised priority buys behind a long queue, with no AppFlow involved, in two rows:
//
// - pool: how long a task of high priority waits to start while the cooperative pool has
//   1,000, 10,000 or 100,000 medium-priority jobs queued. A requested logout once started
//   such a task to run ahead of the logins it beat (before the scenes' arrival gate).
// - actor: how long a high-priority call waits to run on an actor whose queue holds as
//   many medium-priority calls. This is why a scene's arrival gate keeps the beaten
//   logins' arrivals out of the container actor's queue.
//
//   swift run -c release PriorityPickup [rounds]     (from Benchmarks/; 5 rounds by default)
//
// Reports the median of the rounds per size. `Docs/AppFlow.docc/Performance.md` keeps the
// figures.
import Timing

/// A little work that the optimiser keeps.
@inline(never) func spin(_ count: Int) -> Int {
    var value = 0
    for index in 0..<count { value = value &* 31 &+ index }
    return value
}

/// An actor whose calls do a little work.
actor Busy {
    var total = 0
    func work() { total &+= spin(20_000) }
    func now() -> ContinuousClock.Instant { ContinuousClock.now }
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
for queued in [1_000, 10_000, 100_000] {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let tasks = (0..<queued).map { _ in
            Task.detached(priority: .medium) {
                _ = spin(2_000)
                await Task.yield()
                _ = spin(2_000)
            }
        }
        try? await Task.sleep(for: .milliseconds(2))
        let start = ContinuousClock.now
        let waited = await Task.detached(priority: .high) { ContinuousClock.now - start }.value
        for task in tasks { await task.value }
        samples.append(seconds(waited))
    }
    print(
        "high-priority task start, \(queued) medium jobs queued: \(formatSeconds(median(samples)))"
            + " (median of \(rounds))"
    )
}
for queued in [1_000, 10_000, 100_000] {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let busy = Busy()
        let tasks = (0..<queued).map { _ in Task.detached(priority: .medium) { await busy.work() } }
        try? await Task.sleep(for: .milliseconds(1))
        let start = ContinuousClock.now
        let ran = await Task.detached(priority: .high) { await busy.now() }.value
        for task in tasks { await task.value }
        samples.append(seconds(ran - start))
    }
    print(
        "high-priority actor call, \(queued) medium calls queued: \(formatSeconds(median(samples)))"
            + " (median of \(rounds))"
    )
}
