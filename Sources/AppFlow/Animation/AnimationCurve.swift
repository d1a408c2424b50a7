/// Maps linear time in `0...1` to animation progress in `0...1`.
public struct AnimationCurve: Sendable, CustomStringConvertible {
    /// A short name, for logs and stages.
    public let name: String
    private let function: @Sendable (Double) -> Double

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
    public static let linear = AnimationCurve(name: "linear") { $0 }
    /// Starts slowly (quadratic).
    public static let easeIn = AnimationCurve(name: "easeIn") { $0 * $0 }
    /// Ends slowly (quadratic).
    public static let easeOut = AnimationCurve(name: "easeOut") { 1 - (1 - $0) * (1 - $0) }
    /// Starts and ends slowly (cubic smoothstep).
    public static let easeInOut = AnimationCurve(name: "easeInOut") { $0 * $0 * (3 - 2 * $0) }

    /// The progress at linear time `time`.
    public func progress(at time: Double) -> Double {
        let input = time.isNaN ? 0 : min(max(time, 0), 1)
        let output = function(input)
        return output.isFinite ? min(max(output, 0), 1) : input
    }

    /// The curve's name.
    public var description: String { name }
}
