/// Fans events out to any number of `AsyncStream` subscribers.
///
/// Publishing never waits: each subscriber's stream buffers according to its own
/// buffering policy. A subscriber whose stream terminates (the consumer stopped or was
/// cancelled) is removed. Continuations are yielded to and finished outside the lock.
final class EventBroadcaster<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
        /// `subscribers.values`, rebuilt on change so that publishing copies one array.
        var snapshot: [AsyncStream<Element>.Continuation] = []
        var nextID: UInt64 = 0
        var isFinished = false

        mutating func rebuildSnapshot() {
            snapshot = Array(subscribers.values)
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

    /// A new stream of every event published from now on; already finished if the
    /// broadcaster is.
    func subscribe(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        let accepted = changeSubscribers { state in
            guard !state.isFinished else { return false }
            state.subscribers[id] = continuation
            return true
        }
        if !accepted {
            continuation.finish()
        }
        return stream
    }

    /// Sends `event` to every current subscriber; with none, `event` is not even made.
    func publish(_ event: @autoclosure () -> Element) {
        let subscribers = state.withLock { $0.snapshot }
        guard !subscribers.isEmpty else { return }
        let event = event()
        for subscriber in subscribers {
            subscriber.yield(event)
        }
    }

    /// Sends `first`, then `second`, to every current subscriber, reading the list of
    /// subscribers once: both events of an in-place transition.
    func publish(_ first: consuming Element, _ second: consuming Element) {
        let subscribers = state.withLock { $0.snapshot }
        let last = subscribers.count - 1
        guard last >= 0 else { return }
        // Every subscriber but the last gets copies; the last gets the events themselves,
        // which spares two copies and two destructions of a generic enum per transition.
        var index = 0
        while index < last {
            subscribers[index].yield(copy first)
            subscribers[index].yield(copy second)
            index += 1
        }
        subscribers[last].yield(first)
        subscribers[last].yield(second)
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
            subscriber.finish()
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
