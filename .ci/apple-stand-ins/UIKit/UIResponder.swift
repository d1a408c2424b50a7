// UIKit's responder and focus declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiresponder/isfirstresponder
    open var isFirstResponder: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiresponder/resignfirstresponder()
    @discardableResult
    open func resignFirstResponder() -> Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiresponder/becomefirstresponder()
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }
}

/// https://developer.apple.com/documentation/uikit/uifocusenvironment
@available(iOS 9.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIFocusEnvironment: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/preferredfocusenvironments
    @available(iOS 10.0, tvOS 10.0, *)
    var preferredFocusEnvironments: [any UIFocusEnvironment] { get }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/setneedsfocusupdate()
    func setNeedsFocusUpdate()
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/updatefocusifneeded()
    func updateFocusIfNeeded()
}
