// SwiftUI's view declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/swiftui/view
/// (`@MainActor @preconcurrency` since the iOS 18 SDK).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@MainActor
@preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder
    @MainActor
    @preconcurrency
    var body: Self.Body { get }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// A modified view: the stand-in's one result type for every modifier below (SwiftUI's
/// modifiers return `some View`, which is all a caller sees).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct _StandInModified<Content: View>: View {
    init(_ content: Content) {}
    public var body: Never { fatalError() }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/id(_:)
    public func id<ID: Hashable>(_ id: ID) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/zindex(_:)
    public func zIndex(_ value: Double) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/transition(_:)-5h5h0
    public func transition(_ t: AnyTransition) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    public func opacity(_ opacity: Double) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/offset(x:y:)
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/allowshittesting(_:)
    public func allowsHitTesting(_ enabled: Bool) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityHidden(_ hidden: Bool) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _StandInModified(self) }
    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-8wgw9
    /// (the form whose action takes no values).
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some View { _StandInModified(self) }
}

/// https://developer.apple.com/documentation/swiftui/zstack
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct ZStack<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/alignment
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct Alignment: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment()
}

/// https://developer.apple.com/documentation/swiftui/edge
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
}

/// https://developer.apple.com/documentation/corefoundation/cgfloat, which SwiftUI
/// re-exports from CoreGraphics (here a stand-in of the few operations AppFlow needs).
public struct CGFloat: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var native: Double
    public init(_ value: Double) { native = value }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native * rhs.native) }
}

/// https://developer.apple.com/documentation/corefoundation/cgsize, re-exported likewise.
public struct CGSize: Sendable, Hashable {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) { (self.width, self.height) = (width, height) }
}

/// https://developer.apple.com/documentation/swiftui/geometryreader
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct GeometryReader<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/geometryreader/init(content:)
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/geometryproxy
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct GeometryProxy {
    /// https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { CGSize(width: 0, height: 0) }
}

/// https://developer.apple.com/documentation/swiftui/foreach
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-90y7j
    /// (data whose elements are `Identifiable`).
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable {}
}
