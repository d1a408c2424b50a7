import AppFlow

/// A barrier a test opens by hand: tasks that ``pass()`` it suspend until ``open()``.
///
/// Hold a factory, a hook, a stage call or an animator at a known point, check the state
/// in between, then let it go:
///
/// ```swift
/// let gate = Gate()
/// let container = FlowContainer(initial: "splash", animation: .immediate)
/// let switching = Task {
///     await container.cycle {
///         await gate.pass()
///         return "home"
///     }
/// }
/// #expect(await eventually { gate.waitingCount == 1 })
/// #expect(await container.isTransitioning)
/// gate.open()
/// #expect(await switching.value(within: .seconds(10)) == .completed)
/// ```
public final class Gate: Sendable {
    private struct State: Sendable {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// A closed gate.
    public init() {}

    /// How many tasks wait at the gate now.
    public var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Suspends until the gate is open; returns at once if it is.
    ///
    /// **Cancellation.** A cancelled task still waits: the gate stands for something the
    /// test holds, such as a slow network call, which cancellation does not end.
    public func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Opens the gate for good and lets every waiting task through.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
