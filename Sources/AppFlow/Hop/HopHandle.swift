/// What a child shown by ``FlowContainer/hop(animation:policy:to:)`` uses to hand control
/// back: CLHoppingViewController's `unhop`, made safe to call at any time.
public final class HopHandle<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var outcome: HopResult<Value>?
        var waiter: CheckedContinuation<HopResult<Value>, Never>?
    }

    private let state = LockedValue(State())

    init() {}

    /// Hands control back with `value`. The first call wins and returns `true`; a second
    /// call, or a call after the hop ended otherwise (the child was replaced, the hopping
    /// task was cancelled), is ignored and returns `false`.
    @discardableResult
    public func unhop(_ value: Value) -> Bool {
        end(.returned(value))
    }

    /// Whether the hop has ended.
    public var hasEnded: Bool {
        state.withLock { $0.outcome != nil }
    }

    /// Ends the hop with `outcome` unless it ended already.
    @discardableResult
    func end(_ outcome: HopResult<Value>) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<HopResult<Value>, Never>?) = state.withLock { state in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: outcome)
        return accepted
    }

    /// Suspends until the hop ends.
    func wait() async -> HopResult<Value> {
        await withCheckedContinuation { (continuation: CheckedContinuation<HopResult<Value>, Never>) in
            let outcome: HopResult<Value>? = state.withLock { state in
                if state.outcome == nil { state.waiter = continuation }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}

/// How a hop ended.
public enum HopResult<Value: Sendable>: Sendable {
    /// The child called ``HopHandle/unhop(_:)`` with this value.
    case returned(Value)
    /// Another transition replaced the child, or the container finished, before it
    /// called `unhop`.
    case replaced
    /// The child was never shown: its request ended with this result.
    case notShown(TransitionResult)
    /// The hopping task was cancelled while the child was shown. The child stays in place.
    case cancelled

    /// The value handed back, if any.
    public var value: Value? {
        if case .returned(let value) = self { return value }
        return nil
    }
}
