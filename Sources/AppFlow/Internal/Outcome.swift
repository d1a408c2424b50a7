/// A one-time result awaited by any number of waiters: an ``AuthFlow`` call's, an intent's.
final class Outcome<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var result: Value?
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = LockedValue(State())
    /// What a waiter gets when its task is cancelled before the result is set.
    private let whenCancelled: Value

    /// An outcome whose cancelled waiters get `whenCancelled`.
    init(whenCancelled: Value) {
        self.whenCancelled = whenCancelled
    }

    /// Whether the result is known.
    var isResolved: Bool { state.withLock { $0.result != nil } }

    /// Sets the result, once; later calls are ignored.
    func resolve(_ result: Value) {
        let waiters: [CheckedContinuation<Value?, Never>] = state.withLock { state in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.resume(returning: result)
        }
    }

    /// The result, once it is set, however long that takes: a joined logout waits for the
    /// logout it joined even if its caller is cancelled.
    var valueIgnoringCancellation: Value {
        get async { await wait(register(), stoppingOnCancel: false) }
    }

    /// The result, once it is set. A cancelled waiter stops waiting and gets `whenCancelled`.
    var value: Value {
        get async {
            let id = register()
            return await withTaskCancellationHandler {
                await wait(id, stoppingOnCancel: true)
            } onCancel: {
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.resume(returning: nil)
            }
        }
    }

    /// A new waiter's id.
    private func register() -> UInt64 {
        state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
    }

    /// Suspends waiter `id` until the result is set or, if `stoppingOnCancel`, its task is
    /// cancelled (before it registered, or through the cancellation handler after).
    private func wait(_ id: UInt64, stoppingOnCancel: Bool) async -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let ready: Value?? = state.withLock { state in
                if let result = state.result { return .some(result) }
                if stoppingOnCancel && Task.isCancelled { return .some(nil) }
                state.waiters[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return result ?? whenCancelled
    }
}
