import AppFlow

/// Records a ``FlowContainer``'s events and checks their grammar.
///
/// Make it before the work you want to see, `EventRecorder(container.events())`; then,
/// after the work:
///
/// ```swift
/// await container.finish()
/// await recorder.waitUntilFinished()
/// #expect(recorder.grammarViolations.isEmpty)
/// #expect(recorder.snapshot.didCount == 1)
/// ```
public final class EventRecorder<Child: Sendable>: Sendable {
    private struct State: Sendable {
        var events: [FlowEvent<Child>] = []
        var isFinished = false
        var watchers = ConditionWaiters<Snapshot>()

        var snapshot: Snapshot { Snapshot(events: events, isFinished: isFinished) }
    }

    /// What the recorder has seen so far.
    public struct Snapshot: Sendable {
        /// Every event, in order.
        public let events: [FlowEvent<Child>]
        /// Whether the stream has ended.
        public let isFinished: Bool

        /// How many `willTransition` events.
        public var willCount: Int { events.filter { if case .willTransition = $0 { true } else { false } }.count }
        /// How many `didTransition` events.
        public var didCount: Int { events.filter { if case .didTransition = $0 { true } else { false } }.count }
        /// The transitions reported by `didTransition`, in order.
        public var completed: [Transition<Child>] {
            events.compactMap { if case .didTransition(let transition) = $0 { transition } else { nil } }
        }
    }

    private let state = LockedValue(State())
    private let task: LockedValue<Task<Void, Never>?> = LockedValue(nil)

    /// Starts recording `stream` at once, in a task of its own.
    public init(_ stream: AsyncStream<FlowEvent<Child>>) {
        let state = self.state
        let consumer = Task.explorable("event recorder") {
            for await event in stream {
                Self.update(state) { $0.events.append(event) }
            }
            Self.update(state) { $0.isFinished = true }
        }
        task.withLock { $0 = consumer }
    }

    /// Stops recording when the recorder goes, so that its task and the events it held
    /// go too.
    deinit {
        cancel()
    }

    /// What has been recorded so far.
    public var snapshot: Snapshot {
        state.withLock { $0.snapshot }
    }

    /// Every event recorded so far.
    public var events: [FlowEvent<Child>] { snapshot.events }

    /// The rule breaks found in the events so far; see
    /// ``FlowEventGrammar/violations(in:isComplete:)``.
    public var grammarViolations: [String] {
        let snapshot = self.snapshot
        return FlowEventGrammar.violations(in: snapshot.events, isComplete: snapshot.isFinished)
    }

    /// Suspends until `condition` holds for what was recorded (checked after each event
    /// and at the end of the stream), or until the calling task is cancelled.
    public func waitForEvents(until condition: @escaping @Sendable (Snapshot) -> Bool) async {
        await waitUntil(state, in: \.watchers, project: \.snapshot, condition)
    }

    /// Suspends until the stream has ended (the container finished, or ``cancel()``).
    public func waitUntilFinished() async {
        await waitForEvents { $0.isFinished }
    }

    /// Stops recording; the stream's subscription ends.
    public func cancel() {
        task.withLock { $0 }?.cancel()
    }

    private static func update(_ state: LockedValue<State>, _ change: @Sendable (inout State) -> Void) {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            change(&state)
            return state.watchers.satisfied(by: state.snapshot)
        }
        for continuation in ready {
            continuation.resume()
        }
    }
}
