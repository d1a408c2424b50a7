import AppFlow

/// Checks that objects are released: tracks them weakly and reports which are alive.
///
/// ```swift
/// let tracker = ReleaseTracker()
/// let login = LoginScreen()
/// tracker.track(login, as: "login")
/// ```
///
/// Then cycle away from it, drop your own references, and expect ``allReleased``.
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
}
