// The hand-written references AppFlow is measured against, shared by the benchmark
// targets.
import AppFlow
import Synchronization

/// Reference for the sequential rows: an actor whose method swaps a stored `Int`. No
/// ordering across awaits, no events, no checks.
public actor BareActor {
    /// The child in place.
    public private(set) var child = 0

    /// Creates one showing 0.
    public init() {}

    /// Swaps the child.
    public func cycle(to child: Int) {
        self.child = child
    }
}

/// Reference for the contention rows and scenarios: an actor holding a FIFO of continuations. A call
/// that finds the actor busy waits in the FIFO; each finished call hands the actor to
/// the next waiter. No events, policies or cancellation.
public actor ContinuationFIFO {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var head = 0
    /// The child in place.
    public private(set) var child = 0

    /// Creates one showing 0.
    public init() {}

    /// Swaps the child once every earlier call has.
    public func cycle(to child: Int) async {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        self.child = child
        if head < waiters.count {
            let next = waiters[head]
            head += 1
            if head == waiters.count {
                waiters.removeAll(keepingCapacity: true)
                head = 0
            }
            next.resume()
        } else {
            busy = false
        }
    }
}

/// Reference for the events row: a hand-written actor that swaps an `Int` and yields the
/// payload AppFlow's events carry (an id, the old and the new child, an animation
/// reference) as two enum cases into one `AsyncStream`, fully specialised in this module (no generics).
public actor HandWrittenEvents {
    /// What each event carries.
    public struct Payload: Sendable {
        /// Strictly increasing.
        public let id: UInt64
        /// The child before.
        public let from: Int
        /// The child after.
        public let to: Int
        /// The animation (always `.immediate`).
        public let animation: TransitionAnimation
    }

    /// The two events of a cycle.
    public enum Event: Sendable {
        case willTransition(Payload)
        case didTransition(Payload)
    }

    private var child = 0
    private var lastID: UInt64 = 0
    private let animation = TransitionAnimation.immediate
    private let continuation: AsyncStream<Event>.Continuation
    /// The subscriber's stream.
    public nonisolated let events: AsyncStream<Event>

    /// Creates one showing 0, with its stream.
    public init() {
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Swaps the child and yields both events.
    public func cycle(to child: Int) {
        lastID += 1
        let payload = Payload(id: lastID, from: self.child, to: child, animation: animation)
        self.child = child
        continuation.yield(.willTransition(payload))
        continuation.yield(.didTransition(payload))
    }

    /// Finishes the stream.
    public func finish() {
        continuation.finish()
    }
}

/// A barrier: tasks wait at it until it opens, for good.
public actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a closed gate.
    public init() {}

    /// How many tasks wait.
    public var waiting: Int { waiters.count }

    /// Suspends until the gate opens.
    public func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate for good.
    public func open() {
        isOpen = true
        let released = waiters
        waiters = []
        for waiter in released { waiter.resume() }
    }
}

/// The events reference again, generic over its child, so that a client compiled apart
/// from it runs it unspecialised, as it runs AppFlow: what genericity alone costs.
public actor GenericHandWrittenEvents<Child: Sendable> {
    /// What each event carries.
    public struct Payload: Sendable {
        /// Strictly increasing.
        public let id: UInt64
        /// The child before.
        public let from: Child
        /// The child after.
        public let to: Child
        /// The animation (always `.immediate`).
        public let animation: TransitionAnimation
    }

    /// The two events of a cycle.
    public enum Event: Sendable {
        case willTransition(Payload)
        case didTransition(Payload)
    }

    private var child: Child
    private var lastID: UInt64 = 0
    private let animation = TransitionAnimation.immediate
    private let continuation: AsyncStream<Event>.Continuation
    /// The subscriber's stream.
    public nonisolated let events: AsyncStream<Event>

    /// Creates one showing `initial`, with its stream.
    public init(initial: Child) {
        child = initial
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Swaps the child and yields both events.
    public func cycle(to child: Child) {
        lastID += 1
        let payload = Payload(id: lastID, from: self.child, to: child, animation: animation)
        self.child = child
        continuation.yield(.willTransition(payload))
        continuation.yield(.didTransition(payload))
    }
}

/// A lower bound for AppFlow's event path: the hand-written events actor plus only what
/// an in-place cycle with AppFlow's guarantees must do, fully specialised. It checks
/// cancellation; takes one lock for the idle check, the transition id, the snapshot of
/// the child and the subscriber count; and yields both events to every subscriber in a
/// list that any thread may change, read under a second lock. Its locks are
/// `Synchronization.Mutex`; the benchmarks never run under ThreadSanitizer.
public actor FanOutBound {
    private struct Core {
        var isIdle = true
        var lastID: UInt64 = 0
        var shownChild = 0
        var subscriberCount = 0
    }

    private let core = Mutex(Core())
    private let subscribers = Mutex([AsyncStream<HandWrittenEvents.Event>.Continuation]())
    private var child = 0
    private let animation = TransitionAnimation.immediate

    /// Creates one showing 0, with no subscriber.
    public init() {}

    /// A new subscriber's stream.
    public nonisolated func events() -> AsyncStream<HandWrittenEvents.Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: HandWrittenEvents.Event.self)
        let count = subscribers.withLock { list in
            list.append(continuation)
            return list.count
        }
        core.withLock { $0.subscriberCount = count }
        return stream
    }

    /// Swaps the child and yields both events to every subscriber.
    public func cycle(to child: Int) {
        guard !Task.isCancelled else { return }
        let (id, publish) = core.withLock { core -> (UInt64, Bool) in
            guard core.isIdle else { return (0, false) }
            core.lastID += 1
            core.shownChild = child
            return (core.lastID, core.subscriberCount > 0)
        }
        let old = self.child
        self.child = child
        guard publish else { return }
        let payload = HandWrittenEvents.Payload(id: id, from: old, to: child, animation: animation)
        for subscriber in subscribers.withLock({ $0 }) {
            subscriber.yield(.willTransition(payload))
            subscriber.yield(.didTransition(payload))
        }
    }
}
