import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The root view controller of one more window showing an `AuthFlow` that another host
/// already shows: one host per `UIWindowScene`, all sharing one login.
///
/// ```swift
/// let window = AuthSceneViewController(flow: root.flow, placeholder: SplashViewController())
///     .installRootViewController(in: windowScene)
/// ```
///
/// (Compiled against the Linux stand-in in `AppFlowUIKitTests`; `root` is the first
/// window's ``AuthFlowViewController``.) The host attaches a scene to `flow`
/// (`AuthFlow.attachScene(placeholder:stage:)`): until it is placed it shows
/// `placeholder`, then the flow's current phase, built for this window, never the splash
/// or a logged-out child of a session that is logged in. Every call made on the flow,
/// from any window, runs in this one too; when the window's scene disconnects, the scene
/// is detached and its child released, and the session goes on in the other windows.
@MainActor
open class AuthSceneViewController<Provider: AuthFlowProvider>: FlowHostViewController
where Provider.Child == UIViewController {
    /// The shared flow.
    public let flow: AuthFlow<Provider>
    /// This window's scene of ``flow``.
    public let scene: AuthScene<Provider>

    /// Attaches a scene of `flow` shown by this controller, showing `placeholder` until
    /// it is placed.
    ///
    /// **Ordering.** As `AuthFlow.attachScene(placeholder:stage:)`: the scene takes its
    /// place before this returns. **After `AuthFlow.finish()`.** The host shows
    /// `placeholder`.
    public init(flow: AuthFlow<Provider>, placeholder: UIViewController) {
        let containment = ChildContainment(initial: placeholder, clock: flow.clock)
        self.flow = flow
        scene = flow.attachScene(
            placeholder: placeholder,
            stage: ContainmentStage.auth(containment: containment)
        )
        super.init(containment: containment)
    }

    /// Not available: a flow host is made in code, with its flow.
    @available(*, unavailable, message: "A flow host is made in code, with its flow")
    public required init?(coder: NSCoder) {
        fatalError("A flow host is made in code, with its flow")
    }

    /// Places `request` on the shared flow now, as `AuthFlow.request(_:animation:)`: the
    /// call for synchronous UIKit code. Every window follows it. `.cover` also puts a blank
    /// view over this window at once, until the call returns, as
    /// `AuthFlowViewController.request(_:animation:)` says.
    ///
    /// **Ordering.** Takes its place in call order before it returns. **Cancellation.**
    /// `AuthCallHandle.cancel()`. **After `AuthFlow.finish()`.** The handle's result is
    /// `.cancelled`.
    @discardableResult
    public func request(
        _ request: AuthRequest<Provider.Session>,
        animation: TransitionAnimation? = nil
    ) -> AuthCallHandle {
        place(request, animation: animation, on: flow)
    }

    /// Detaches this window's scene; the session goes on in the other windows.
    override func tearDownFlow() async {
        await flow.detach(scene)
    }
}
#endif
