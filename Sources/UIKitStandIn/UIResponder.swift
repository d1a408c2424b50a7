#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIResponder`, an `NSObject` and the root of the stand-in's classes.
@MainActor
open class UIResponder: NSObject {
    /// Mirrors `UIResponder.init()`.
    public override init() {
        super.init()
    }

    /// Mirrors `UIResponder.isFirstResponder`.
    open var isFirstResponder: Bool { false }

    /// Mirrors `UIResponder.resignFirstResponder()`: here only reports whether it was the
    /// first responder.
    @discardableResult
    open func resignFirstResponder() -> Bool { isFirstResponder }

    /// Mirrors `UIResponder.becomeFirstResponder()`: here `false`; the stand-in keeps no
    /// first responder of its own (a test's subclass does).
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }
}
#endif
