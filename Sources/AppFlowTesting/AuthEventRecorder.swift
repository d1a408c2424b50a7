import AppFlow

/// Records an ``AuthFlow``'s events and checks their order.
///
/// Make it before the work you want to see, `AuthEventRecorder(flow.events())`; then,
/// after the work, `await flow.finish()`, `await recorder.waitUntilFinished()` and check
/// ``violations`` and ``summaries``.
public final class AuthEventRecorder<Session: Sendable & Equatable, Child: Sendable>: Sendable {
    private struct State: Sendable {
        var events: [AuthEvent<Session, Child>] = []
        var isFinished = false
        var watchers = ConditionWaiters<Int>()
    }

    private let state = LockedValue(State())
    private let task: LockedValue<Task<Void, Never>?> = LockedValue(nil)

    /// Starts recording `stream` at once, in a task of its own.
    public init(_ stream: AsyncStream<AuthEvent<Session, Child>>) {
        let state = self.state
        let consumer = Task.explorable("event recorder") {
            for await event in stream {
                Self.update(state) { $0.events.append(event) }
            }
            Self.update(state) { $0.isFinished = true }
        }
        task.withLock { $0 = consumer }
    }

    /// Every event recorded so far.
    public var events: [AuthEvent<Session, Child>] { state.withLock { $0.events } }

    /// Whether the stream has ended.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Each event as `kind by call`, with ` initial` for the initial placement: compact
    /// for expectations.
    public var summaries: [String] {
        events.map { "\($0.kind) by \($0.call)\($0.isInitial ? " initial" : "")" }
    }

    /// The rule breaks found so far; see ``violations(in:isComplete:)``.
    public var violations: [String] {
        let (events, isFinished) = state.withLock { ($0.events, $0.isFinished) }
        return Self.violations(in: events, isComplete: isFinished)
    }

    /// The rule breaks in `events`: each `will` is followed by the `did` of the same
    /// direction and transition before the next `will`; only the first placement may be
    /// initial, and only when made by `start()`. With `isComplete`, a `will` left without
    /// its `did` is a break too.
    public static func violations(in events: [AuthEvent<Session, Child>], isComplete: Bool) -> [String] {
        var problems: [String] = []
        var open: AuthEvent<Session, Child>?
        for (index, event) in events.enumerated() {
            if event.isInitial && event.call != .start {
                problems.append("event \(index): initial but made by \(event.call)")
            }
            switch event.kind {
            case .willLogin, .willLogout, .willLock:
                if let open {
                    problems.append("event \(index): \(event.kind) while \(open.kind) \(open.transitionID) is open")
                }
                open = event
            case .didLogin, .didLogout, .didLock:
                guard let will = open else {
                    problems.append("event \(index): \(event.kind) without its will")
                    continue
                }
                let sameDirection =
                    (will.kind == .willLogin) == (event.kind == .didLogin)
                    && (will.kind == .willLock) == (event.kind == .didLock)
                if !sameDirection || will.transitionID != event.transitionID {
                    problems.append(
                        "event \(index): \(event.kind) \(event.transitionID) ends \(will.kind) \(will.transitionID)"
                    )
                }
                open = nil
            }
        }
        if isComplete, let open {
            problems.append("\(open.kind) \(open.transitionID) never ended")
        }
        return problems
    }

    /// Suspends until at least `count` events are recorded or the stream has ended, or
    /// until the calling task is cancelled.
    public func waitForEvents(_ count: Int) async {
        await waitUntil(state, in: \.watchers, project: { $0.isFinished ? .max : $0.events.count }, { $0 >= count })
    }

    /// Suspends until the stream has ended (the flow finished, or ``cancel()``).
    public func waitUntilFinished() async {
        await waitForEvents(.max)
    }

    /// Stops recording; the stream's subscription ends.
    public func cancel() {
        task.withLock { $0 }?.cancel()
    }

    private static func update(_ state: LockedValue<State>, _ change: @Sendable (inout State) -> Void) {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            change(&state)
            return state.watchers.satisfied(by: state.isFinished ? .max : state.events.count)
        }
        for continuation in ready {
            continuation.resume()
        }
    }
}
