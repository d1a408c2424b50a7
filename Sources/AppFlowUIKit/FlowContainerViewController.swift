import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// A container view controller backed by a `FlowContainer` of view controllers: the
/// `FlowContainerViewController` of the post, with overlap policies, results and events.
///
/// ```swift
/// let root = FlowContainerViewController(initial: SplashViewController())
/// root.installRootViewController(in: window)
/// await root.cycle(to: LoginViewController())
/// ```
///
/// (Compiled against the Linux stand-in in `AppFlowUIKitTests`.) Each child is shown with full view-controller
/// containment and balanced appearance calls, as ``FlowHostViewController`` describes.
/// ``container`` is the flow: subscribe to its events, `hop` on it, mirror it in a
/// `FlowModel`.
@MainActor
open class FlowContainerViewController: FlowHostViewController {
    /// The container whose children this controller shows; its stage is this controller.
    public let container: FlowContainer<UIViewController>

    /// Creates a controller showing `initial`, with a container made from the arguments
    /// as `FlowContainer.init(initial:animation:policy:stage:clock:maxPending:watchdogMargin:)`
    /// makes it.
    ///
    /// - Parameters:
    ///   - initial: The first child, contained when the view loads.
    ///   - animation: The default animation; a fade of 0.2 s, as in the post.
    ///   - policy: The default overlap policy.
    ///   - clock: The clock animations and the watchdog run on.
    ///   - maxPending: The bound on waiting requests.
    ///   - watchdogMargin: How far an animation may overrun before it is cut short; `nil`
    ///     turns the watchdog off.
    public init(
        initial: UIViewController,
        animation: TransitionAnimation = .fade(),
        policy: OverlapPolicy = .enqueue,
        clock: any Clock<Duration> = ContinuousClock(),
        maxPending: Int = .max,
        watchdogMargin: Duration? = .seconds(2)
    ) {
        let containment = ChildContainment(initial: initial, clock: clock)
        container = FlowContainer(
            initial: initial,
            animation: animation,
            policy: policy,
            stage: ContainmentStage(containment: containment, viewController: { $0 }),
            clock: clock,
            maxPending: maxPending,
            watchdogMargin: watchdogMargin
        )
        super.init(containment: containment)
    }

    /// Not available: a flow host is made in code, with its flow.
    @available(*, unavailable, message: "A flow host is made in code, with its flow")
    public required init?(coder: NSCoder) {
        fatalError("A flow host is made in code, with its flow")
    }

    /// Shows `child`, as `FlowContainer.cycle(to:animation:policy:)` on ``container``.
    ///
    /// - Parameters:
    ///   - child: The new child; it is contained when its transition is mounted.
    ///   - animation: The animation; `nil` uses the container's default.
    ///   - policy: What this request does to the work ahead of it; `nil` uses the default.
    /// - Returns: How the call ended; see `TransitionResult`.
    ///
    /// **Ordering.** The request takes its place when it reaches the container, before any
    /// suspension there; under `.enqueue` transitions run in that order. The containment
    /// calls of one transition never interleave with another's.
    ///
    /// **Cancellation.** Cancelled before its transition starts, the call returns
    /// `.cancelled` and `child` is never added. Once started, the transition completes,
    /// containment calls included.
    ///
    /// **After ``finish()``.** Returns `.cancelled` at once; `child` is never added.
    @discardableResult
    public func cycle(
        to child: UIViewController,
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil
    ) async -> TransitionResult {
        await container.cycle(to: child, animation: animation, policy: policy)
    }

    /// Finishes the container: the scene whose window it was in went away.
    override func tearDownFlow() async {
        await container.finish()
    }

    /// Ends the flow, as `FlowContainer.finish()` on ``container``.
    ///
    /// **Ordering.** Waiting requests return `.cancelled`; a running transition is cut
    /// short and still unmounted, so its child is contained and its appearance calls are
    /// balanced. The child at rest stays on screen.
    ///
    /// **Cancellation.** Cancelling the caller does not shorten the wait.
    ///
    /// **After it.** Calling it again returns once the first call's work is done; every
    /// later ``cycle(to:animation:policy:)`` returns `.cancelled`.
    public func finish() async {
        await container.finish()
    }
}
#endif
