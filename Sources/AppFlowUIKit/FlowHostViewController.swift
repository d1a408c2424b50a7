import AppFlow

#if os(Linux)
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
/// ## Every switch
/// Before the calls above, the host turns touches off on its view (both children's, until
/// the unmount), ends editing in the outgoing child (its keyboard goes), and dismisses
/// everything presented over the outgoing child, awaiting UIKit's completion (for at
/// most 2 s on the flow's clock, then once more without animation: UIKit refuses a
/// dismissal asked for while another one runs), so a sheet opened from one child does not stay over the next. During the
/// transition the outgoing child is hidden from VoiceOver, and the child on screen for
/// the status bar, the home indicator, the screen edges and the orientations is the
/// incoming one: the host forwards them to it (`childForStatusBarStyle` and its kin) and
/// asks UIKit to read them again at the mount. At the unmount, if the host is on screen,
/// ``announceScreenChange(to:)`` tells VoiceOver; on tvOS focus moves to the new child.
///
/// A switch that ends a logged-in session's screen (an `AuthFlow`'s logout, teardown lock
/// or change of account, `AuthScreen.showsSession`) hides the outgoing child and what it
/// presents, and dismisses those without animation, before the transition begins: from
/// then on nothing of the session is on screen.
///
/// A cover hides and destroys nothing (`AuthScreen.coversSession`: the privacy cover and
/// a lock of the cover style). The session's child stays contained, its view in place,
/// what it presents untouched (sheets and their state), with no appearance calls: it is
/// covered, not gone. Its first responder resigns (the keyboard, in a window of its own,
/// would stay above the cover) and becomes the first responder again when uncovered.
///
/// The cover goes in a window of its own above the host's window in the same scene, key,
/// with `accessibilityViewIsModal`; it is the child of that window's root view
/// controller, with the same containment and appearance calls as above. So it is in
/// front of everything of the session, what the session presents while covered included
/// (UIKit puts that in the host's window), and what the cover presents goes in the
/// cover's window. The host's window, the session's views and presented ones are hidden
/// from VoiceOver. Uncovered, the cover leaves (fading out if the switch is animated), its
/// window closes, the host's window is key again, and the kept child is shown as it was.
/// A switch that ends the session under the cover releases the kept child first, what it
/// presents dismissed without animation.
///
/// ## Animations
/// UIKit runs the built-in animations: the mount starts a `UIViewPropertyAnimator` of the
/// animation's duration, delay and curve (a custom `AnimationCurve` runs as ease-in-out),
/// and the unmount, cut short or not, stops it at its end. The flow's progress frames
/// still reach its observers. `TransitionAnimation.fade(duration:curve:)` fades the new
/// child's view in, `TransitionAnimation.crossDissolve(duration:delay:curve:)` also fades
/// the old one out, and `TransitionAnimation.slide(from:duration:curve:)` moves the new
/// child's view in from the edge (leading is the left edge left to right, the right edge
/// right to left). With Reduce Motion on, a slide is a cross-dissolve. When a transition
/// ends, the views are back at full alpha, visible, and at the host's bounds.
///
/// To animate otherwise, pass a `TransitionAnimation.custom(name:duration:_:)`
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
///
/// ## Scenes
/// ``installRootViewController(in:)-(UIWindowScene)`` makes the scene's window; when the
/// scene disconnects, the host ends its flow's work in that scene and removes its child
/// with balanced calls.
@MainActor
open class FlowHostViewController: UIViewController {
    let containment: ChildContainment
    /// The observer of the scene's disconnection, once installed in a window scene.
    private var disconnectObserver: (any NSObjectProtocol)?
    /// The teardown begun when the scene disconnected.
    private var teardown: Task<Void, Never>?

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

    /// Makes a window for `windowScene`, installs this host as its root view controller,
    /// shows it, and returns it: keep it in your scene delegate's `window`. Call it from
    /// `scene(_:willConnectTo:options:)`.
    ///
    /// When UIKit disconnects the scene (`UIScene.didDisconnectNotification`), the host
    /// tears down: a `FlowContainerViewController` finishes its container, an
    /// ``AuthFlowViewController`` or ``AuthSceneViewController`` detaches its scene from
    /// the shared flow (the session goes on in the other windows), and then the child at
    /// rest is removed with balanced containment and appearance calls, so it is released.
    @discardableResult
    public func installRootViewController(in windowScene: UIWindowScene) -> UIWindow {
        let window = UIWindow(windowScene: windowScene)
        installRootViewController(in: window)
        if let observer = disconnectObserver {
            NotificationCenter.default.removeObserver(observer)
        }
        disconnectObserver = NotificationCenter.default.addObserver(
            forName: UIScene.didDisconnectNotification,
            object: windowScene,
            queue: nil
        ) { [weak self] _ in
            // UIKit posts it on the main thread.
            MainActor.assumeIsolated { self?.sceneDidDisconnect() }
        }
        return window
    }

    /// Tells VoiceOver that the screen changed: posts `UIAccessibility.Notification
    /// .screenChanged` with `child`'s view. The host calls it once per switch, when the new
    /// child is at rest and the host is on screen. Override it to move VoiceOver to a
    /// particular element; calling `super` keeps the default.
    open func announceScreenChange(to child: UIViewController) {
        UIAccessibility.post(notification: .screenChanged, argument: child.view)
    }

    /// The animator running the built-in animation of the transition on screen; `nil` at
    /// rest and for immediate and custom animations. The host starts and ends it: read it,
    /// do not stop it.
    public var transitionAnimator: UIViewPropertyAnimator? { containment.animator }

    /// Places `request` on `flow` now; for `.cover`, shields the window until the call
    /// returns. The auth hosts' `request(_:animation:)`.
    func place<Provider: AuthFlowProvider>(
        _ request: AuthRequest<Provider.Session>,
        animation: TransitionAnimation?,
        on flow: AuthFlow<Provider>
    ) -> AuthCallHandle {
        let handle = flow.request(request, animation: animation)
        if request == .cover {
            shield(until: handle)
        }
        return handle
    }

    /// Puts a blank view over the whole window at once (over the host's view when it is in
    /// no window), and takes it away when `handle`'s call returns: what the app switcher's
    /// snapshot shows while a privacy cover is on its way.
    private func shield(until handle: AuthCallHandle) {
        let container = topContainer
        let shield = UIView(frame: container.bounds)
        shield.backgroundColor = Self.shieldColor
        shield.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(shield)
        Task { @MainActor [weak shield] in
            _ = await handle.result
            shield?.removeFromSuperview()
        }
    }

    /// The top of what the host shows, where the shield goes (and the cover window is made
    /// over): the host's window, found through what the host presents when a full-screen
    /// presentation took the host's view out of it; the host's view when it is in no window.
    var topContainer: UIView {
        if let window = view.window { return window }
        if let presented = presentedViewController, presented.isViewLoaded, let window = presented.view.window {
            return window
        }
        return view
    }

    /// The shield's color: the system background; black on tvOS, where UIKit has no
    /// `systemBackground`.
    private static var shieldColor: UIColor {
        #if os(tvOS)
        .black
        #else
        .systemBackground
        #endif
    }

    /// Tells UIKit that the child on screen changed, so that it reads the forwarded
    /// preferences again.
    func childOnScreenChanged() {
        #if os(iOS) || os(Linux)
        setNeedsStatusBarAppearanceUpdate()
        setNeedsUpdateOfHomeIndicatorAutoHidden()
        setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
        setNeedsUpdateOfSupportedInterfaceOrientations()
        #endif
    }

    /// A switch ended with its child at rest, touches back on: on tvOS, focus moves to it.
    func childCameToRest() {
        #if os(tvOS)
        setNeedsFocusUpdate()
        updateFocusIfNeeded()
        #endif
    }

    /// The scene went away: ends the flow's work in it, then removes the child at rest.
    private func sceneDidDisconnect() {
        if let observer = disconnectObserver {
            NotificationCenter.default.removeObserver(observer)
            disconnectObserver = nil
        }
        guard teardown == nil else { return }
        teardown = Task { @MainActor in
            await self.tearDownFlow()
            self.containment.removeRestingChild()
        }
    }

    /// Ends the flow's work in this host's scene; each subclass says how.
    func tearDownFlow() async {}

    #if os(iOS) || os(Linux)
    /// The child on screen (the incoming one during a transition) decides the status bar
    /// style.
    open override var childForStatusBarStyle: UIViewController? { containment.childOnScreen }
    /// The child on screen decides whether the status bar is hidden.
    open override var childForStatusBarHidden: UIViewController? { containment.childOnScreen }
    /// The child on screen decides whether the home indicator hides.
    open override var childForHomeIndicatorAutoHidden: UIViewController? { containment.childOnScreen }
    /// The child on screen decides which screen edges defer system gestures.
    open override var childForScreenEdgesDeferringSystemGestures: UIViewController? {
        containment.childOnScreen
    }
    /// The orientations the child on screen supports.
    open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        containment.childOnScreen?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }
    #endif

    #if os(tvOS)
    /// Focus goes to the child on screen.
    open override var preferredFocusEnvironments: [any UIFocusEnvironment] {
        containment.childOnScreen.map { [$0] } ?? super.preferredFocusEnvironments
    }
    #endif
}
#endif
