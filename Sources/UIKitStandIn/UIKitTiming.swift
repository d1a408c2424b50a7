#if os(Linux)
/// How long UIKit's animations take in the stand-in, and on which clock. Not in UIKit,
/// whose animations run on the display's clock.
///
/// An animated presentation or dismissal ends, with its `viewDidAppear(_:)` or
/// `viewDidDisappear(_:)` and its completion, ``transitionDuration`` after it began; a
/// property animator ends by itself after its delay and duration. UIKit documents no
/// length for a modal transition; a third of a second is the stand-in's choice. A test
/// that must see a transition at a given moment runs its work with a manual clock of its
/// own: `UIKitTiming.$clock.withValue(clock) { ... }` (tasks made inside inherit it).
public enum UIKitTiming {
    /// The clock UIKit's animations run on; real time unless a test sets one.
    @TaskLocal public static var clock: any Clock<Duration> = ContinuousClock()

    /// How long an animated presentation or dismissal takes.
    public static let transitionDuration: Duration = .milliseconds(350)

    /// A wait on ``clock`` that ends `duration` from now: the deadline is fixed when this is
    /// called, as an animation's end is when UIKit starts it, not when the task that waits
    /// first runs (on a busy machine that came after a test had moved its manual clock on,
    /// and the animation then ended a whole duration late, 2026-12-02). A cancelled wait
    /// returns early.
    static func wait(for duration: Duration) -> @Sendable () async -> Void {
        let clock: any Clock<Duration> = Self.clock
        return wait(on: clock, for: duration)
    }

    private static func wait<C: Clock<Duration>>(on clock: C, for duration: Duration) -> @Sendable () async -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try? await clock.sleep(until: deadline, tolerance: nil) }
    }
}
#endif
