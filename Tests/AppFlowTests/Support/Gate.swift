import AppFlow

/// A barrier a test opens by hand: tasks that `pass()` it suspend until `open()`.
final class Gate: Sendable {
    private struct State: Sendable {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// How many tasks are waiting at the gate.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Suspends until the gate is open.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Opens the gate for good and lets every waiting task through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A counter that also remembers the largest value it reached.
final class PeakCounter: Sendable {
    private let state = LockedValue((current: 0, peak: 0, total: 0))

    func enter() {
        state.withLock { state in
            state.current += 1
            state.total += 1
            state.peak = max(state.peak, state.current)
        }
    }

    func leave() {
        state.withLock { $0.current -= 1 }
    }

    var current: Int { state.withLock { $0.current } }
    var peak: Int { state.withLock { $0.peak } }
    var total: Int { state.withLock { $0.total } }
}

/// A log the tests append to from any task.
final class Log<Entry: Sendable>: Sendable {
    private let entries = LockedValue<[Entry]>([])

    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
}

/// Polls `condition` until it holds, for at most `timeout` of real time; returns whether
/// it held. Used only to wait for a state, never to measure time.
func eventually(timeout: Duration = .seconds(10), _ condition: @Sendable () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        if await condition() { return true }
        for _ in 0..<10 { await Task.yield() }
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// A custom animation that holds each transition open until `gate` opens, and counts how
/// many run at once.
func gatedAnimation(
    _ gate: Gate,
    counter: PeakCounter = PeakCounter(),
    duration: Duration? = nil
) -> TransitionAnimation {
    .custom(name: "gated", duration: duration) { (_: Screen, _: Screen, _) in
        counter.enter()
        await gate.pass()
        counter.leave()
    }
}
