// UIKit's property-animator declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
@available(iOS 10.0, tvOS 10.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIViewPropertyAnimator: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/init(duration:curve:animations:)
    public convenience init(
        duration: TimeInterval,
        curve: UIView.AnimationCurve,
        animations: (() -> Void)? = nil
    ) { self.init() }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/duration
    open var duration: TimeInterval { 0 }
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/state
    open var state: UIViewAnimatingState { .inactive }
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/isrunning
    open var isRunning: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addanimations(_:)
    open func addAnimations(_ animation: @escaping () -> Void) {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addcompletion(_:)
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/startanimation()
    open func startAnimation() {}
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/startanimation(afterdelay:)
    open func startAnimation(afterDelay delay: TimeInterval) {}
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/stopanimation(_:)
    open func stopAnimation(_ withoutFinishing: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/finishanimation(at:)
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingstate
@available(iOS 10.0, tvOS 10.0, *)
@available(watchOS, unavailable)
public enum UIViewAnimatingState: Int, @unchecked Sendable {
    case inactive = 0
    case active = 1
    case stopped = 2
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingposition
@available(iOS 10.0, tvOS 10.0, *)
@available(watchOS, unavailable)
public enum UIViewAnimatingPosition: Int, @unchecked Sendable {
    case end = 0
    case start = 1
    case current = 2
}
