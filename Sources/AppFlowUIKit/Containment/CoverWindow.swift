#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The window a cover is shown in: in the session's scene, above the session's window.
///
/// Above the window, the cover is in front of everything of the session: what it
/// presented before the cover, and what it presents while covered, which UIKit puts in
/// the session's window. What the cover itself presents (a lock screen's alert) UIKit
/// puts in this window, in front of the cover. The cover is a child of this window's
/// root view controller, which makes no appearance calls of its own: the host's
/// containment makes them, on the flow's schedule.
@MainActor
final class CoverWindow {
    let window: UIWindow
    let root: CoverRootViewController
    /// The session's window, which gets the key back when the cover leaves.
    private weak var sessionWindow: UIWindow?

    /// A cover window in `sessionWindow`'s scene, or `nil` if that window has no scene
    /// (UIKit shows no such window).
    init?(over sessionWindow: UIWindow) {
        guard let scene = sessionWindow.windowScene else { return nil }
        self.sessionWindow = sessionWindow
        window = UIWindow(windowScene: scene)
        // Above the session's window and the app's alert-level windows (a toast's).
        let level = max(sessionWindow.windowLevel.rawValue, UIWindow.Level.alert.rawValue)
        window.windowLevel = UIWindow.Level(rawValue: level + 1)
        root = CoverRootViewController(nibName: nil, bundle: nil)
        window.rootViewController = root
        window.makeKeyAndVisible()
        // VoiceOver reads nothing of the session's window, what it presents while covered
        // included.
        sessionWindow.accessibilityElementsHidden = true
    }

    /// Takes the window off screen and gives the session's window back the key and
    /// VoiceOver.
    func close() {
        window.isHidden = true
        window.rootViewController = nil
        sessionWindow?.accessibilityElementsHidden = false
        sessionWindow?.makeKey()
    }
}

/// The root view controller of a ``CoverWindow``: it contains the cover, forwards the
/// cover's preferences, and leaves the cover's appearance calls to the host's containment.
@MainActor
final class CoverRootViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    #if os(iOS) || os(Linux)
    override var childForStatusBarStyle: UIViewController? { children.last }
    override var childForStatusBarHidden: UIViewController? { children.last }
    override var childForHomeIndicatorAutoHidden: UIViewController? { children.last }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        children.last?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }
    #endif
}
#endif
