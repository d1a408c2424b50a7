#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIViewController`: a lazily loaded view, child view controllers and
/// appearance transitions.
///
/// The containment and appearance calls are recorded in ``UIKitCallLog``. As in UIKit,
/// `addChild(_:)` calls the child's `willMove(toParent:)`, `removeFromParent()` calls
/// `didMove(toParent: nil)`, and the appearance transitions call `viewWillAppear(_:)` and
/// its kin. Unlike UIKit, the stand-in forwards no appearance calls to children by
/// itself, whatever `shouldAutomaticallyForwardAppearanceMethods` says.
@MainActor
open class UIViewController: UIResponder {
    /// Mirrors `UIViewController.title`; the stand-in logs the controller under it.
    open var title: String?

    private var loadedView: UIView?
    private var childControllers: [UIViewController] = []
    private weak var parentController: UIViewController?
    /// The direction and animation of the appearance transition begun and not yet ended.
    private var pendingAppearance: (isAppearing: Bool, animated: Bool)?

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
        set {
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

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

    /// Mirrors `UIViewController.addChild(_:)`: records, calls
    /// `childController.willMove(toParent: self)`, then adds it to ``children``.
    open func addChild(_ childController: UIViewController) {
        record("addChild(\(childController.logName))")
        childController.willMove(toParent: self)
        childController.parentController?.childControllers.removeAll { $0 === childController }
        childController.parentController = self
        childControllers.append(childController)
    }

    /// Mirrors `UIViewController.removeFromParent()`: records, leaves the parent's
    /// ``children``, then calls `didMove(toParent: nil)`.
    open func removeFromParent() {
        record("removeFromParent()")
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }

    /// Mirrors `UIViewController.willMove(toParent:)`; records.
    open func willMove(toParent parent: UIViewController?) {
        record("willMove(toParent: \(parent?.logName ?? "nil"))")
    }

    /// Mirrors `UIViewController.didMove(toParent:)`; records.
    open func didMove(toParent parent: UIViewController?) {
        record("didMove(toParent: \(parent?.logName ?? "nil"))")
    }

    /// Mirrors `UIViewController.shouldAutomaticallyForwardAppearanceMethods`: `true`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Mirrors `UIViewController.beginAppearanceTransition(_:animated:)`: records, then
    /// calls `viewWillAppear(_:)` or `viewWillDisappear(_:)`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        record("beginAppearanceTransition(\(isAppearing), animated: \(animated))")
        pendingAppearance = (isAppearing, animated)
        if isAppearing {
            viewWillAppear(animated)
        } else {
            viewWillDisappear(animated)
        }
    }

    /// Mirrors `UIViewController.endAppearanceTransition()`: records, then calls
    /// `viewDidAppear(_:)` or `viewDidDisappear(_:)` for the transition begun last.
    open func endAppearanceTransition() {
        record("endAppearanceTransition()")
        guard let pending = pendingAppearance else { return }
        pendingAppearance = nil
        if pending.isAppearing {
            viewDidAppear(pending.animated)
        } else {
            viewDidDisappear(pending.animated)
        }
    }

    override var logName: String { title ?? "UIViewController" }
}
#endif
