import AppFlow

/// Tasks waiting for a condition on some value, each resumed once the condition holds or
/// its task is cancelled. Kept inside a `LockedValue`'s state; see `waitUntil(_:in:project:_:)`.
struct ConditionWaiters<Value>: Sendable {
    private typealias Waiter = (condition: @Sendable (Value) -> Bool, continuation: CheckedContinuation<Void, Never>)
    private var waiters: [UInt64: Waiter] = [:]
    /// Waits cancelled before they registered.
    private var cancelledEarly: Set<UInt64> = []
    private var lastID: UInt64 = 0

    init() {}

    /// Removes and returns the waiters whose condition `value` satisfies.
    mutating func satisfied(by value: Value) -> [CheckedContinuation<Void, Never>] {
        let ready = waiters.filter { $0.value.condition(value) }
        for id in ready.keys { waiters.removeValue(forKey: id) }
        return ready.values.map(\.continuation)
    }

    fileprivate mutating func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Stores the waiter unless it was cancelled already or `value` satisfies it; returns
    /// whether to resume it at once.
    fileprivate mutating func register(
        _ id: UInt64,
        _ condition: @escaping @Sendable (Value) -> Bool,
        _ continuation: CheckedContinuation<Void, Never>,
        current value: Value
    ) -> Bool {
        if cancelledEarly.remove(id) != nil || condition(value) { return true }
        waiters[id] = (condition, continuation)
        return false
    }

    fileprivate mutating func cancel(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
        guard let waiter = waiters.removeValue(forKey: id) else {
            cancelledEarly.insert(id)
            return nil
        }
        return waiter.continuation
    }
}

/// Suspends until `condition` holds for the value `state` projects through `project`, or
/// the calling task is cancelled. Whoever changes the value must resume the waiters that
/// `ConditionWaiters.satisfied(by:)` returns.
func waitUntil<State: Sendable, Value>(
    _ state: LockedValue<State>,
    in waiters: WritableKeyPath<State, ConditionWaiters<Value>> & Sendable,
    project: @escaping @Sendable (State) -> Value,
    _ condition: @escaping @Sendable (Value) -> Bool
) async {
    let id = state.withLock { $0[keyPath: waiters].makeID() }
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                state[keyPath: waiters].register(id, condition, continuation, current: project(state))
            }
            if ready { continuation.resume() }
        }
    } onCancel: {
        state.withLock { $0[keyPath: waiters].cancel(id) }?.resume()
    }
}
