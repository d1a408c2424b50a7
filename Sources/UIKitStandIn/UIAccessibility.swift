#if os(Linux)
/// Mirrors UIKit's `UIAccessibility`: notifications to assistive technologies and the
/// user's accessibility settings.
public enum UIAccessibility {
    /// Mirrors `UIAccessibility.Notification`.
    public struct Notification: Hashable, Sendable {
        /// Mirrors `UIAccessibility.Notification.rawValue`.
        public let rawValue: UInt32
        /// Mirrors `UIAccessibility.Notification.init(rawValue:)`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Mirrors `UIAccessibility.Notification.screenChanged`.
        public static let screenChanged = Notification(rawValue: 1000)
    }

    /// Mirrors `UIAccessibility.post(notification:argument:)`. The stand-in has no
    /// VoiceOver to tell: it keeps the notification in ``posted``.
    @MainActor
    public static func post(notification: Notification, argument: Any?) {
        posted.append((notification, argument))
    }

    /// Every notification posted so far, oldest first, with its argument. Not in UIKit:
    /// the stand-in's record, shared by every test.
    @MainActor
    public private(set) static var posted: [(notification: Notification, argument: Any?)] = []

    /// Mirrors `UIAccessibility.isReduceMotionEnabled`. Settable here, unlike in UIKit, so
    /// that a test can turn Reduce Motion on.
    @MainActor
    public static var isReduceMotionEnabled = false
}
#endif
