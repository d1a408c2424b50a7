// UIKit's accessibility declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiaccessibility
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public enum UIAccessibility {
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification
    public struct Notification: Hashable, RawRepresentable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification/screenchanged
        @available(iOS 3.0, tvOS 9.0, *)
        public static let screenChanged = Notification(rawValue: 1000)
    }

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/post(notification:argument:)
    @available(iOS 3.0, tvOS 9.0, *)
    @MainActor
    public static func post(notification: Notification, argument: Any?) {}

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/isreducemotionenabled
    @available(iOS 8.0, tvOS 9.0, *)
    @MainActor
    public static var isReduceMotionEnabled: Bool { false }
}
