/// A count of work still running that callers can wait to see end: ``AuthFlow`` counts
/// the factories of calls a newer call overtook, which no container waits for, so that
/// `finish()` returns only once they have returned.
final class WorkInFlight: Sendable {
    private struct State: Sendable {
        var count = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// One more piece of work runs.
    func begin() {
        state.withLock { $0.count += 1 }
    }

    /// A piece of work has ended; the waiters resume once none runs.
    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once no work runs; at once if none does. Cancellation does not shorten it.
    func waitUntilNone() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                guard state.count > 0 else { return true }
                state.waiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }
}
