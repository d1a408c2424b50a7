#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIScene`: one instance of the app's interface.
@MainActor
open class UIScene: UIResponder {
    /// Mirrors `UIScene.didDisconnectNotification`; its `object` is the scene.
    public nonisolated static let didDisconnectNotification = Notification.Name(
        "UISceneDidDisconnectNotification"
    )
}

extension UIScene {
    /// Mirrors UIKit's `UIScene.ConnectionOptions`: what the system passes a scene as it
    /// connects (URLs, activities, notification responses). The stand-in carries none.
    ///
    /// UIKit makes these itself; the stand-in's initialiser lets a test make one.
    @MainActor
    open class ConnectionOptions: NSObject {
        /// Options with nothing in them. Not in UIKit, which makes them itself.
        override public init() {
            super.init()
        }
    }
}

/// Mirrors UIKit's `UISceneSession`: the system's record of one of the app's scenes.
///
/// UIKit makes sessions itself; the stand-in's initialiser lets a test make one.
@MainActor
open class UISceneSession: NSObject {
    /// A session. Not in UIKit, which makes sessions itself.
    override public init() {
        super.init()
    }
}

/// Mirrors UIKit's `UISceneDelegate`: the object that manages a scene's life cycle.
/// UIKit's requirements are optional Objective-C methods; here the one the app
/// implements has a default that does nothing, as an unimplemented optional method does.
@MainActor
public protocol UISceneDelegate: AnyObject {
    /// Mirrors `scene(_:willConnectTo:options:)`: the scene is about to connect to the app.
    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    )
}

extension UISceneDelegate {
    /// Does nothing, as UIKit does for a delegate that does not implement it.
    public func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {}
}

/// Mirrors UIKit's `UIWindowSceneDelegate`: a scene delegate that keeps the scene's
/// window. UIKit's `window` requirement is optional; here it is required.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// Mirrors `UIWindowSceneDelegate.window`: the scene's main window, which the delegate keeps.
    var window: UIWindow? { get set }
}

/// Mirrors UIKit's `UIWindowScene`: a scene that shows windows.
///
/// UIKit makes scenes itself; the stand-in's initialiser lets a test make one.
@MainActor
open class UIWindowScene: UIScene {
    /// The bounds of the scene's screen, where its windows are made: a 390 × 844 phone.
    /// Not in UIKit, which reads them from the scene's screen.
    public let screenBounds: CGRect

    /// A scene whose screen has `screenBounds`. Not in UIKit, which makes scenes itself.
    public init(screenBounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)) {
        self.screenBounds = screenBounds
        super.init()
    }

    /// Mirrors `UIWindowScene.windows`: the windows made for this scene, still alive.
    public var windows: [UIWindow] { windowRefs.compactMap(\.window) }

    private struct WindowRef {
        weak var window: UIWindow?
    }
    private var windowRefs: [WindowRef] = []

    /// A window made for this scene, as UIKit records it.
    func add(_ window: UIWindow) {
        windowRefs.removeAll { $0.window == nil }
        windowRefs.append(WindowRef(window: window))
    }
}
#endif
