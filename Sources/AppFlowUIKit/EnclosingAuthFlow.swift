import AppFlow

#if os(Linux)
import UIKitStandIn
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if os(Linux) || (canImport(UIKit) && !os(watchOS))

extension UIViewController {
    /// The ``AuthFlow`` of the host that shows this view controller: the flow of the
    /// nearest `AuthFlowViewController` or `AuthSceneViewController` among its parents, or,
    /// for a view controller presented modally, among those of the controller that presents
    /// it. `nil` when no host of `Provider`'s flow shows it (not yet contained, or dismissed).
    ///
    /// How a child screen reaches its flow without a global, as `navigationController`
    /// reaches a navigation stack: a login screen calls
    /// `enclosingAuthFlow(of: AppProvider.self)?.request(.login(user))` from its button's
    /// action. Every window's host has the same flow, so a child gets the one flow whichever
    /// window shows it. It reads UIKit's `parent` and `presentingViewController`, on the
    /// main actor; it makes no call itself.
    public func enclosingAuthFlow<Provider: AuthFlowProvider>(of provider: Provider.Type) -> AuthFlow<Provider>?
    where Provider.Child == UIViewController {
        var next: UIViewController? = self
        while let controller = next {
            if let host = controller as? AuthFlowViewController<Provider> { return host.flow }
            if let host = controller as? AuthSceneViewController<Provider> { return host.flow }
            next = controller.parent ?? controller.presentingViewController
        }
        return nil
    }
}
#endif
