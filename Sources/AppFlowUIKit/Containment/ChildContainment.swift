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
    /// The child a cover keeps: still contained, its view in place under the cover, what it
    /// presents untouched.
    private var coveredChild: UIViewController?
    /// What the kept child presented when it was covered: UIKit reports it as presented by
    /// every child of the host, the cover included, and a switch between covers or back to
    /// the kept child must not dismiss it.
    private weak var keptPresented: UIViewController?
    /// The view that was the first responder in the kept child or what it presents: it
    /// resigns under the cover (the keyboard, in a window of its own, would stay above it
    /// and type into the session) and becomes the first responder again on uncover.
    private weak var keptFirstResponder: UIView?
    /// The kept child that got the host's own `beginAppearanceTransition`, until its end.
    private weak var forwardedCovered: UIViewController?
    /// The plan of the mounted transition, which its unmount follows.
    private var mountedPlan: ChildSwitchPlan?
    /// Where the mounted transition put its incoming child: its parent and the view its
    /// view is in.
    private var mountedDestination: (parent: UIViewController, container: UIView)?
    /// The window covers are shown in, while one is.
    private var coverWindow: CoverWindow?
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
    func mount(
        from: UIViewController,
        to: UIViewController,
        animation: TransitionAnimation,
        leavesSession: Bool,
        coversSession: Bool
    ) async {
        // Cycling to the child already shown changes nothing on screen.
        guard let host, from !== to else { return }
        // Loading the host's view contains the initial child first, which is `from` here.
        host.loadViewIfNeeded()
        let plan = ChildSwitchPlan(
            ChildSwitchPlan.Input(
                kind: animation.kind,
                curve: animation.curve.builtIn,
                leavesSession: leavesSession,
                outgoingPresents: from.presentedViewController.map { $0 !== keptPresented } ?? false,
                reduceMotion: UIAccessibility.isReduceMotionEnabled,
                rightToLeft: host.view.effectiveUserInterfaceLayoutDirection == .rightToLeft,
                coversSession: coversSession,
                hasCovered: coveredChild != nil,
                returnsToCovered: coveredChild === to
            )
        )
        hostTookTouches = host.view.isUserInteractionEnabled
        host.view.isUserInteractionEnabled = false
        if plan.covered != .keepOutgoing {
            // A child kept under a cover keeps its first responder and its keyboard.
            from.view.endEditing(true)
        }
        if plan.covered == .release, let kept = coveredChild {
            await release(kept)
        }
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
        mountedPlan = plan
        restingChild = nil
        // Off screen, the children appear and disappear with the host, not with the
        // transition: the next host appearance goes to the child at rest then.
        transitionForwardsAppearance = hostIsOnScreen
        if transitionForwardsAppearance {
            // A host appearance forwarded to `from` ends before `from` starts to disappear.
            endForwardedAppearance()
        }
        let animated = animation.kind != .immediate
        // A kept child stays where it is, with no calls: it is covered, not gone. A
        // restored one is already in place.
        let outgoingLeaves = plan.covered != .keepOutgoing
        let incomingArrives = plan.covered != .restore
        if plan.covered == .keepOutgoing {
            coveredChild = from
            keptPresented = from.presentedViewController
            let views = Self.sessionViews(of: from)
            keptFirstResponder = views.lazy.compactMap(Self.firstResponder(in:)).first
            for view in views { view.endEditing(true) }
            Self.setHiddenFromAccessibility(true, from)
        }
        // After the kept first responder is found: the cover window takes the key.
        let (parent, container) = destination(for: plan.placement, in: host)
        mountedDestination = (parent, container)
        if outgoingLeaves {
            from.willMove(toParent: nil)
            from.view.accessibilityElementsHidden = true
        }
        if incomingArrives {
            parent.addChild(to)
            to.view.frame = container.bounds
            to.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        if transitionForwardsAppearance {
            if outgoingLeaves { from.beginAppearanceTransition(false, animated: animated) }
            if incomingArrives { to.beginAppearanceTransition(true, animated: animated) }
        }
        let bounds = container.bounds
        Self.setStart(of: plan.motion, to: to, in: bounds)
        if incomingArrives {
            container.addSubview(to.view)
            // Over the window, VoiceOver sees the cover alone.
            to.view.accessibilityViewIsModal = plan.placement == .overWindow
        }
        shownChild = to
        host.childOnScreenChanged()
        animator = Self.startAnimator(plan, animation, from: from, to: to, in: bounds)
    }

    /// Ends the switch: stops the animator at its end, removes `from`, resets both views to
    /// their resting state and makes the second half of the calls. Balances the mount even
    /// if the host has gone meanwhile.
    func unmount(from: UIViewController, to: UIViewController) {
        guard isMounted, let plan = mountedPlan else { return }
        isMounted = false
        mountedPlan = nil
        let outgoingLeaves = plan.covered != .keepOutgoing
        let incomingArrives = plan.covered != .restore
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
        if outgoingLeaves {
            from.view.removeFromSuperview()
            // A controller shown again later starts from its resting state.
            from.view.alpha = 1
            from.view.isHidden = false
            from.view.accessibilityElementsHidden = false
            from.view.accessibilityViewIsModal = false
        }
        to.view.alpha = 1
        if plan.covered == .restore {
            coveredChild = nil
            keptPresented = nil
            Self.setHiddenFromAccessibility(false, to)
        }
        let destination = mountedDestination
        mountedDestination = nil
        if let host {
            if let destination { to.view.frame = destination.container.bounds }
            host.view.isUserInteractionEnabled = hostTookTouches
        }
        if transitionForwardsAppearance {
            if outgoingLeaves { from.endAppearanceTransition() }
            if incomingArrives { to.endAppearanceTransition() }
            if !hostIsOnScreen, incomingArrives {
                // The host went away during the transition: so does the child it shows.
                to.beginAppearanceTransition(false, animated: false)
                to.endAppearanceTransition()
            }
        } else if hostIsOnScreen, incomingArrives {
            // The host came on screen during the transition: so does the child it shows.
            to.beginAppearanceTransition(true, animated: false)
            to.endAppearanceTransition()
        }
        if outgoingLeaves { from.removeFromParent() }
        closeEmptyCoverWindow()
        if plan.covered == .restore {
            // In the session's window, key again.
            keptFirstResponder?.becomeFirstResponder()
            keptFirstResponder = nil
        }
        guard let host else { return }
        if incomingArrives { to.didMove(toParent: destination?.parent ?? host) }
        restingChild = to
        host.childCameToRest()
        if hostIsOnScreen {
            host.announceScreenChange(to: to)
        }
    }

    /// Removes the child at rest, with balanced calls: the host's scene went away. The
    /// host calls it once its flow's work in the scene has ended, so no switch is under way.
    func removeRestingChild() {
        if let kept = coveredChild {
            coveredChild = nil
            keptPresented = nil
            keptFirstResponder = nil
            kept.presentedViewController?.presentingViewController?.dismiss(animated: false)
            remove(kept)
        }
        defer { closeEmptyCoverWindow() }
        guard let child = restingChild else { return }
        restingChild = nil
        shownChild = nil
        remove(child)
    }

    /// Forwards the host's own `beginAppearanceTransition` to the child at rest, if any.
    func hostBeginsAppearance(_ isAppearing: Bool, animated: Bool) {
        hostIsOnScreen = isAppearing
        // A child still waiting for the end of an earlier forwarded call gets it first.
        endForwardedAppearance()
        forwardedChild = restingChild
        forwardedChild?.beginAppearanceTransition(isAppearing, animated: animated)
        // A child kept under a cover is on screen as far as UIKit is concerned.
        forwardedCovered = coveredChild
        forwardedCovered?.beginAppearanceTransition(isAppearing, animated: animated)
    }

    /// Forwards the host's own `endAppearanceTransition` to the child that got its begin.
    func hostEndsAppearance() {
        endForwardedAppearance()
    }

    private func endForwardedAppearance() {
        forwardedChild?.endAppearanceTransition()
        forwardedChild = nil
        forwardedCovered?.endAppearanceTransition()
        forwardedCovered = nil
    }

    /// The session ended under the cover: the kept child leaves, what it presents
    /// dismissed without animation (nobody sees it), with balanced calls.
    private func release(_ kept: UIViewController) async {
        await dismissPresented(over: kept, .immediate)
        if kept.presentedViewController != nil {
            await dismissPresented(over: kept, .immediate)
        }
        // Kept until now, so that host appearances during the dismissal still reach it.
        coveredChild = nil
        keptPresented = nil
        keptFirstResponder = nil
        Self.setHiddenFromAccessibility(false, kept)
        remove(kept)
    }

    /// Takes a contained child out with balanced containment and appearance calls.
    private func remove(_ child: UIViewController) {
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

    /// Where a placement puts the incoming child: in the host; or, for a cover, in the
    /// cover window over the host's window, made for the first cover. A host in a window
    /// of no scene (UIKit does not show it) puts a cover at the top of that window, or of
    /// its own view when it is in no window.
    private func destination(
        for placement: ChildSwitchPlan.Placement,
        in host: FlowHostViewController
    ) -> (parent: UIViewController, container: UIView) {
        guard placement == .overWindow else { return (host, host.view) }
        if coverWindow == nil, let window = host.topContainer as? UIWindow {
            coverWindow = CoverWindow(over: window)
        }
        guard let coverWindow else { return (host, host.topContainer) }
        return (coverWindow.root, coverWindow.root.view)
    }

    /// Closes the cover window once no cover is in it.
    private func closeEmptyCoverWindow() {
        guard let coverWindow, coverWindow.root.children.isEmpty else { return }
        self.coverWindow = nil
        coverWindow.close()
    }

    /// Hides `child` and everything it presents from VoiceOver, or shows them again.
    private static func setHiddenFromAccessibility(_ hidden: Bool, _ child: UIViewController) {
        for view in sessionViews(of: child) { view.accessibilityElementsHidden = hidden }
    }

    /// The views of `child` and of everything it presents.
    private static func sessionViews(of child: UIViewController) -> [UIView] {
        var views: [UIView] = [child.view]
        var presented = child.presentedViewController
        var seen: [UIViewController] = []
        while let controller = presented, !seen.contains(where: { $0 === controller }) {
            views.append(controller.view)
            seen.append(controller)
            presented = controller.presentedViewController
        }
        return views
    }

    /// The first responder in `view`'s hierarchy, if any.
    private static func firstResponder(in view: UIView) -> UIView? {
        if view.isFirstResponder { return view }
        for subview in view.subviews {
            if let found = firstResponder(in: subview) { return found }
        }
        return nil
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
        case .fadeOut:
            break
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
            case .fadeOut:
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
