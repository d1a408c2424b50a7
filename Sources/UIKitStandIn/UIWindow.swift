#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIWindow`: the view that shows a root view controller.
@MainActor
open class UIWindow: UIView {
    private var isKey = false
    private var isVisible = false

    /// Mirrors `UIWindow.windowScene`, a weak reference.
    open weak var windowScene: UIWindowScene?

    /// Mirrors `UIWindow.Level`: where a window is among the scene's windows; a higher
    /// level is in front.
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// Mirrors `UIWindow.Level.rawValue`.
        public var rawValue: CGFloat
        /// Mirrors `UIWindow.Level.init(rawValue:)`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Mirrors `UIWindow.Level.normal`: 0.
        public static let normal = Level(rawValue: 0)
        /// Mirrors `UIWindow.Level.statusBar`: 1000.
        public static let statusBar = Level(rawValue: 1000)
        /// Mirrors `UIWindow.Level.alert`: 2000.
        public static let alert = Level(rawValue: 2000)
    }

    /// Mirrors `UIWindow.windowLevel`.
    open var windowLevel: Level = .normal

    /// Mirrors `UIWindow.init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Mirrors `UIWindow.init(windowScene:)`: a window of `windowScene`, at the bounds of
    /// the stand-in scene's screen.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screenBounds)
        self.windowScene = windowScene
        windowScene.add(self)
    }

    /// Mirrors `UIWindow.rootViewController`. As in UIKit, setting it installs at once:
    /// the old root's view leaves the window, the new root's view is loaded and put in the
    /// window at its bounds, and in a visible window the two get their appearance calls.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self {
                if isVisible { old.beginAppearanceTransition(false, animated: false) }
                old.view.detach()
                if isVisible { old.endAppearanceTransition() }
            }
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            adopt(root.view)
            if isVisible { appear(root) }
        }
    }

    /// Mirrors `UIWindow.isKeyWindow`.
    open var isKeyWindow: Bool { isKey }

    /// Mirrors `UIWindow.makeKeyAndVisible()`: shows the window. The root view controller
    /// gets `viewWillAppear(_:)` at once and `viewDidAppear(_:)` on a later turn of the
    /// main actor, as on a device, where it follows the next screen update. As on iOS 13
    /// and later, a window that belongs to no scene (`windowScene` is `nil`) is not shown:
    /// nothing happens, and its root view controller gets no appearance calls.
    open func makeKeyAndVisible() {
        guard windowScene != nil else { return }
        makeKey()
        guard !isVisible else { return }
        isVisible = true
        if let root = rootViewController { appear(root) }
    }

    /// Mirrors `UIWindow.makeKey()`: this window becomes the scene's key window, and the
    /// one that was stops being it.
    open func makeKey() {
        guard let windowScene else { return }
        for window in windowScene.windows where window !== self { window.isKey = false }
        isKey = true
    }

    /// Mirrors `UIView.isHidden` for a window: hiding a shown window takes it off screen,
    /// its root view controller disappearing, and it stops being the key window.
    open override var isHidden: Bool {
        didSet {
            guard isHidden, !oldValue, isVisible else { return }
            isVisible = false
            isKey = false
            if let root = rootViewController {
                root.beginAppearanceTransition(false, animated: false)
                root.endAppearanceTransition()
            }
        }
    }

    private func appear(_ root: UIViewController) {
        root.beginAppearanceTransition(true, animated: false)
        Task { @MainActor [weak root] in root?.endAppearanceTransition() }
    }
}
#endif
