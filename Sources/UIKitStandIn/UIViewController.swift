#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIViewController`: a lazily loaded view, child view controllers,
/// appearance transitions, presentation and the preferences a container forwards.
///
/// As in UIKit, `addChild(_:)` calls the child's `willMove(toParent:)`,
/// `removeFromParent()` calls `didMove(toParent: nil)`, and the appearance transitions
/// call `viewWillAppear(_:)` and its kin. Unlike UIKit, the stand-in forwards no
/// appearance calls to children by itself, whatever
/// `shouldAutomaticallyForwardAppearanceMethods` says, and it draws nothing.
@MainActor
open class UIViewController: UIResponder {
    /// Mirrors `UIViewController.title`.
    open var title: String?

    private var loadedView: UIView?
    private var childControllers: [UIViewController] = []
    private weak var parentController: UIViewController?
    /// The direction and animation of the appearance transition begun and not yet ended.
    private var pendingAppearance: (isAppearing: Bool, animated: Bool)?
    /// The controller this one presents, and the one that presents this one.
    private var presentedController: UIViewController?
    private weak var presentingController: UIViewController?
    /// Whether a presentation or dismissal this controller makes is running.
    private var isTransitioning = false

    /// Mirrors `UIViewController.init(nibName:bundle:)`; the stand-in loads no nib.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Mirrors `UIViewController.init(coder:)`.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Mirrors `UIViewController.init()`, which passes no nib name and no bundle.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Mirrors `UIViewController.view`: the first read calls `loadView()`, then `viewDidLoad()`.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Mirrors `UIViewController.isViewLoaded`.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Mirrors `UIViewController.loadView()`: sets a plain view.
    open func loadView() {
        view = UIView()
    }

    /// Mirrors `UIViewController.loadViewIfNeeded()`.
    open func loadViewIfNeeded() {
        _ = view
    }

    /// Mirrors `UIViewController.viewDidLoad()`; does nothing.
    open func viewDidLoad() {}
    /// Mirrors `UIViewController.viewWillAppear(_:)`; does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Mirrors `UIViewController.viewDidAppear(_:)`; does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Mirrors `UIViewController.viewWillDisappear(_:)`; does nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Mirrors `UIViewController.viewDidDisappear(_:)`; does nothing.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Mirrors `UIViewController.children`, in the order they were added.
    open var children: [UIViewController] { childControllers }
    /// Mirrors `UIViewController.parent`, a weak reference.
    open var parent: UIViewController? { parentController }

    /// Mirrors `UIViewController.addChild(_:)`: calls `childController.willMove(toParent:
    /// self)`, then adds it to ``children``.
    open func addChild(_ childController: UIViewController) {
        childController.willMove(toParent: self)
        childController.parentController?.childControllers.removeAll { $0 === childController }
        childController.parentController = self
        childControllers.append(childController)
    }

    /// Mirrors `UIViewController.removeFromParent()`: leaves the parent's ``children``,
    /// then calls `didMove(toParent: nil)`.
    open func removeFromParent() {
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }

    /// Mirrors `UIViewController.willMove(toParent:)`; does nothing.
    open func willMove(toParent parent: UIViewController?) {}

    /// Mirrors `UIViewController.didMove(toParent:)`; does nothing.
    open func didMove(toParent parent: UIViewController?) {}

    /// Mirrors `UIViewController.shouldAutomaticallyForwardAppearanceMethods`: `true`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Mirrors `UIViewController.beginAppearanceTransition(_:animated:)`: calls
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        pendingAppearance = (isAppearing, animated)
        if isAppearing {
            viewWillAppear(animated)
        } else {
            viewWillDisappear(animated)
        }
    }

    /// Mirrors `UIViewController.endAppearanceTransition()`: calls `viewDidAppear(_:)` or
    /// `viewDidDisappear(_:)` for the transition begun last.
    open func endAppearanceTransition() {
        guard let pending = pendingAppearance else { return }
        pendingAppearance = nil
        if pending.isAppearing {
            viewDidAppear(pending.animated)
        } else {
            viewDidDisappear(pending.animated)
        }
    }

    // MARK: Presentation

    /// Mirrors `UIViewController.presentedViewController`: the controller this one, or one
    /// of its ancestors, presents.
    open var presentedViewController: UIViewController? {
        presentedController ?? parentController?.presentedViewController
    }

    /// Mirrors `UIViewController.presentingViewController`: the controller that presents
    /// this one, or one of its ancestors.
    open var presentingViewController: UIViewController? {
        presentingController ?? parentController?.presentingViewController
    }

    /// Mirrors `UIViewController.modalPresentationStyle`: `.automatic`, a sheet.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// Mirrors `UIViewController.present(_:animated:completion:)` with no controller
    /// defining a presentation context: the root of this controller's hierarchy presents;
    /// if it already presents, or a presentation or dismissal of its is still running,
    /// UIKit refuses (nothing happens, no completion), and so does the stand-in. The
    /// presented view goes into the presenter's window, above the views there, and leaves
    /// it when the dismissal ends. The presented controller appears (`viewWillAppear(_:)`
    /// at once, `viewDidAppear(_:)` and then `completion` when the transition ends:
    /// ``UIKitTiming/transitionDuration`` later when animated, on a later turn of the main
    /// actor when not). For a sheet the presenting controller gets no appearance calls;
    /// for `.fullScreen` it disappears (`viewWillDisappear(_:)` at once,
    /// `viewDidDisappear(_:)` when the transition ends), and its view leaves the window
    /// once the presentation ended, as in UIKit.
    open func present(
        _ viewControllerToPresent: UIViewController,
        animated flag: Bool,
        completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        var presenter = self
        while let parent = presenter.parentController { presenter = parent }
        guard presenter.presentedController == nil, !presenter.isTransitioning else { return }
        presenter.isTransitioning = true
        presenter.presentedController = viewControllerToPresent
        viewControllerToPresent.presentingController = presenter
        let window = presenter.isViewLoaded ? presenter.view.window : nil
        // UIKit puts a presented controller's view in the presenter's window, above the
        // views already there.
        window?.adopt(viewControllerToPresent.view)
        let fullScreen = viewControllerToPresent.modalPresentationStyle == .fullScreen
        if fullScreen { presenter.beginAppearanceTransition(false, animated: flag) }
        viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
        let wait = flag ? UIKitTiming.wait(for: UIKitTiming.transitionDuration) : nil
        Task { @MainActor in
            if let wait { await wait() }
            presenter.isTransitioning = false
            if fullScreen, presenter.isViewLoaded, presenter.view.superview === window {
                presenter.view.detach()
            }
            viewControllerToPresent.endAppearanceTransition()
            if fullScreen { presenter.endAppearanceTransition() }
            completion?()
        }
    }

    /// Mirrors `UIViewController.dismiss(animated:completion:)`: the controller that
    /// presents this one dismisses it; a presenting controller dismisses everything
    /// presented above it. While a presentation or dismissal of that presenter is still
    /// running, UIKit refuses (nothing happens, no completion), and so does the stand-in.
    /// The presented controllers leave at once, top first, with `viewWillDisappear(_:)`;
    /// `viewDidDisappear(_:)` and then `completion` come when the dismissal ends, as in
    /// UIKit: ``UIKitTiming/transitionDuration`` later when animated, on a later turn of
    /// the main actor when not.
    open func dismiss(animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil) {
        let presenter = presentedController == nil ? presentingViewController : self
        if let presenter {
            guard !presenter.isTransitioning else { return }
            presenter.isTransitioning = presenter.presentedController != nil
        }
        var leaving: [UIViewController] = []
        var presented = presenter?.presentedController
        presenter?.presentedController = nil
        while let controller = presented {
            presented = controller.presentedController
            controller.presentingController = nil
            controller.presentedController = nil
            leaving.insert(controller, at: 0)
        }
        // A full-screen presentation's presenter comes back: its view into the window,
        // under the presented ones, and its appearance calls.
        let uncovered = leaving.contains { $0.modalPresentationStyle == .fullScreen } ? presenter : nil
        if let uncovered, uncovered.isViewLoaded, uncovered.view.superview == nil,
            let window = leaving.last.flatMap({ $0.isViewLoaded ? $0.view.window : nil })
        {
            window.adopt(uncovered.view, at: 0)
        }
        uncovered?.beginAppearanceTransition(true, animated: flag)
        for controller in leaving {
            controller.beginAppearanceTransition(false, animated: flag)
        }
        let wait = flag ? UIKitTiming.wait(for: UIKitTiming.transitionDuration) : nil
        Task { @MainActor in
            if let wait { await wait() }
            presenter?.isTransitioning = false
            for controller in leaving {
                if controller.isViewLoaded, controller.view.superview is UIWindow {
                    controller.view.detach()
                }
                controller.endAppearanceTransition()
            }
            uncovered?.endAppearanceTransition()
            completion?()
        }
    }

    // MARK: Preferences a container forwards

    /// Mirrors `UIViewController.preferredStatusBarStyle`: `.default`.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Mirrors `UIViewController.prefersStatusBarHidden`: `false`.
    open var prefersStatusBarHidden: Bool { false }
    /// Mirrors `UIViewController.prefersHomeIndicatorAutoHidden`: `false`.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// Mirrors `UIViewController.preferredScreenEdgesDeferringSystemGestures`: none.
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// Mirrors `UIViewController.supportedInterfaceOrientations`: every orientation but
    /// upside down, the default on a phone.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }

    /// Mirrors `UIViewController.childForStatusBarStyle`: `nil`.
    open var childForStatusBarStyle: UIViewController? { nil }
    /// Mirrors `UIViewController.childForStatusBarHidden`: `nil`.
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Mirrors `UIViewController.childForHomeIndicatorAutoHidden`: `nil`.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Mirrors `UIViewController.childForScreenEdgesDeferringSystemGestures`: `nil`.
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }

    /// Mirrors `UIViewController.setNeedsStatusBarAppearanceUpdate()`; does nothing.
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// Mirrors `UIViewController.setNeedsUpdateOfHomeIndicatorAutoHidden()`; does nothing.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// Mirrors `UIViewController.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()`;
    /// does nothing.
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
    /// Mirrors `UIViewController.setNeedsUpdateOfSupportedInterfaceOrientations()`; does
    /// nothing.
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}
}

/// Mirrors UIKit's `UIModalPresentationStyle`, with the cases the tests use.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Mirrors `UIModalPresentationStyle.fullScreen`: the presenting view leaves.
    case fullScreen = 0
    /// Mirrors `UIModalPresentationStyle.pageSheet`, a sheet.
    case pageSheet = 1
    /// Mirrors `UIModalPresentationStyle.overFullScreen`: the presenting view stays.
    case overFullScreen = 5
    /// Mirrors `UIModalPresentationStyle.automatic`: a sheet for a plain controller.
    case automatic = -2
}

/// Mirrors UIKit's `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
    /// Mirrors `UIStatusBarStyle.default`.
    case `default`
    /// Mirrors `UIStatusBarStyle.lightContent`.
    case lightContent
    /// Mirrors `UIStatusBarStyle.darkContent`.
    case darkContent = 3
}

/// Mirrors UIKit's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Sendable {
    /// Mirrors `UIRectEdge.rawValue`.
    public let rawValue: UInt
    /// Mirrors `UIRectEdge.init(rawValue:)`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Mirrors `UIRectEdge.top`.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// Mirrors `UIRectEdge.bottom`.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
}

/// Mirrors UIKit's `UIInterfaceOrientationMask`.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    /// Mirrors `UIInterfaceOrientationMask.rawValue`.
    public let rawValue: UInt
    /// Mirrors `UIInterfaceOrientationMask.init(rawValue:)`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Mirrors `UIInterfaceOrientationMask.portrait`.
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Mirrors `UIInterfaceOrientationMask.landscapeLeft`.
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Mirrors `UIInterfaceOrientationMask.landscapeRight`.
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Mirrors `UIInterfaceOrientationMask.landscape`.
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Mirrors `UIInterfaceOrientationMask.allButUpsideDown`.
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}
#endif
