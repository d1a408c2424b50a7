#if os(Linux)
/// Mirrors UIKit's `UIWindow`: the view that shows a root view controller.
@MainActor
open class UIWindow: UIView {
    private var isKey = false

    /// Mirrors `UIWindow.rootViewController`; setting it is recorded. The stand-in shows
    /// the root's view only at `makeKeyAndVisible()`.
    open var rootViewController: UIViewController? {
        didSet { record("rootViewController = \(rootViewController?.logName ?? "nil")") }
    }

    /// Mirrors `UIWindow.isKeyWindow`.
    open var isKeyWindow: Bool { isKey }

    /// Mirrors `UIWindow.makeKeyAndVisible()`: records, puts the root view controller's
    /// view in the window at its bounds, and gives the root the appearance calls UIKit
    /// gives it when the window appears.
    open func makeKeyAndVisible() {
        record("makeKeyAndVisible()")
        isKey = true
        guard let root = rootViewController, root.view.superview !== self else { return }
        root.view.frame = bounds
        adopt(root.view)
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition()
    }

    override var logName: String { accessibilityIdentifier ?? "UIWindow" }
}
#endif
