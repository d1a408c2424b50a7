import AppFlow

/// A `Clock` that moves only when a test tells it to.
///
/// Inject it into a ``FlowContainer`` (or anything else that takes a
/// `any Clock<Duration>`), let the code under test go to sleep, check
/// ``sleeperCount`` or await ``waitForSleepers(_:)``, then ``advance(by:)``: every sleeper
/// whose deadline has come is woken, in deadline order. A sleep whose deadline has
/// already come returns at once. Cancelling a sleeping task makes its sleep throw
/// `CancellationError`, as `ContinuousClock` does.
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: the time since it was made.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock was made.
        public let offset: Duration

        /// An instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as a duration.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper: Sendable {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before they registered.
        var cancelledEarly: Set<UInt64> = []
        /// Callers of `waitForSleepers`, waiting on the number of sleepers.
        var watchers = ConditionWaiters<Int>()
    }

    private let state = LockedValue(State())

    /// A clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// One nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline among the sleepers, if any sleeps.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    /// Suspends until the clock has been advanced to `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Registration {
                    case sleeping([CheckedContinuation<Void, Never>])
                    case wake, cancelled
                }
                let registration: Registration = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .wake }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .sleeping(state.watchers.satisfied(by: state.sleepers.count))
                }
                switch registration {
                case .sleeping(let watchers):
                    for watcher in watchers { watcher.resume() }
                case .wake:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline came.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards) and wakes every sleeper whose
    /// deadline came, earliest first.
    public func advance(to instant: Instant) {
        let woken: [Sleeper] = state.withLock { state in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken {
            sleeper.continuation.resume()
        }
    }

    /// Advances to the latest deadline among the current sleepers, waking them all.
    /// Sleeps that start afterwards are not covered.
    public func run() {
        guard let last = state.withLock({ $0.sleepers.values.map(\.deadline).max() }) else { return }
        advance(to: last)
    }

    /// Suspends until at least `count` tasks sleep on this clock, or the calling task is
    /// cancelled (so that a test time limit can end a wait that would never finish).
    public func waitForSleepers(_ count: Int = 1) async {
        await waitUntil(state, in: \.watchers, project: { $0.sleepers.count }, { $0 >= count })
    }
}
