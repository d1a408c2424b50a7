import AppFlow

#if os(Linux)
import Foundation
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// A container view controller that shows one child view controller at a time, for a flow
/// that decides which: the shape of AppController's `AppViewController` and of the
/// `FlowContainerViewController` post.
///
/// Use one of its subclasses: ``FlowContainerViewController`` shows a
/// `FlowContainer<UIViewController>`, ``AuthFlowViewController`` an `AuthFlow` of view
/// controllers. This class does the view-controller containment of their children, as
/// the flow's `FlowStage`; it has no public initialiser.
///
/// ## Containment
/// The initial child is contained when the view loads (install the host in a window, or
/// read its `view`): `addChild(_:)`, its view added at the host view's bounds,
/// `didMove(toParent:)`. For a transition from `a` to `b`, when the flow mounts it:
///
/// 1. `a.willMove(toParent: nil)`
/// 2. `addChild(b)`, which calls `b.willMove(toParent: self)`
/// 3. `b.view.frame = view.bounds`, resizing with the host's view
/// 4. `a.beginAppearanceTransition(false, animated:)`, then
///    `b.beginAppearanceTransition(true, animated:)`
/// 5. `view.addSubview(b.view)`, in front of `a.view`
///
/// then the animation's frames, and, when the flow unmounts it:
///
/// 1. `a.view.removeFromSuperview()`
/// 2. `a.endAppearanceTransition()`, then `b.endAppearanceTransition()`
/// 3. `a.removeFromParent()`, which calls `a.didMove(toParent: nil)`
/// 4. `b.didMove(toParent: self)`
///
/// This follows Apple's recipe for swapping children with
/// `transition(from:to:duration:options:animations:completion:)`. `animated` is `false`
/// for `.immediate` only. A transition to the child already shown makes no call. At rest
/// the host has exactly one child and one subview, and it keeps no reference to a child
/// it removed.
///
/// ## Appearance
/// ``shouldAutomaticallyForwardAppearanceMethods`` is `false`: the host makes the
/// appearance calls above itself, because a transition's two children appear and
/// disappear on the flow's schedule, not the host's. The flow mounts and unmounts every
/// transition exactly once, also when it is cut short by an `.interrupt` request, by
/// `finish()` or by the watchdog, so every `beginAppearanceTransition` is followed by
/// one `endAppearanceTransition`. The host's own `viewWillAppear(_:)` and its kin are
/// forwarded the same way to the child at rest. Children appear and disappear with the
/// host: a transition made while the host is off screen (not yet in a window, or covered)
/// makes no appearance calls, and the child it leaves appears when the host does; if the
/// host goes or comes during a transition, the child it leaves follows the host when the
/// transition ends. Per child, appearing and disappearing always alternate.
///
/// ## Animations
/// The built-in animations are drawn from the flow's progress frames:
/// `TransitionAnimation.fade(duration:curve:)` sets the new child's `view.alpha`,
/// `TransitionAnimation.crossDissolve(duration:delay:curve:)` also fades the old
/// child's view out, and `TransitionAnimation.slide(from:duration:curve:)` moves the new
/// child's `view.frame` in from the edge (leading is the left edge). When a transition
/// ends, cut short or not, the views are back at full alpha and at the host's bounds.
///
/// To let UIKit animate instead, pass a `TransitionAnimation.custom(name:duration:_:)`
/// animation of `UIViewController`s. Both views are in place when it starts, and the old
/// one is removed once it returns, so its body animates them on the main actor and
/// returns from UIKit's completion handler (Apple platforms; not compiled in CI):
///
/// ```swift
/// let zoom = TransitionAnimation.custom(name: "zoom", duration: .milliseconds(300)) {
///     (from: UIViewController, to: UIViewController, _) in
///     await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
///         Task { @MainActor in
///             to.view.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
///             UIView.animate(withDuration: 0.3) {
///                 to.view.transform = .identity
///             } completion: { _ in
///                 done.resume()
///             }
///         }
///     }
/// }
/// ```
///
/// Use `UIView` animations rather than the view controller's
/// `transition(from:to:duration:options:animations:completion:)`, which adds and removes
/// the views itself: a container that wants that method writes its own `FlowStage`, gives
/// its container `.immediate`, and calls it in `mount(_:)`, resuming from its completion
/// handler.
@MainActor
open class FlowHostViewController: UIViewController {
    let containment: ChildContainment

    init(containment: ChildContainment) {
        self.containment = containment
        super.init(nibName: nil, bundle: nil)
        containment.host = self
    }

    /// Not available: a flow host is made in code, with its flow.
    @available(*, unavailable, message: "A flow host is made in code, with its flow")
    public required init?(coder: NSCoder) {
        fatalError("A flow host is made in code, with its flow")
    }

    /// `false`: the host makes its children's appearance calls itself.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// Contains the initial child. A subclass that overrides it must call `super`.
    open override func viewDidLoad() {
        super.viewDidLoad()
        containment.containInitialChild()
    }

    /// Forwards the call to the child at rest. A subclass that overrides it must call `super`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        containment.hostBeginsAppearance(true, animated: animated)
    }

    /// Forwards the call to the child at rest. A subclass that overrides it must call `super`.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        containment.hostEndsAppearance()
    }

    /// Forwards the call to the child at rest. A subclass that overrides it must call `super`.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        containment.hostBeginsAppearance(false, animated: animated)
    }

    /// Forwards the call to the child at rest. A subclass that overrides it must call `super`.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        containment.hostEndsAppearance()
    }

    /// Makes this host the root view controller of `window` and shows the window, as
    /// AppController's `installRootViewController(in:)`.
    ///
    /// The window loads the host's view, which contains the initial child.
    public func installRootViewController(in window: UIWindow) {
        window.rootViewController = self
        window.makeKeyAndVisible()
    }
}
#endif
