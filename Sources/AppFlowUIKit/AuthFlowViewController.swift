import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// A container view controller backed by an `AuthFlow` of view controllers:
/// AppController's API (`installRootViewController(in:)`, `login()`, `logout()`), race-free.
///
/// ```swift
/// let root = AuthFlowViewController(provider: MyInterfaceProvider(), splash: SplashViewController())
/// root.installRootViewController(in: window)
/// await root.start()
/// ```
///
/// (Compiled against the Linux stand-in in `AppFlowUIKitTests`.) The provider makes the logged-out and logged-in
/// view controllers; each is shown with full view-controller containment and balanced
/// appearance calls, as ``FlowHostViewController`` describes. AppController's
/// will/did login and logout handlers are `AuthFlow.events(bufferingPolicy:)` on
/// ``flow``.
@MainActor
open class AuthFlowViewController<Provider: AuthFlowProvider>: FlowHostViewController
where Provider.Child == UIViewController {
    /// The flow whose children this controller shows; its container's stage is this
    /// controller.
    public let flow: AuthFlow<Provider>

    /// Creates a controller showing `splash` until ``start()``.
    ///
    /// - Parameters:
    ///   - provider: Supplies the view controllers and the configuration.
    ///   - splash: The first child, contained when the view loads.
    ///   - clock: The clock for animations, delays and the preparation timeout.
    public init(provider: Provider, splash: UIViewController, clock: any Clock<Duration> = ContinuousClock()) {
        let containment = ChildContainment(initial: splash, clock: clock)
        flow = AuthFlow(
            provider: provider,
            splash: splash,
            stage: ContainmentStage.auth(containment: containment),
            clock: clock
        )
        super.init(containment: containment)
    }

    /// Not available: a flow host is made in code, with its flow.
    @available(*, unavailable, message: "A flow host is made in code, with its flow")
    public required init?(coder: NSCoder) {
        fatalError("A flow host is made in code, with its flow")
    }

    /// Replaces the splash child with the initial state, as `AuthFlow.start()`.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called; a call made
    /// after it wins. **Cancellation.** Cancelled before its transition starts, it returns
    /// `.cancelled`; once started, the transition completes.
    /// **After ``finish()``.** Returns `.cancelled`.
    @discardableResult
    public func start() async -> AuthResult {
        await flow.start()
    }

    /// Logs in with `session`, as `AuthFlow.login(_:animation:)`.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called: a later call
    /// beats it, and from then on its view controller is never added.
    /// **Cancellation.** Cancelled before its transition starts, it returns
    /// `.cancelled`; once started, the transition completes.
    /// **After ``finish()``.** Returns `.cancelled` at once.
    @discardableResult
    public func login(_ session: Provider.Session, animation: TransitionAnimation? = nil) async -> AuthResult {
        await flow.login(session, animation: animation)
    }

    /// Logs out to `variant`, as `AuthFlow.logout(_:animation:)`.
    ///
    /// **Ordering.** The moment it is called, no login called before it adds its view
    /// controller any more. **Cancellation.** As `AuthFlow.logout(_:animation:)`: the
    /// logins called before it stay barred either way.
    /// **After ``finish()``.** Returns `.cancelled` at once.
    @discardableResult
    public func logout(
        _ variant: LogoutVariant = .signedOut,
        animation: TransitionAnimation? = nil
    ) async -> AuthResult {
        await flow.logout(variant, animation: animation)
    }

    /// Places `request` in call order now, as `AuthFlow.request(_:animation:)`, and returns
    /// a handle whose result is awaited later: the call for synchronous UIKit code.
    ///
    /// ```swift
    /// func logOutTapped() {
    ///     root.request(.logout(.signedOut))
    /// }
    /// ```
    ///
    /// (Compiled against the Linux stand-in in `AppFlowUIKitTests`.) A button's action
    /// cannot `await`, and `Task { await root.logout() }` takes its place whenever the
    /// task first runs, so two taps could be ordered either way; this takes it at the tap.
    ///
    /// **The privacy cover.** `.cover` also puts a blank view over the whole window before
    /// it returns, taken away when the call returns (the cover is then on screen, or the
    /// call changed nothing): call it from `sceneWillResignActive(_:)`, and the app
    /// switcher's snapshot, taken right after, shows nothing of the session.
    ///
    /// **Ordering.** Takes its place in call order before it returns, with the rules of the
    /// async call it stands for. **Cancellation.** `AuthCallHandle.cancel()` cancels it as
    /// cancelling the async call's task would. **After ``finish()``.** The handle's result
    /// is `.cancelled`.
    @discardableResult
    public func request(
        _ request: AuthRequest<Provider.Session>,
        animation: TransitionAnimation? = nil
    ) -> AuthCallHandle {
        place(request, animation: animation, on: flow)
    }

    /// Detaches the flow's scene, whose window went away; the session goes on.
    override func tearDownFlow() async {
        await flow.detach(flow.scene)
    }

    /// Ends the flow, as `AuthFlow.finish()`.
    ///
    /// **Ordering.** Calls that have not started return `.cancelled`; a running
    /// transition is cut short and still unmounted, so its child is contained and its
    /// appearance calls are balanced. The child at rest stays on screen.
    /// **Cancellation.** Cancelling the caller does not shorten the wait.
    /// **After it.** Calling it again returns once the first call's work is done; later
    /// calls return `.cancelled`.
    public func finish() async {
        await flow.finish()
    }
}
#endif
