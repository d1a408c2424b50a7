import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The `FlowStage` of a ``FlowHostViewController``: it finds each child's view
/// controller and hands the calls to the host's ``ChildContainment``, on the main actor.
/// The container's progress frames are not drawn: UIKit's animator draws the built-in
/// animations, and the frames still reach the container's observers.
@MainActor
final class ContainmentStage<Child: Sendable>: FlowStage {
    private let containment: ChildContainment
    /// The view controller that shows a child.
    private let viewController: (Child) -> UIViewController
    /// Whether a transition takes a logged-in session off the screen.
    private let leavesSession: (Transition<Child>) -> Bool
    private let coversSession: (Transition<Child>) -> Bool

    init(
        containment: ChildContainment,
        viewController: @escaping (Child) -> UIViewController,
        leavesSession: @escaping (Transition<Child>) -> Bool = { _ in false },
        coversSession: @escaping (Transition<Child>) -> Bool = { _ in false }
    ) {
        self.containment = containment
        self.viewController = viewController
        self.leavesSession = leavesSession
        self.coversSession = coversSession
    }

    func mount(_ transition: Transition<Child>) async {
        await containment.mount(
            from: viewController(transition.from),
            to: viewController(transition.to),
            animation: transition.animation,
            leavesSession: leavesSession(transition),
            coversSession: coversSession(transition)
        )
    }

    func unmount(_ transition: Transition<Child>) async {
        containment.unmount(from: viewController(transition.from), to: viewController(transition.to))
    }
}

extension ContainmentStage {
    /// The stage of an `AuthFlow` scene of view controllers: a switch from a screen that
    /// shows a session to one that does not takes the session off the screen.
    static func auth<Session>(containment: ChildContainment) -> ContainmentStage
    where Child == AuthScreen<Session, UIViewController> {
        ContainmentStage(
            containment: containment,
            viewController: { $0.child },
            leavesSession: { $0.from.showsSession && !$0.to.showsSession && !$0.to.coversSession },
            coversSession: { $0.to.coversSession }
        )
    }
}
#endif
