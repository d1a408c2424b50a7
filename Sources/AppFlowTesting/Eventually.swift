/// Polls `condition` until it holds, for at most `timeout` of real time, and returns
/// whether it held.
///
/// For waiting on a state that other tasks reach (a gate with a waiter, a container
/// that became idle), never for measuring time: a broken guarantee then fails the
/// `#expect` around it after `timeout` instead of hanging the test.
///
/// ```swift
/// #expect(await eventually { await container.pendingCount == 2 })
/// ```
///
/// `condition` runs on the caller's actor (`isolation`), so a test on the main actor can
/// read main-actor state in it directly.
///
/// **Cancellation.** A cancelled task stops polling and returns the condition's last
/// answer.
public func eventually(
    timeout: Duration = .seconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline, !Task.isCancelled {
        if await condition() { return true }
        for _ in 0..<10 { await Task.yield() }
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
