// SwiftUI's animation and transition declarations AppFlow uses. Declarations only; see
// ../README.md.

/// https://developer.apple.com/documentation/swiftui/anytransition
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct AnyTransition: Sendable {
    /// https://developer.apple.com/documentation/swiftui/anytransition/identity
    public static let identity = AnyTransition()
    /// https://developer.apple.com/documentation/swiftui/anytransition/opacity
    public static let opacity = AnyTransition()
    /// https://developer.apple.com/documentation/swiftui/anytransition/move(edge:)
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    /// https://developer.apple.com/documentation/swiftui/anytransition/asymmetric(insertion:removal:)
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition()
    }
}

/// https://developer.apple.com/documentation/swiftui/animation
/// (durations are `TimeInterval`, a `Double`).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Animation: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/animation/default
    public static let `default` = Animation()
    /// https://developer.apple.com/documentation/swiftui/animation/linear(duration:)
    public static func linear(duration: Double) -> Animation { Animation() }
    /// https://developer.apple.com/documentation/swiftui/animation/easein(duration:)
    public static func easeIn(duration: Double) -> Animation { Animation() }
    /// https://developer.apple.com/documentation/swiftui/animation/easeout(duration:)
    public static func easeOut(duration: Double) -> Animation { Animation() }
    /// https://developer.apple.com/documentation/swiftui/animation/easeinout(duration:)
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    /// https://developer.apple.com/documentation/swiftui/animation/delay(_:)
    public func delay(_ delay: Double) -> Animation { self }
}

/// https://developer.apple.com/documentation/swiftui/animationcompletioncriteria
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct AnimationCompletionCriteria: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/animationcompletioncriteria/logicallycomplete
    public static let logicallyComplete = AnimationCompletionCriteria()
}

/// https://developer.apple.com/documentation/swiftui/withanimation(_:_:)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// https://developer.apple.com/documentation/swiftui/withanimation(_:completioncriteria:_:completion:)
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result,
    completion: @escaping () -> Void
) rethrows -> Result {
    try body()
}
