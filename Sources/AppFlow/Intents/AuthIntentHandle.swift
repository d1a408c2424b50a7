/// An intent handed to an ``AuthFlow`` with ``AuthFlow/enqueue(_:for:in:switching:)``: it
/// took its place among the flow's intents and calls when it was made, and its outcome is
/// awaited later.
///
/// The system delivers a URL, a notification tap or a shortcut to synchronous delegate
/// methods, and `Task { await flow.open(url) }` takes its place whenever that task first
/// runs, so two links could be ordered either way, or a logout called right after could
/// miss one. A handle is placed before `enqueue` returns.
public final class AuthIntentHandle: Sendable {
    private let outcome = Outcome<IntentResult>(whenCancelled: .dropped(.cancelled))
    /// The intent's expiry, while it is held; and how to withdraw it.
    private let state = LockedValue<State>(State(), role: .leaf)

    private struct State: Sendable {
        var expiry: Task<Void, Never>?
        var withdraw: (@Sendable () -> Void)?
        var resolved = false
        /// The intent's number among the flow's intents, for a trace.
        var number: UInt64 = 0
    }

    /// The intent's number among the flow's intents, for a trace.
    var number: UInt64 {
        get { state.withLock { $0.number } }
        set { state.withLock { $0.number = newValue } }
    }

    init() {}

    /// The intent's outcome, once it has one: delivered, or dropped with a reason.
    ///
    /// Any number of tasks may await it, before or after the outcome is known; each gets the
    /// same one. Cancelling an awaiting task stops only its wait, and that task gets
    /// ``IntentDropReason/cancelled`` although the intent is still held (use ``cancel()``
    /// to withdraw it, and ``hasOutcome`` to tell the two apart).
    public var result: IntentResult {
        get async { await outcome.value }
    }

    /// Whether the intent has its outcome.
    public var hasOutcome: Bool { outcome.isResolved }

    /// Withdraws the intent, as cancelling the task of ``AuthFlow/open(_:for:in:switching:)``
    /// would: one still held is dropped as ``IntentDropReason/cancelled``; one being
    /// delivered is delivered. Does nothing once the intent has its outcome.
    public func cancel() {
        state.withLock { $0.withdraw }?()
    }

    /// Hands the intent its outcome and stops its expiry; later outcomes are ignored.
    func resolve(_ result: IntentResult) {
        let expiry = state.withLock { state in
            defer { state = State(resolved: true) }
            return state.expiry
        }
        expiry?.cancel()
        outcome.resolve(result)
    }

    /// Sets how to withdraw the intent, unless it already has its outcome.
    func withdrawing(_ withdraw: @escaping @Sendable () -> Void) {
        state.withLock { state in
            if !state.resolved { state.withdraw = withdraw }
        }
    }

    /// The outcome, however long it takes, even for a cancelled waiter.
    var outcomeIgnoringCancellation: IntentResult {
        get async { await outcome.valueIgnoringCancellation }
    }

    /// Keeps the task of the intent's expiry, unless the intent already has its outcome.
    func expiring(_ task: Task<Void, Never>) {
        let late = state.withLock { state in
            guard !state.resolved else { return true }
            state.expiry = task
            return false
        }
        if late { task.cancel() }
    }
}
