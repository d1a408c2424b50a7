#if os(Linux)
/// Mirrors UIKit's `UIResponder`, the root of the stand-in's classes.
@MainActor
open class UIResponder {
    /// Mirrors `UIResponder.init()`.
    public init() {}

    /// The name this object's calls are logged under.
    var logName: String { "UIResponder" }

    /// Appends `call`, received by this object, to ``UIKitCallLog/shared``.
    func record(_ call: String) {
        UIKitCallLog.shared.record(UIKitCall(receiver: logName, call: call))
    }
}
#endif
