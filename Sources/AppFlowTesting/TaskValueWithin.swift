import AppFlow

extension Task where Failure == Never {
    /// The task's value, or `nil` if the task has not finished within `timeout` of real
    /// time.
    ///
    /// A test that awaits `task.value` hangs for good when the guarantee it checks breaks
    /// and the task never returns; this fails the test's `#expect` after `timeout`
    /// instead:
    ///
    /// ```swift
    /// let container = FlowContainer(initial: "splash", animation: .immediate)
    /// let switching = Task { await container.cycle(to: "home") }
    /// #expect(await switching.value(within: .seconds(10)) == .completed)
    /// ```
    ///
    /// **Cancellation.** A cancelled caller stops waiting and gets `nil`. The task itself
    /// is neither cancelled nor awaited further: it runs on, and what it holds is released
    /// only when it ends.
    public func value(within timeout: Duration = .seconds(10)) async -> Success? {
        let outcome = LockedValue<(value: Success?, done: Bool, waiter: CheckedContinuation<Success?, Never>?)>(
            (nil, false, nil)
        )
        @Sendable func settle(_ value: Success?) {
            let waiter: CheckedContinuation<Success?, Never>? = outcome.withLock { state in
                guard !state.done else { return nil }
                state.done = true
                state.value = value
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: value)
        }
        let watcher = Task<Void, Never> { settle(await self.value) }
        let timer = Task<Void, Never> {
            try? await Task<Never, Never>.sleep(for: timeout)
            settle(nil)
        }
        let value = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Success?, Never>) in
                let settled: (Bool, Success?) = outcome.withLock { state in
                    if !state.done { state.waiter = continuation }
                    return (state.done, state.value)
                }
                if settled.0 { continuation.resume(returning: settled.1) }
            }
        } onCancel: {
            settle(nil)
        }
        timer.cancel()
        _ = watcher
        return value
    }
}
