// SwiftUI's state and environment declarations AppFlow uses. Declarations only; see
// ../README.md.

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {}

/// https://developer.apple.com/documentation/swiftui/state
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private var value: Value
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { self.value = value }
    /// https://developer.apple.com/documentation/swiftui/state/init()
    public init() where Value: ExpressibleByNilLiteral { value = nil }
    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
}

/// https://developer.apple.com/documentation/swiftui/environment
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues {
    public init() {}
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { false }
}
