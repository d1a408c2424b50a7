// The `os` module's signpost declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/os/ossignposter
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct OSSignposter: @unchecked Sendable {
    /// https://developer.apple.com/documentation/os/ossignposter/init(subsystem:category:)
    public init(subsystem: String, category: String) {}
    /// https://developer.apple.com/documentation/os/ossignposter/makesignpostid()
    public func makeSignpostID() -> OSSignpostID { OSSignpostID() }
    /// https://developer.apple.com/documentation/os/ossignposter/begininterval(_:id:_:)
    public func beginInterval(
        _ name: StaticString,
        id: OSSignpostID = .exclusive,
        _ message: OSLogMessage
    ) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    /// https://developer.apple.com/documentation/os/ossignposter/endinterval(_:_:_:)
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage) {}
    /// https://developer.apple.com/documentation/os/ossignposter/endinterval(_:_:)
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
    /// https://developer.apple.com/documentation/os/ossignposter/emitevent(_:id:_:)
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) {}
}

/// https://developer.apple.com/documentation/os/ossignpostid
@available(macOS 10.14, iOS 12.0, tvOS 12.0, watchOS 5.0, *)
public struct OSSignpostID: Sendable {
    init() {}
    /// https://developer.apple.com/documentation/os/ossignpostid/exclusive
    public static let exclusive = OSSignpostID()
}

/// https://developer.apple.com/documentation/os/ossignpostintervalstate
/// (a class, not `Sendable`).
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class OSSignpostIntervalState {
    init() {}
}

/// https://developer.apple.com/documentation/os/oslogmessage
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}

/// https://developer.apple.com/documentation/os/osloginterpolation
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    /// https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-1ryb6
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}
}

/// https://developer.apple.com/documentation/os/oslogstringalignment
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogStringAlignment: Sendable {
    /// https://developer.apple.com/documentation/os/oslogstringalignment/none
    public static var none: OSLogStringAlignment { OSLogStringAlignment() }
}

/// https://developer.apple.com/documentation/os/oslogprivacy
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogPrivacy: Sendable {
    /// https://developer.apple.com/documentation/os/oslogprivacy/auto
    public static var auto: OSLogPrivacy { OSLogPrivacy() }
    /// https://developer.apple.com/documentation/os/oslogprivacy/public
    public static var `public`: OSLogPrivacy { OSLogPrivacy() }
}
