// UIKit's view declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiview
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/animationcurve
    public enum AnimationCurve: Int, @unchecked Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3
    }

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    public struct AutoresizingMask: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var flexibleWidth: AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
        public static var flexibleHeight: AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {}
    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/alpha
    open var alpha: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    open var isHidden: Bool = false
    /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled
    open var isUserInteractionEnabled: Bool = true
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
    open var autoresizingMask: AutoresizingMask = []
    /// https://developer.apple.com/documentation/uikit/uiview/semanticcontentattribute
    @available(iOS 9.0, tvOS 9.0, *)
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// https://developer.apple.com/documentation/uikit/uiview/effectiveuserinterfacelayoutdirection
    @available(iOS 10.0, tvOS 10.0, *)
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    /// https://developer.apple.com/documentation/uikit/uiview/superview
    open var superview: UIView? { nil }
    /// https://developer.apple.com/documentation/uikit/uiview/subviews
    open var subviews: [UIView] { [] }
    /// https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { nil }

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {}
    /// https://developer.apple.com/documentation/uikit/uiview/bringsubviewtofront(_:)
    open func bringSubviewToFront(_ view: UIView) {}
    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    open func removeFromSuperview() {}
    /// https://developer.apple.com/documentation/uikit/uiview/isdescendant(of:)
    open func isDescendant(of view: UIView) -> Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
    /// https://developer.apple.com/documentation/uikit/uiview/endediting(_:)
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiaccessibilityidentification/accessibilityidentifier
    @available(iOS 5.0, tvOS 9.0, *)
    open var accessibilityIdentifier: String?
}

@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
extension NSObject {
    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/accessibilityelementshidden
    /// (UIKit's informal accessibility protocol on `NSObject`).
    @available(iOS 5.0, tvOS 9.0, *)
    @MainActor
    public var accessibilityElementsHidden: Bool {
        get { false }
        set {}
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/accessibilityviewismodal
    @available(iOS 5.0, tvOS 9.0, *)
    @MainActor
    public var accessibilityViewIsModal: Bool {
        get { false }
        set {}
    }
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
@available(iOS 5.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public enum UIUserInterfaceLayoutDirection: Int, @unchecked Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// https://developer.apple.com/documentation/uikit/uisemanticcontentattribute
@available(iOS 9.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public enum UISemanticContentAttribute: Int, @unchecked Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

/// https://developer.apple.com/documentation/uikit/uievent
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIEvent: NSObject {}
