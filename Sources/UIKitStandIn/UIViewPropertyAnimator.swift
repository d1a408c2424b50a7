#if os(Linux)
import Foundation

/// Mirrors UIKit's `UIViewPropertyAnimator`: animations of views' properties, started,
/// stopped and finished by hand.
///
/// As in UIKit, `startAnimation()` runs the animation blocks at once, so the views'
/// properties read their end values while the animation shows, and an animator that is
/// not stopped ends by itself after its delay and `duration` (on ``UIKitTiming/clock``):
/// it becomes inactive and its completions run with `.end`. A call UIKit calls a
/// programmer error (starting a stopped animator, stopping an inactive one, finishing one
/// that is not stopped) traps.
@MainActor
open class UIViewPropertyAnimator: NSObject {
    /// Mirrors `UIViewPropertyAnimator.duration`.
    open private(set) var duration: TimeInterval
    /// Mirrors `UIViewAnimating.state`.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// Mirrors `UIViewAnimating.isRunning`.
    open var isRunning: Bool { state == .active }
    /// The curve given to the initialiser. Not in UIKit, which keeps it in
    /// `timingParameters`.
    public let curve: UIView.AnimationCurve
    /// The delay given to `startAnimation(afterDelay:)`. Not in UIKit.
    public private(set) var startDelay: TimeInterval = 0

    /// Counts the starts, so that an end timed for an earlier run ends nothing.
    private var runs = 0
    /// The task that ends the run by itself; cancelled when the animator is stopped, so
    /// that no task waits on the clock for an animator that is done.
    private var ending: Task<Void, Never>?
    private var animations: [@MainActor @Sendable () -> Void] = []
    private var completions: [@MainActor @Sendable (UIViewAnimatingPosition) -> Void] = []

    /// Mirrors `UIViewPropertyAnimator.init(duration:curve:animations:)`.
    public init(
        duration: TimeInterval,
        curve: UIView.AnimationCurve,
        animations: (@MainActor @Sendable () -> Void)? = nil
    ) {
        self.duration = duration
        self.curve = curve
        super.init()
        if let animations { self.animations.append(animations) }
    }

    /// Mirrors `UIViewPropertyAnimator.addAnimations(_:)`.
    open func addAnimations(_ animation: @escaping @MainActor @Sendable () -> Void) {
        animations.append(animation)
    }

    /// Mirrors `UIViewPropertyAnimator.addCompletion(_:)`.
    open func addCompletion(_ completion: @escaping @MainActor @Sendable (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Mirrors `UIViewAnimating.startAnimation()`.
    open func startAnimation() {
        precondition(state != .stopped, "startAnimation() on a stopped animator")
        guard state == .inactive else { return }
        state = .active
        runs += 1
        let blocks = animations
        animations = []
        for block in blocks { block() }
        let (run, length) = (runs, Duration.milliseconds(Int64(((startDelay + duration) * 1_000).rounded())))
        let wait = UIKitTiming.wait(for: length)
        ending = Task { @MainActor [weak self] in
            await wait()
            self?.endedByItself(run)
        }
    }

    /// Mirrors `UIViewAnimating.startAnimation(afterDelay:)`.
    open func startAnimation(afterDelay delay: TimeInterval) {
        startDelay = delay
        startAnimation()
    }

    /// The run `run` reached its end: if it is still running, the animator ends as UIKit's
    /// does, inactive, with its completions at `.end`.
    private func endedByItself(_ run: Int) {
        guard run == runs, state == .active else { return }
        ending = nil
        state = .inactive
        let blocks = completions
        completions = []
        for block in blocks { block(.end) }
    }

    /// Mirrors `UIViewAnimating.stopAnimation(_:)`: without finishing, the animator is
    /// inactive and no completion runs; otherwise it is stopped, waiting for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        precondition(state == .active, "stopAnimation(_:) on an animator that is not active")
        ending?.cancel()
        ending = nil
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { completions = [] }
    }

    /// Mirrors `UIViewAnimating.finishAnimation(at:)`: the animator becomes inactive and
    /// its completions run with `finalPosition`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        precondition(state == .stopped, "finishAnimation(at:) on an animator that is not stopped")
        state = .inactive
        let blocks = completions
        completions = []
        for block in blocks { block(finalPosition) }
    }
}

/// Mirrors UIKit's `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Mirrors `UIViewAnimatingState.inactive`.
    case inactive
    /// Mirrors `UIViewAnimatingState.active`.
    case active
    /// Mirrors `UIViewAnimatingState.stopped`.
    case stopped
}

/// Mirrors UIKit's `UIViewAnimatingPosition`.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// Mirrors `UIViewAnimatingPosition.end`.
    case end
    /// Mirrors `UIViewAnimatingPosition.start`.
    case start
    /// Mirrors `UIViewAnimatingPosition.current`.
    case current
}
#endif
