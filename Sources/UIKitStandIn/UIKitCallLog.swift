#if os(Linux)
/// One call recorded by the stand-in: the object that received it and what it was.
///
/// Not part of UIKit: the stand-in's record of the calls UIKit's containment rules are
/// about.
public struct UIKitCall: Sendable, Hashable, CustomStringConvertible {
    /// The receiver's name: a view controller's `title`, a view's
    /// `accessibilityIdentifier`, or, for a view loaded by a view controller, that
    /// controller's name followed by `.view`.
    public let receiver: String
    /// The call with the names of its arguments, as in `addChild(b)`.
    public let call: String

    /// A record of `call`, received by `receiver`.
    public init(receiver: String, call: String) {
        self.receiver = receiver
        self.call = call
    }

    /// `receiver.call`, as in `host.addChild(b)`.
    public var description: String { "\(receiver).\(call)" }
}

/// The calls the stand-in's objects received, in order. Not part of UIKit.
///
/// Every stand-in object writes to ``shared``. Tests that run in parallel share it, so a
/// test should read only the calls received by the objects it named.
@MainActor
public final class UIKitCallLog {
    /// The log every stand-in object writes to.
    public static let shared = UIKitCallLog()

    /// Every call recorded so far, oldest first.
    public private(set) var calls: [UIKitCall] = []

    /// An empty log.
    public init() {}

    /// Appends `call`.
    public func record(_ call: UIKitCall) {
        calls.append(call)
    }

    /// Forgets every call, including those of tests running in parallel.
    public func reset() {
        calls.removeAll()
    }
}
#endif
