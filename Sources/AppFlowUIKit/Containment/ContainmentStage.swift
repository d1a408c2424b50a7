import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))
/// The `FlowStage` of a ``FlowHostViewController``: it finds each child's view
/// controller and hands the calls to the host's ``ChildContainment``, on the main actor.
@MainActor
final class ContainmentStage<Child: Sendable>: FlowStage {
    private let containment: ChildContainment
    /// The view controller that shows a child.
    private let viewController: (Child) -> UIViewController

    init(containment: ChildContainment, viewController: @escaping (Child) -> UIViewController) {
        self.containment = containment
        self.viewController = viewController
    }

    func mount(_ transition: Transition<Child>) async {
        containment.mount(
            from: viewController(transition.from),
            to: viewController(transition.to),
            animation: transition.animation
        )
    }

    func progress(_ fraction: Double, of transition: Transition<Child>) async {
        containment.progress(
            fraction,
            from: viewController(transition.from),
            to: viewController(transition.to),
            animation: transition.animation
        )
    }

    func unmount(_ transition: Transition<Child>) async {
        containment.unmount(from: viewController(transition.from), to: viewController(transition.to))
    }
}
#endif
