#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIView`: a frame, an alpha, visibility, interaction, layout direction
/// and a place in a view hierarchy.
@MainActor
open class UIView: UIResponder {
    /// Mirrors `UIView.AnimationCurve`.
    public enum AnimationCurve: Int, Sendable {
        /// Mirrors `UIView.AnimationCurve.easeInOut`.
        case easeInOut
        /// Mirrors `UIView.AnimationCurve.easeIn`.
        case easeIn
        /// Mirrors `UIView.AnimationCurve.easeOut`.
        case easeOut
        /// Mirrors `UIView.AnimationCurve.linear`.
        case linear
    }

    /// Mirrors `UIView.AutoresizingMask`, with the two options the glue uses.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// Mirrors `UIView.AutoresizingMask.rawValue`.
        public let rawValue: UInt

        /// Mirrors `UIView.AutoresizingMask.init(rawValue:)`.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Mirrors `UIView.AutoresizingMask.flexibleWidth`.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// Mirrors `UIView.AutoresizingMask.flexibleHeight`.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    /// Mirrors `UIView.frame`. A change of size resizes the subviews that have a flexible
    /// width or height by as much, as UIKit's autoresizing does.
    open var frame: CGRect {
        didSet {
            let (dx, dy) = (frame.width - oldValue.width, frame.height - oldValue.height)
            guard dx != 0 || dy != 0 else { return }
            for view in childViews {
                var resized = view.frame
                resized.size.width += view.autoresizingMask.contains(.flexibleWidth) ? dx : 0
                resized.size.height += view.autoresizingMask.contains(.flexibleHeight) ? dy : 0
                view.frame = resized
            }
        }
    }
    /// Mirrors `UIView.bounds`: here always the frame's size at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// Mirrors `UIView.alpha`.
    open var alpha: CGFloat = 1
    /// Mirrors `UIView.isHidden`.
    open var isHidden = false
    /// Mirrors `UIView.backgroundColor`.
    open var backgroundColor: UIColor?
    /// Mirrors `UIView.isUserInteractionEnabled`: `true` for a plain view.
    open var isUserInteractionEnabled = true
    /// Mirrors `UIView.autoresizingMask`; the stand-in lays nothing out.
    open var autoresizingMask: AutoresizingMask = []
    /// Mirrors `UIAccessibilityIdentification.accessibilityIdentifier`.
    open var accessibilityIdentifier: String?
    /// Mirrors `NSObject.accessibilityElementsHidden` (UIAccessibility's informal protocol).
    open var accessibilityElementsHidden = false
    /// Mirrors `NSObject.accessibilityViewIsModal`: VoiceOver ignores this view's siblings.
    open var accessibilityViewIsModal = false
    /// Mirrors `UIView.semanticContentAttribute`.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// Mirrors `UIView.effectiveUserInterfaceLayoutDirection`: here right to left only when
    /// this view's ``semanticContentAttribute`` forces it (the stand-in has no language).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        semanticContentAttribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

    /// Mirrors `UIView.superview`.
    open var superview: UIView? { parentView }
    /// Mirrors `UIView.window`: the window this view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }
    /// Mirrors `UIView.subviews`, back to front.
    open var subviews: [UIView] { childViews }

    private weak var parentView: UIView?
    private var childViews: [UIView] = []

    /// Mirrors `UIView.init(frame:)`.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Mirrors `UIView.init()`: a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Mirrors `UIView.addSubview(_:)`: moves `view` here, in front of the other subviews.
    open func addSubview(_ view: UIView) {
        adopt(view)
    }

    /// Mirrors `UIView.removeFromSuperview()`.
    open func removeFromSuperview() {
        detach()
    }

    /// Mirrors `UIView.endEditing(_:)`: asks this view and its subviews to resign the first
    /// responder; with `force`, resigns without asking. Returns whether one resigned.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        var resigned = isFirstResponder && resignFirstResponder()
        for view in childViews where view.endEditing(force) {
            resigned = true
        }
        return resigned
    }

    /// Moves `view` here without calling `addSubview(_:)`: UIKit's own moves. At `index`
    /// among the subviews (0 is the back), or in front.
    func adopt(_ view: UIView, at index: Int? = nil) {
        view.detach()
        childViews.insert(view, at: min(index ?? childViews.count, childViews.count))
        view.parentView = self
    }

    /// Leaves the superview without calling `removeFromSuperview()`: UIKit's own moves.
    func detach() {
        parentView?.childViews.removeAll { $0 === self }
        parentView = nil
    }

}

/// Mirrors UIKit's `UIUserInterfaceLayoutDirection`.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Mirrors `UIUserInterfaceLayoutDirection.leftToRight`.
    case leftToRight
    /// Mirrors `UIUserInterfaceLayoutDirection.rightToLeft`.
    case rightToLeft
}

/// Mirrors UIKit's `UISemanticContentAttribute`, with the cases the tests use.
public enum UISemanticContentAttribute: Int, Sendable {
    /// Mirrors `UISemanticContentAttribute.unspecified`.
    case unspecified
    /// Mirrors `UISemanticContentAttribute.forceLeftToRight`.
    case forceLeftToRight = 3
    /// Mirrors `UISemanticContentAttribute.forceRightToLeft`.
    case forceRightToLeft = 4
}
#endif
