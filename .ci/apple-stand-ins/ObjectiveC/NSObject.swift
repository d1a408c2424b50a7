// The ObjectiveC module's root class, which Foundation and UIKit re-export. A module of
// this name, so that the compiler treats `NSObject` as it treats Apple's: a main-actor
// class that inherits from it is `Sendable`. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/objectivec/nsobject-swift.class
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSObject: NSObjectProtocol, Hashable {
    public init() {}
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// https://developer.apple.com/documentation/objectivec/nsobjectprotocol
public protocol NSObjectProtocol: AnyObject {}
