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
        /// Sleepers woken whose `sleep` has not returned yet.
        var woken: Set<UInt64> = []
        /// Callers of `waitForSleepers` and `waitForSleeper(at:)`, waiting on the
        /// sleepers' deadlines.
        var watchers = ConditionWaiters<[Instant]>()
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
        defer { _ = state.withLock { $0.woken.remove(id) } }
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
                    return .sleeping(state.watchers.satisfied(by: state.sleepers.values.map(\.deadline)))
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

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline came;
    /// as ``advance(to:)``.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards) and wakes, in one step, every
    /// sleeper whose deadline came, earliest first.
    ///
    /// The woken tasks run after it returns and read ``now`` at `instant`. A task that
    /// sleeps again from there is woken at once only if its new deadline has passed too.
    /// So a ticker that sleeps `for:` an interval fires once, not once per interval; to
    /// fire it once per deadline passed, await ``advance(through:)``.
    public func advance(to instant: Instant) {
        let woken: [Sleeper] = state.withLock { state in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys {
                state.sleepers.removeValue(forKey: id)
                state.woken.insert(id)
            }
            // Earliest first; at one deadline, in the order they went to sleep, so that a
            // schedule explorer sees the same order every run.
            return due.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }.map(\.value)
        }
        for sleeper in woken {
            sleeper.continuation.resume()
        }
    }

    /// Moves the clock to `instant` one deadline at a time: it sets ``now`` to the
    /// earliest deadline due, wakes the sleepers at it, waits until each has returned from
    /// its sleep and then until it sleeps again (or 20 ms of real time more, for a task
    /// that ends instead), and repeats, so that a repeating sleeper fires once per
    /// deadline passed, each time reading ``now`` at its deadline. It ends with ``now`` at
    /// `instant`. A woken task that takes longer than that to go back to sleep is not
    /// waited for: its next deadline is then taken when it registers.
    ///
    /// **Cancellation.** A cancelled task stops stepping and leaves ``now`` at the last
    /// deadline it reached.
    public func advance(through instant: Instant) async {
        while !Task.isCancelled, await step(notAfter: instant) {}
        if !Task.isCancelled { advance(to: instant) }
    }

    /// Advances to each next deadline in turn, as ``advance(through:)`` does, until no
    /// task sleeps on the clock, or at most `maxSteps` deadlines. Returns whether it
    /// ended with no sleeper left.
    ///
    /// A transition's animation, its watchdog and an ``AuthFlow``'s preparation timeout
    /// all end this way, however many of them sleep. A task that sleeps forever in a loop
    /// ends it after `maxSteps`.
    ///
    /// **Cancellation.** A cancelled task stops stepping and returns `false`.
    @discardableResult
    public func runUntilIdle(maxSteps: Int = 10_000) async -> Bool {
        var steps = 0
        while steps < maxSteps, !Task.isCancelled {
            guard await step(notAfter: nil) else { return sleeperCount == 0 }
            steps += 1
        }
        return false
    }

    /// Wakes the sleepers at the earliest deadline (if it is not after `limit`), then
    /// waits for them to sleep again or for a short real-time bound. Returns whether it
    /// woke anyone.
    private func step(notAfter limit: Instant?) async -> Bool {
        let due: [UInt64: Sleeper]? = state.withLock { state in
            guard let next = state.sleepers.values.map(\.deadline).min(), limit.map({ next <= $0 }) ?? true else {
                return nil
            }
            if next > state.now { state.now = next }
            let due = state.sleepers.filter { $0.value.deadline <= next }
            for id in due.keys {
                state.sleepers.removeValue(forKey: id)
                state.woken.insert(id)
            }
            return due
        }
        guard let due else { return false }
        let ids = Set(due.keys)
        let awake = state.withLock { $0.sleepers.count }
        for (_, sleeper) in due.sorted(by: { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }) {
            sleeper.continuation.resume()
        }
        // Let the woken tasks run to their next sleep (or their end). First until every
        // one has returned from `sleep`, however loaded the machine (bounded, so that a
        // task that never runs cannot hang the test); then until as many sleep again as
        // were woken, or for a short bound, which a task that ends instead costs.
        let resumed = ContinuousClock.now.advanced(by: .seconds(10))
        while !state.withLock({ $0.woken.isDisjoint(with: ids) }), ContinuousClock.now < resumed {
            await Task.yield()
        }
        let settled = ContinuousClock.now.advanced(by: .milliseconds(20))
        while state.withLock({ $0.sleepers.count }) < awake + ids.count, ContinuousClock.now < settled {
            await Task.yield()
        }
        return true
    }

    /// Advances to the latest deadline among the current sleepers, waking them all in one
    /// step, as ``advance(to:)``. Sleeps that start afterwards are not covered; to play
    /// out everything, await ``runUntilIdle(maxSteps:)``.
    public func run() {
        guard let last = state.withLock({ $0.sleepers.values.map(\.deadline).max() }) else { return }
        advance(to: last)
    }

    /// Suspends until at least `count` tasks sleep on this clock, or the calling task is
    /// cancelled (so that a test time limit can end a wait that would never finish).
    ///
    /// Any sleeper counts: an animation's frame, its watchdog, an ``AuthFlow``'s
    /// preparation timeout or login delay. When several parts sleep on one clock, wait for
    /// the one you mean with ``waitForSleeper(at:)``.
    public func waitForSleepers(_ count: Int = 1) async {
        await waitUntil(state, in: \.watchers, project: { $0.sleepers.values.map(\.deadline) }, { $0.count >= count })
    }

    /// Suspends until a task sleeps on this clock until exactly `deadline`, or the
    /// calling task is cancelled.
    ///
    /// A transition's watchdog, for one, sleeps until the animation's start plus its
    /// delay, duration and the container's `watchdogMargin`: on a clock that stood still
    /// since the request, `now` plus that sum tells that the animation has started.
    public func waitForSleeper(at deadline: Instant) async {
        await waitUntil(
            state,
            in: \.watchers,
            project: { $0.sleepers.values.map(\.deadline) },
            { $0.contains(deadline) }
        )
    }
}
