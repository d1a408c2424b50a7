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

    /// Runs the call's work, which resolves the outcome, in a task of its own at the
    /// caller's priority.
    func run(_ body: @escaping @Sendable () async -> Void) {
        let task = Task.explorable("call") { await body() }
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
    /// call order stays taken: calls made before it stay superseded.
    public func cancel() {
        work.withLock { $0 }?.cancel()
    }
}

/// The one-time result of an ``AuthFlow`` call: how a joined logout hears the result of
/// the logout it joined, and what an ``AuthCallHandle`` awaits.
typealias AuthOutcome = Outcome<AuthResult>

extension Outcome where Value == AuthResult {
    /// An outcome whose cancelled waiters get ``AuthResult/cancelled``.
    convenience init() {
        self.init(whenCancelled: .cancelled)
    }
}
