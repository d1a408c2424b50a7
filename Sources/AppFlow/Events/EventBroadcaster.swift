/// Fans events out to any number of `AsyncStream` subscribers.
///
/// Publishing never waits: each subscriber's stream buffers according to its own
/// buffering policy. A subscriber whose stream terminates (the consumer stopped or was
/// cancelled) is removed. Continuations are yielded to and finished outside the lock.
///
/// Each subscriber also brings a closure that makes both events of an in-place
/// transition from its parts and yields them to its stream.
/// ``FlowContainer/events(bufferingPolicy:)`` makes that closure in the client's code,
/// where `Child` is known, so that those events are built and yielded in code
/// specialised for it.
@usableFromInline
final class EventBroadcaster<Element: Sendable, Child: Sendable>: Sendable {
    /// One subscriber: its stream, and how it takes a pair of events.
    private final class Subscriber: Sendable {
        let continuation: AsyncStream<Element>.Continuation
        let yieldPair: PairSink

        init(_ continuation: AsyncStream<Element>.Continuation, yieldPair: @escaping PairSink) {
            self.continuation = continuation
            self.yieldPair = yieldPair
        }
    }

    private struct State: Sendable {
        var subscribers: [UInt64: Subscriber] = [:]
        /// `subscribers.values`, rebuilt on change so that publishing copies one array.
        var snapshot: [Subscriber] = []
        /// The subscriber when there is exactly one, so that publishing to it reads no
        /// array element (which costs a generic metadata lookup).
        var sole: Subscriber?
        var nextID: UInt64 = 0
        var isFinished = false

        mutating func rebuildSnapshot() {
            snapshot = Array(subscribers.values)
            sole = subscribers.count == 1 ? subscribers.first?.value : nil
        }
    }

    private let state = LockedValue(State())
    /// Told the number of subscribers after every change, while the state's lock is held
    /// (so it is never stale): how a ``FlowContainer``'s state machine knows whether
    /// anyone listens without taking this lock. It must not call back into the broadcaster.
    private let countChanged: @Sendable (Int) -> Void

    /// Creates a broadcaster that reports its number of subscribers to `countChanged`.
    init(countChanged: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.countChanged = countChanged
    }

    /// Finishes every stream still open: a container dropped without ``finish()`` ends
    /// its subscribers' loops instead of leaving them (and their tasks) suspended forever.
    deinit {
        finish()
    }

    /// The number of live subscribers.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Adds the subscriber that `continuation` feeds, from now on; `yieldPair` makes both
    /// events of an in-place transition and yields them to that continuation. The
    /// continuation is finished at once if the broadcaster is.
    @usableFromInline
    func subscribe(
        _ continuation: AsyncStream<Element>.Continuation,
        yieldingPairs yieldPair: @escaping PairSink
    ) {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        let subscriber = Subscriber(continuation, yieldPair: yieldPair)
        let accepted = changeSubscribers { state in
            guard !state.isFinished else { return false }
            state.subscribers[id] = subscriber
            return true
        }
        if !accepted {
            continuation.finish()
        }
    }

    /// Sends `event` to every current subscriber; with none, `event` is not even made.
    func publish(_ event: @autoclosure () -> Element) {
        let subscribers = state.withLock { $0.snapshot }
        guard !subscribers.isEmpty else { return }
        let event = event()
        for subscriber in subscribers {
            subscriber.continuation.yield(event)
        }
    }

    /// Sends both events of an in-place transition to every current subscriber, through
    /// the closure each brought, reading the list of subscribers once.
    func publishPair(_ id: TransitionID, from: Child, to: Child, animation: TransitionAnimation) {
        let (sole, subscribers) = state.withLock { ($0.sole, $0.snapshot) }
        if let sole {
            sole.yieldPair(id, from, to, animation)
            return
        }
        var index = 0
        while index < subscribers.count {
            subscribers[index].yieldPair(id, from, to, animation)
            index += 1
        }
    }

    /// Finishes every stream; later subscribers get a finished stream.
    func finish() {
        let subscribers = changeSubscribers { state in
            state.isFinished = true
            let all = state.snapshot
            state.subscribers = [:]
            return all
        }
        for subscriber in subscribers {
            subscriber.continuation.finish()
        }
    }

    private func remove(_ id: UInt64) {
        changeSubscribers { state in
            _ = state.subscribers.removeValue(forKey: id)
        }
    }

    /// Runs `change` on the state, then rebuilds the snapshot and reports the count under
    /// the same lock.
    private func changeSubscribers<Result>(_ change: (inout State) -> Result) -> Result {
        state.withLock { state in
            let result = change(&state)
            state.rebuildSnapshot()
            countChanged(state.subscribers.count)
            return result
        }
    }
}
