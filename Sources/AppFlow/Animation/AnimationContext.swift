/// What an animation gets from the container while it runs.
public struct AnimationContext: Sendable {
    /// The container's clock; sleep on it so that tests can drive time.
    public let clock: any Clock<Duration>
    /// The transition being animated.
    public let transitionID: TransitionID
    let signal: AnimationSignal
    /// The instant on ``clock`` at which the container started the animation, read
    /// before the animator's task exists: the built-in animations and the watchdog count
    /// from it, so their timeline does not depend on when that task first runs.
    let start: any InstantProtocol<Duration>

    init(clock: any Clock<Duration>, transitionID: TransitionID, signal: AnimationSignal) {
        self.clock = clock
        self.transitionID = transitionID
        self.signal = signal
        self.start = clock.now
    }

    /// Reports a progress frame.
    ///
    /// Frames reach the stage and subscribers in order. A value that is not finite is
    /// dropped; a finite value is clamped to `0...1`. Frames reported while the stage is
    /// still busy with an earlier one are coalesced to the latest. Frames reported after
    /// the animation was cut short are dropped. It never blocks.
    public func report(_ fraction: Double) {
        guard fraction.isFinite else { return }
        signal.frame(min(max(fraction, 0), 1))
    }

    /// Whether the container has ended this animation (it was cut short or overran).
    public var isCutShort: Bool { signal.hasEnded }
}

/// ``AnimationContext``, under a name that does not clash with SwiftUI's
/// `AnimationContext` in a file that imports both.
public typealias FlowAnimationContext = AnimationContext
