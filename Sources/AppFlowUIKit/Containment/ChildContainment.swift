import AppFlow

#if os(Linux)
import Foundation
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The view-controller containment of a ``FlowHostViewController``'s children, and the
/// rendering of the built-in animations from progress frames.
///
/// It holds the host weakly: the host owns its flow, whose container owns the stage that
/// owns this object, so a strong reference would be a cycle.
@MainActor
final class ChildContainment {
    /// The host whose children these are.
    weak var host: UIViewController?
    /// The initial child, until the host's view loads and contains it.
    private var initialChild: UIViewController?
    /// The child shown while no transition is mounted; `nil` during a transition.
    private weak var restingChild: UIViewController?
    /// The child that got the host's own `beginAppearanceTransition`, until its end.
    private weak var forwardedChild: UIViewController?
    /// Whether the current transition was mounted, so that its unmount balances it.
    private var isMounted = false
    /// Whether the host is on screen or appearing: from its `viewWillAppear(_:)` to its
    /// `viewWillDisappear(_:)`. Children get appearance calls only then.
    private var hostIsOnScreen = false
    /// Whether the mounted transition made its children's appearance calls.
    private var transitionForwardsAppearance = false

    init(initial: UIViewController) {
        initialChild = initial
    }

    /// Contains the initial child; the host calls this from `viewDidLoad()`.
    func containInitialChild() {
        guard let host, let child = initialChild else { return }
        initialChild = nil
        host.addChild(child)
        place(child.view, in: host)
        host.view.addSubview(child.view)
        child.didMove(toParent: host)
        restingChild = child
    }

    /// Adds `to` beside `from`: the first half of UIKit's containment and appearance calls.
    func mount(from: UIViewController, to: UIViewController, animation: TransitionAnimation) {
        // Cycling to the child already shown changes nothing on screen.
        guard let host, from !== to else { return }
        // Loading the host's view contains the initial child first, which is `from` here.
        host.loadViewIfNeeded()
        isMounted = true
        restingChild = nil
        // Off screen, the children appear and disappear with the host, not with the
        // transition: the next host appearance goes to the child at rest then.
        transitionForwardsAppearance = hostIsOnScreen
        if transitionForwardsAppearance {
            // A host appearance forwarded to `from` ends before `from` starts to disappear.
            endForwardedAppearance()
        }
        let animated = animation.kind != .immediate
        from.willMove(toParent: nil)
        host.addChild(to)
        place(to.view, in: host)
        Self.render(0, of: animation.kind, from: from, to: to, in: host.view.bounds)
        if transitionForwardsAppearance {
            from.beginAppearanceTransition(false, animated: animated)
            to.beginAppearanceTransition(true, animated: animated)
        }
        host.view.addSubview(to.view)
    }

    /// Shows one progress frame of a mounted transition.
    func progress(_ fraction: Double, from: UIViewController, to: UIViewController, animation: TransitionAnimation) {
        guard isMounted, let host else { return }
        Self.render(fraction, of: animation.kind, from: from, to: to, in: host.view.bounds)
    }

    /// Removes `from`: the second half of the calls. Balances the mount even if the host
    /// has gone meanwhile.
    func unmount(from: UIViewController, to: UIViewController) {
        guard isMounted else { return }
        isMounted = false
        from.view.removeFromSuperview()
        // A controller shown again later starts from its resting state.
        from.view.alpha = 1
        to.view.alpha = 1
        if let host {
            to.view.frame = host.view.bounds
        }
        if transitionForwardsAppearance {
            from.endAppearanceTransition()
            to.endAppearanceTransition()
            if !hostIsOnScreen {
                // The host went away during the transition: so does the child it shows.
                to.beginAppearanceTransition(false, animated: false)
                to.endAppearanceTransition()
            }
        } else if hostIsOnScreen {
            // The host came on screen during the transition: so does the child it shows.
            to.beginAppearanceTransition(true, animated: false)
            to.endAppearanceTransition()
        }
        from.removeFromParent()
        if let host {
            to.didMove(toParent: host)
            restingChild = to
        }
    }

    /// Forwards the host's own `beginAppearanceTransition` to the child at rest, if any.
    func hostBeginsAppearance(_ isAppearing: Bool, animated: Bool) {
        hostIsOnScreen = isAppearing
        // A child still waiting for the end of an earlier forwarded call gets it first.
        endForwardedAppearance()
        forwardedChild = restingChild
        forwardedChild?.beginAppearanceTransition(isAppearing, animated: animated)
    }

    /// Forwards the host's own `endAppearanceTransition` to the child that got its begin.
    func hostEndsAppearance() {
        endForwardedAppearance()
    }

    private func endForwardedAppearance() {
        forwardedChild?.endAppearanceTransition()
        forwardedChild = nil
    }

    private func place(_ view: UIView, in host: UIViewController) {
        view.frame = host.view.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    /// Sets the views of `from` and `to` for `fraction` of an animation of `kind`.
    private static func render(
        _ fraction: Double,
        of kind: TransitionAnimation.Kind,
        from: UIViewController,
        to: UIViewController,
        in bounds: CGRect
    ) {
        let shown = CGFloat(min(max(fraction, 0), 1))
        switch kind {
        case .fade:
            to.view.alpha = shown
        case .crossDissolve:
            to.view.alpha = shown
            from.view.alpha = 1 - shown
        case .slide(let edge):
            let remaining = 1 - shown
            switch edge {
            case .leading: to.view.frame = bounds.offsetBy(dx: -bounds.width * remaining, dy: 0)
            case .trailing: to.view.frame = bounds.offsetBy(dx: bounds.width * remaining, dy: 0)
            case .top: to.view.frame = bounds.offsetBy(dx: 0, dy: -bounds.height * remaining)
            case .bottom: to.view.frame = bounds.offsetBy(dx: 0, dy: bounds.height * remaining)
            }
        case .immediate, .custom:
            // Nothing to render: a custom animation moves the views itself.
            break
        }
    }
}
#endif
