import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The view-controller containment of a ``FlowHostViewController``'s children: it performs
/// each switch as its ``ChildSwitchPlan`` says (dismissal, hiding, UIKit's animator) and
/// keeps UIKit's containment and appearance calls balanced.
///
/// It holds the host weakly: the host owns its flow, whose container owns the stage that
/// owns this object, so a strong reference would be a cycle.
@MainActor
final class ChildContainment {
    /// The host whose children these are.
    weak var host: FlowHostViewController?
    /// The initial child, until the host's view loads and contains it.
    private var initialChild: UIViewController?
    /// The child shown while no transition is mounted; `nil` during a transition.
    private weak var restingChild: UIViewController?
    /// The child whose preferences the host forwards: the one at rest, or the incoming
    /// one from the moment a transition is mounted.
    private weak var shownChild: UIViewController?
    /// The child that got the host's own `beginAppearanceTransition`, until its end.
    private weak var forwardedChild: UIViewController?
    /// Whether the current transition was mounted, so that its unmount balances it.
    private var isMounted = false
    /// Whether the host is on screen or appearing: from its `viewWillAppear(_:)` to its
    /// `viewWillDisappear(_:)`. Children get appearance calls only then.
    private var hostIsOnScreen = false
    /// Whether the mounted transition made its children's appearance calls.
    private var transitionForwardsAppearance = false
    /// Whether the host's view took touches before the switch under way turned them off.
    private var hostTookTouches = true
    /// The animator running the mounted transition's built-in animation.
    private(set) var animator: UIViewPropertyAnimator?
    /// How long a dismissal may take before the switch goes on without its completion
    /// (UIKit skips the completion of a dismissal asked for while another one runs).
    static let dismissalLimit: Duration = .seconds(2)

    /// The clock the dismissal's limit runs on: the flow's.
    private let clock: any Clock<Duration>

    init(initial: UIViewController, clock: any Clock<Duration>) {
        initialChild = initial
        self.clock = clock
    }

    /// The child whose preferences the host forwards.
    var childOnScreen: UIViewController? { initialChild ?? shownChild }

    /// Contains the initial child; the host calls this from `viewDidLoad()`.
    func containInitialChild() {
        guard let host, let child = initialChild else { return }
        initialChild = nil
        host.addChild(child)
        place(child.view, in: host)
        host.view.addSubview(child.view)
        child.didMove(toParent: host)
        restingChild = child
        shownChild = child
    }

    /// Takes the first steps of a switch from `from` to `to` and adds `to` beside `from`:
    /// touches off, editing ended, presented controllers dismissed (and awaited), then the
    /// first half of UIKit's containment and appearance calls, and the animator started.
    func mount(from: UIViewController, to: UIViewController, animation: TransitionAnimation, leavesSession: Bool) async
    {
        // Cycling to the child already shown changes nothing on screen.
        guard let host, from !== to else { return }
        // Loading the host's view contains the initial child first, which is `from` here.
        host.loadViewIfNeeded()
        let plan = ChildSwitchPlan(
            ChildSwitchPlan.Input(
                kind: animation.kind,
                curve: animation.curve.builtIn,
                leavesSession: leavesSession,
                outgoingPresents: from.presentedViewController != nil,
                reduceMotion: UIAccessibility.isReduceMotionEnabled,
                rightToLeft: host.view.effectiveUserInterfaceLayoutDirection == .rightToLeft
            )
        )
        hostTookTouches = host.view.isUserInteractionEnabled
        host.view.isUserInteractionEnabled = false
        from.view.endEditing(true)
        var hidden: [UIViewController] = []
        if plan.hidesOutgoing {
            from.view.isHidden = true
            hidden = Self.hidePresented(over: from)
        }
        await dismissPresented(over: from, plan.dismissal)
        if plan.dismissal != .none, from.presentedViewController != nil {
            // UIKit refused the dismissal (one was already running): once more, at once.
            await dismissPresented(over: from, .immediate)
        }
        for controller in hidden where controller.presentingViewController == nil {
            // Gone: shown again later, it starts visible.
            controller.view.isHidden = false
        }

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
        from.view.accessibilityElementsHidden = true
        if transitionForwardsAppearance {
            from.beginAppearanceTransition(false, animated: animated)
            to.beginAppearanceTransition(true, animated: animated)
        }
        let bounds = host.view.bounds
        Self.setStart(of: plan.motion, to: to, in: bounds)
        host.view.addSubview(to.view)
        shownChild = to
        host.childOnScreenChanged()
        animator = Self.startAnimator(plan, animation, from: from, to: to, in: bounds)
    }

    /// Ends the switch: stops the animator at its end, removes `from`, resets both views to
    /// their resting state and makes the second half of the calls. Balances the mount even
    /// if the host has gone meanwhile.
    func unmount(from: UIViewController, to: UIViewController) {
        guard isMounted else { return }
        isMounted = false
        if let animator {
            // UIKit raises if a stopped animator is released: finish it, whoever stopped it.
            if animator.state == .active {
                animator.stopAnimation(false)
            }
            if animator.state == .stopped {
                animator.finishAnimation(at: .end)
            }
        }
        animator = nil
        from.view.removeFromSuperview()
        // A controller shown again later starts from its resting state.
        from.view.alpha = 1
        from.view.isHidden = false
        from.view.accessibilityElementsHidden = false
        to.view.alpha = 1
        if let host {
            to.view.frame = host.view.bounds
            host.view.isUserInteractionEnabled = hostTookTouches
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
        guard let host else { return }
        to.didMove(toParent: host)
        restingChild = to
        host.childCameToRest()
        if hostIsOnScreen {
            host.announceScreenChange(to: to)
        }
    }

    /// Removes the child at rest, with balanced calls: the host's scene went away. The
    /// host calls it once its flow's work in the scene has ended, so no switch is under way.
    func removeRestingChild() {
        guard let child = restingChild else { return }
        restingChild = nil
        shownChild = nil
        child.willMove(toParent: nil)
        if hostIsOnScreen {
            endForwardedAppearance()
            child.beginAppearanceTransition(false, animated: false)
        }
        child.view.removeFromSuperview()
        if hostIsOnScreen {
            child.endAppearanceTransition()
        }
        child.removeFromParent()
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

    /// Dismisses what is presented over `child`, as `dismissal` says, and returns once
    /// UIKit's completion ran, or after ``dismissalLimit`` without it.
    private func dismissPresented(over child: UIViewController, _ dismissal: ChildSwitchPlan.Dismissal) async {
        guard dismissal != .none, let presenter = child.presentedViewController?.presentingViewController else {
            return
        }
        let ending = DismissalEnding()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            ending.continuation = done
            ending.limit = Task { @MainActor [clock] in
                do {
                    try await Self.sleep(on: clock, for: Self.dismissalLimit)
                } catch {
                    return  // Cancelled: the completion came.
                }
                ending.end()
            }
            // UIKit runs the completion on the main thread.
            presenter.dismiss(animated: dismissal == .animated) { MainActor.assumeIsolated { ending.end() } }
        }
    }

    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// Hides the views of the controllers presented over `child`, so that nothing they show
    /// stays on screen even if UIKit refuses to dismiss them, and returns them.
    private static func hidePresented(over child: UIViewController) -> [UIViewController] {
        var hidden: [UIViewController] = []
        var presented = child.presentedViewController
        while let controller = presented, !hidden.contains(where: { $0 === controller }) {
            controller.view.isHidden = true
            hidden.append(controller)
            presented = controller.presentedViewController
        }
        return hidden
    }

    /// Sets `to`'s view where `motion` starts, before it is added.
    private static func setStart(of motion: ChildSwitchPlan.Motion, to: UIViewController, in bounds: CGRect) {
        switch motion {
        case .none:
            break
        case .fadeIn, .crossDissolve:
            to.view.alpha = 0
        case .slide(let dx, let dy):
            to.view.frame = bounds.offsetBy(dx: bounds.width * CGFloat(dx), dy: bounds.height * CGFloat(dy))
        }
    }

    /// Starts UIKit's animator for `plan`'s motion, or returns `nil` when there is none.
    private static func startAnimator(
        _ plan: ChildSwitchPlan,
        _ animation: TransitionAnimation,
        from: UIViewController,
        to: UIViewController,
        in bounds: CGRect
    ) -> UIViewPropertyAnimator? {
        guard plan.motion != .none, let duration = animation.duration, duration > .zero else { return nil }
        let motion = plan.motion
        let animator = UIViewPropertyAnimator(duration: seconds(duration), curve: curve(plan.curve)) {
            switch motion {
            case .none:
                break
            case .fadeIn:
                to.view.alpha = 1
            case .crossDissolve:
                to.view.alpha = 1
                from.view.alpha = 0
            case .slide:
                to.view.frame = bounds
            }
        }
        if animation.delay > .zero {
            animator.startAnimation(afterDelay: seconds(animation.delay))
        } else {
            animator.startAnimation()
        }
        return animator
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    private static func curve(_ curve: AnimationCurve.BuiltIn) -> UIView.AnimationCurve {
        switch curve {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

/// The end of one dismissal, by UIKit's completion or by the limit, whichever comes
/// first; the other does nothing.
@MainActor
private final class DismissalEnding {
    var continuation: CheckedContinuation<Void, Never>?
    var limit: Task<Void, Never>?

    func end() {
        limit?.cancel()
        limit = nil
        continuation?.resume()
        continuation = nil
    }
}
#endif
