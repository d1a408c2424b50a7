/// Runs `work` in a task of its own and returns when it ends or `timeout` has passed on
/// `clock`, whichever comes first. Returns whether it ended in time. Work that outlives
/// the timeout is cancelled and left to finish on its own.
func runWithTimeout(
    _ timeout: Duration,
    clock: any Clock<Duration>,
    _ work: @escaping @Sendable () async -> Void
) async -> Bool {
    let outcome = LockedValue<(done: Bool?, waiter: CheckedContinuation<Bool, Never>?)>((nil, nil))
    @Sendable func settle(_ inTime: Bool) {
        let waiter: CheckedContinuation<Bool, Never>? = outcome.withLock { state in
            guard state.done == nil else { return nil }
            state.done = inTime
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: inTime)
    }
    let worker = Task.explorable("timed work") {
        await work()
        settle(true)
    }
    let timer = Task.explorable("timeout") {
        try? await clock.sleep(for: timeout)
        settle(false)
    }
    let inTime = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let done: Bool? = outcome.withLock { state in
            if state.done == nil { state.waiter = continuation }
            return state.done
        }
        if let done { continuation.resume(returning: done) }
    }
    timer.cancel()
    if !inTime { worker.cancel() }
    return inTime
}
