/// Maps linear time in `0...1` to animation progress in `0...1`.
public struct AnimationCurve: Sendable, CustomStringConvertible {
    /// The curves every renderer has its own version of (UIKit's and SwiftUI's timing
    /// curves), so that one can draw an animation with its own curve.
    public enum BuiltIn: Sendable, Hashable, CaseIterable {
        /// ``AnimationCurve/linear``.
        case linear
        /// ``AnimationCurve/easeIn``.
        case easeIn
        /// ``AnimationCurve/easeOut``.
        case easeOut
        /// ``AnimationCurve/easeInOut``.
        case easeInOut
    }

    /// A short name, for logs and stages.
    public let name: String
    /// Which built-in curve this is; `nil` for a ``custom(name:_:)`` curve, whatever its name.
    public let builtIn: BuiltIn?
    private let function: @Sendable (Double) -> Double

    private init(name: String, builtIn: BuiltIn? = nil, function: @escaping @Sendable (Double) -> Double) {
        self.name = name
        self.builtIn = builtIn
        self.function = function
    }

    /// A curve from your own function.
    ///
    /// Input outside `0...1` is clamped before the call. Output that is not finite is
    /// replaced by the input; finite output is clamped to `0...1`.
    public static func custom(
        name: String = "custom",
        _ function: @escaping @Sendable (Double) -> Double
    ) -> AnimationCurve {
        AnimationCurve(name: name, function: function)
    }

    /// Constant speed.
    public static let linear = AnimationCurve(name: "linear", builtIn: .linear) { $0 }
    /// Starts slowly (quadratic).
    public static let easeIn = AnimationCurve(name: "easeIn", builtIn: .easeIn) { $0 * $0 }
    /// Ends slowly (quadratic).
    public static let easeOut = AnimationCurve(name: "easeOut", builtIn: .easeOut) { 1 - (1 - $0) * (1 - $0) }
    /// Starts and ends slowly (cubic smoothstep).
    public static let easeInOut = AnimationCurve(name: "easeInOut", builtIn: .easeInOut) { $0 * $0 * (3 - 2 * $0) }

    /// The progress at linear time `time`.
    public func progress(at time: Double) -> Double {
        let input = time.isNaN ? 0 : min(max(time, 0), 1)
        let output = function(input)
        return output.isFinite ? min(max(output, 0), 1) : input
    }

    /// The curve's name.
    public var description: String { name }
}
