#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIView`: a frame, an alpha and a place in a view hierarchy.
///
/// `addSubview(_:)` and `removeFromSuperview()` are recorded in ``UIKitCallLog``.
@MainActor
open class UIView: UIResponder {
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
    /// Mirrors `UIView.autoresizingMask`; the stand-in lays nothing out.
    open var autoresizingMask: AutoresizingMask = []
    /// Mirrors `UIAccessibilityIdentification.accessibilityIdentifier`; the stand-in logs
    /// the view under it.
    open var accessibilityIdentifier: String?

    /// Mirrors `UIView.superview`.
    open var superview: UIView? { parentView }
    /// Mirrors `UIView.subviews`, back to front.
    open var subviews: [UIView] { childViews }

    private weak var parentView: UIView?
    private var childViews: [UIView] = []
    /// The view controller that loaded this view, for its name in the log.
    weak var owningViewController: UIViewController?

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
        record("addSubview(\(view.logName))")
        adopt(view)
    }

    /// Mirrors `UIView.removeFromSuperview()`.
    open func removeFromSuperview() {
        record("removeFromSuperview()")
        detach()
    }

    /// Moves `view` here without recording it: UIKit's own moves.
    func adopt(_ view: UIView) {
        view.detach()
        childViews.append(view)
        view.parentView = self
    }

    private func detach() {
        parentView?.childViews.removeAll { $0 === self }
        parentView = nil
    }

    override var logName: String {
        accessibilityIdentifier ?? owningViewController.map { "\($0.logName).view" } ?? "UIView"
    }
}
#endif
