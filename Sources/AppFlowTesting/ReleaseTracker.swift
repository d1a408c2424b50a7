import AppFlow

/// Checks that objects are released: tracks them weakly and reports which are alive.
///
/// ```swift
/// let tracker = ReleaseTracker()
/// let login = LoginScreen()
/// tracker.track(login, as: "login")
/// ```
///
/// Then cycle away from it, drop your own references, and expect
/// `await tracker.waitUntilReleased()`: a task that held the object (an event consumer, a
/// finished transition's task) may let go of it a moment after the call that ended its
/// use returned.
public final class ReleaseTracker: Sendable {
    private struct Entry: Sendable {
        let label: String
        weak var object: (AnyObject & Sendable)?
    }

    private let entries = LockedValue<[Entry]>([])

    /// An empty tracker.
    public init() {}

    /// Tracks `object` weakly under `label`.
    public func track(_ object: AnyObject & Sendable, as label: String = "") {
        entries.withLock { $0.append(Entry(label: label, object: object)) }
    }

    /// The labels of the tracked objects that are still alive.
    public var alive: [String] {
        entries.withLock { entries in entries.filter { $0.object != nil }.map(\.label) }
    }

    /// Whether every tracked object has been released.
    public var allReleased: Bool { alive.isEmpty }

    /// Waits until every tracked object has been released, for at most `timeout` of real
    /// time, and returns whether they were. An object never released fails the check
    /// after `timeout`; nothing hangs.
    ///
    /// **Cancellation.** A cancelled task stops waiting and returns whether all are
    /// released now.
    public func waitUntilReleased(timeout: Duration = .seconds(10)) async -> Bool {
        await eventually(timeout: timeout) { allReleased }
    }
}
