// UIKit's window and scene declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiwindow
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    @available(iOS 13.0, tvOS 13.0, *)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    @available(iOS 13.0, tvOS 13.0, *)
    open weak var windowScene: UIWindowScene?
    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    open var rootViewController: UIViewController?
    /// https://developer.apple.com/documentation/uikit/uiwindow/level
    public struct Level: Hashable, RawRepresentable, @unchecked Sendable {
        public var rawValue: CGFloat
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/init(rawvalue:)
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/normal
        public static let normal = Level(rawValue: 0)
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/alert
        public static let alert = Level(rawValue: 2000)
    }
    /// https://developer.apple.com/documentation/uikit/uiwindow/windowlevel
    open var windowLevel: UIWindow.Level = .normal
    /// https://developer.apple.com/documentation/uikit/uiwindow/makekey()
    open func makeKey() {}
    /// https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
    open var isKeyWindow: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    open func makeKeyAndVisible() {}
}

/// https://developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/diddisconnectnotification
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// https://developer.apple.com/documentation/uikit/uiscene/willdeactivatenotification
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open var windows: [UIWindow] { [] }
}
