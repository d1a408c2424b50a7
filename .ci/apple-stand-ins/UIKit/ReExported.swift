// What `import UIKit` makes visible from Foundation and CoreGraphics (UIKit re-exports
// them, and ObjectiveC, the stand-in beside this one), limited to what AppFlow uses.
// Declarations only; see ../README.md.

@_exported import ObjectiveC

/// https://developer.apple.com/documentation/foundation/nscoder
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NSCoder: NSObject {}

/// https://developer.apple.com/documentation/foundation/bundle
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class Bundle: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/foundation/timeinterval
public typealias TimeInterval = Double

/// https://developer.apple.com/documentation/foundation/notification
public struct Notification: Sendable {
    /// https://developer.apple.com/documentation/foundation/nsnotification/name
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// https://developer.apple.com/documentation/foundation/notification/name-swift.property
    public var name: Name
    /// https://developer.apple.com/documentation/foundation/notification/object
    public var object: Any? { nil }
}

/// https://developer.apple.com/documentation/foundation/processinfo
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class ProcessInfo: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/foundation/processinfo/processinfo
    open class var processInfo: ProcessInfo { ProcessInfo() }
    /// https://developer.apple.com/documentation/foundation/processinfo/environment
    open var environment: [String: String] { [:] }
}

/// https://developer.apple.com/documentation/foundation/operationqueue
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class OperationQueue: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/foundation/notificationcenter
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class NotificationCenter: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/foundation/notificationcenter/default
    open class var `default`: NotificationCenter { NotificationCenter() }

    /// https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(forname:object:queue:using:)
    /// (the block is `@Sendable` since the iOS 18 SDK).
    @available(iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    open func addObserver(
        forName name: Notification.Name?,
        object obj: Any?,
        queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol { NSObject() }

    /// https://developer.apple.com/documentation/foundation/notificationcenter/removeobserver(_:)
    open func removeObserver(_ observer: Any) {}
}

/// https://developer.apple.com/documentation/corefoundation/cgfloat
public struct CGFloat: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/native
    public var native: Double
    public init(_ value: Double) { native = value }
    public init(_ value: Int) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { lhs.native < rhs.native }
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native + rhs.native) }
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native - rhs.native) }
    public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native * rhs.native) }
    public static func / (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native / rhs.native) }
    public static func += (lhs: inout CGFloat, rhs: CGFloat) { lhs = lhs + rhs }
}

/// https://developer.apple.com/documentation/corefoundation/cgpoint
public struct CGPoint: Sendable, Hashable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
    /// https://developer.apple.com/documentation/corefoundation/cgpoint/zero
    public static var zero: CGPoint { CGPoint(x: 0, y: 0) }
}

/// https://developer.apple.com/documentation/corefoundation/cgsize
public struct CGSize: Sendable, Hashable {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) { (self.width, self.height) = (width, height) }
    /// https://developer.apple.com/documentation/corefoundation/cgsize/zero
    public static var zero: CGSize { CGSize(width: 0, height: 0) }
}

/// https://developer.apple.com/documentation/corefoundation/cgrect
public struct CGRect: Sendable, Hashable {
    public var origin: CGPoint
    public var size: CGSize
    public init(origin: CGPoint, size: CGSize) { (self.origin, self.size) = (origin, size) }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/zero
    public static var zero: CGRect { CGRect(origin: .zero, size: .zero) }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/width
    public var width: CGFloat { size.width }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/height
    public var height: CGFloat { size.height }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/offsetby(dx:dy:)
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(origin: CGPoint(x: origin.x + dx, y: origin.y + dy), size: size)
    }
}
