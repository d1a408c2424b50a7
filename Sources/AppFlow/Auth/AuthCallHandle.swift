/// A call to an ``AuthFlow`` made from synchronous code with
/// ``AuthFlow/request(_:animation:)``: it took its place in call order when it was made,
/// and its result is awaited later.
///
/// A button handler cannot `await`, and `Task { await flow.logout() }` takes its place in
/// call order whenever that task first runs, so two taps could be ordered either way. A
/// handle is stamped before `request` returns.
public final class AuthCallHandle: Sendable {
    private let outcome: AuthOutcome
    private let work: LockedValue<Task<Void, Never>?>

    init(outcome: AuthOutcome) {
        self.outcome = outcome
        self.work = LockedValue(nil)
    }

    /// Runs the call's work, which resolves the outcome.
    func run(_ body: @escaping @Sendable () async -> Void) {
        let task = Task { await body() }
        work.withLock { $0 = task }
    }

    /// The call's result, once it has returned.
    ///
    /// Any number of tasks may await it, before or after the call returns; each gets the
    /// same result. Cancelling an awaiting task stops only its wait, and that task gets
    /// ``AuthResult/cancelled`` although the call goes on; the result is still there for the
    /// others (use ``cancel()`` to cancel the call, and ``hasReturned`` to tell the two apart).
    public var result: AuthResult {
        get async { await outcome.value }
    }

    /// Whether the call has returned.
    public var hasReturned: Bool { outcome.isResolved }

    /// Cancels the call, as cancelling the task of the async call would: before its
    /// transition starts it returns ``AuthResult/cancelled``; after, it completes. A logout
    /// that joined another one is not stopped: it returns that logout's result. Its place in
    /// call order stays taken: calls made before it stay beaten.
    public func cancel() {
        work.withLock { $0 }?.cancel()
    }
}

/// The one-time result of an ``AuthFlow`` call, awaited by any number of waiters: how a
/// joined logout hears the result of the logout it joined, and what an
/// ``AuthCallHandle`` awaits.
final class AuthOutcome: Sendable {
    private struct State: Sendable {
        var result: AuthResult?
        var waiters: [UInt64: CheckedContinuation<AuthResult?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// Whether the result is known.
    var isResolved: Bool { state.withLock { $0.result != nil } }

    /// Sets the result, once; later calls are ignored.
    func resolve(_ result: AuthResult) {
        let waiters: [CheckedContinuation<AuthResult?, Never>] = state.withLock { state in
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
    var valueIgnoringCancellation: AuthResult {
        get async { await wait(register(), stoppingOnCancel: false) }
    }

    /// The result, once it is set. A cancelled waiter stops waiting and gets `cancelled`.
    var value: AuthResult {
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
    private func wait(_ id: UInt64, stoppingOnCancel: Bool) async -> AuthResult {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<AuthResult?, Never>) in
            let ready: AuthResult?? = state.withLock { state in
                if let result = state.result { return .some(result) }
                if stoppingOnCancel && Task.isCancelled { return .some(nil) }
                state.waiters[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return result ?? .cancelled
    }
}
