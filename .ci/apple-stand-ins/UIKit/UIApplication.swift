// UIKit's application object, as far as the hosted tests use it. Declarations only; see
// ../README.md.

/// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    open class var shared: UIApplication { UIApplication() }
    /// https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    @available(iOS 13.0, tvOS 13.0, *)
    open var connectedScenes: Set<UIScene> { [] }
}
