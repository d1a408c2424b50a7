/// A ``FlowTracer`` that keeps every event with its time on an injected clock, for a
/// timeline: export it with ``chromeTrace()`` and open it in ui.perfetto.dev or
/// chrome://tracing.
///
/// ```swift
/// let recorder = FlowTraceRecorder(clock: clock)
/// let flow = AuthFlow(provider: provider, splash: "launch", clock: clock, tracer: recorder)
/// ```
///
/// (Compiled in `FlowTraceRecorderTests`.) It lives in AppFlow rather than the test kit
/// because an app may record a trace to debug a flow, and the signposts need the same
/// events. Recording takes a lock and appends: see <doc:Performance> for its cost.
public final class FlowTraceRecorder: FlowTracer {
    /// An event and when it was recorded, counted from the recorder's creation.
    public struct Entry: Sendable, Hashable {
        /// When, on the recorder's clock.
        public let time: Duration
        /// What.
        public let event: FlowTraceEvent
    }

    private let elapsed: @Sendable () -> Duration
    private let recorded = LockedValue<[Entry]>([])

    /// A recorder whose times count from now on `clock`.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        elapsed = Self.stopwatch(clock)
    }

    /// A recorder whose times `elapsed` gives: the schedule explorer's, whose time moves
    /// one microsecond per step as well as with its manual clock.
    package init(elapsed: @escaping @Sendable () -> Duration) {
        self.elapsed = elapsed
    }

    /// Every event recorded so far, oldest first.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// Records `event` at the clock's now.
    public func record(_ event: FlowTraceEvent) {
        // The clock is read under the lock, so that the entries are in time order: read
        // before it, two tasks recording at once could append their times out of order.
        recorded.withLock { $0.append(Entry(time: elapsed(), event: event)) }
    }

    /// Records `container`'s transitions on `track`, from now until it finishes (its
    /// subscription keeps the recorder until then).
    ///
    /// **Ordering.** The transitions are recorded in order, when their events reach the
    /// recorder's subscription, a little after the container published them.
    public func follow<Child>(_ container: FlowContainer<Child>, track: String) {
        container.traceTransitions(into: self, track: track)
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
