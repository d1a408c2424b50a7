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

    /// Sleeps on ``clock`` for `duration`; a cancelled sleep returns early.
    static func sleep(for duration: Duration) async {
        let clock: any Clock<Duration> = Self.clock
        try? await sleep(on: clock, for: duration)
    }

    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
#endif
