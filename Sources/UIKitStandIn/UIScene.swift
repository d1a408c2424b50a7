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
}
#endif
