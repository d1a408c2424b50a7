/// The frame loop behind the built-in animations.
enum TimedAnimation {
    /// About 60 frames per second.
    static let frameInterval = Duration.nanoseconds(16_666_667)

    /// Sleeps `delay`, then reports eased frames over `duration` until `1`.
    ///
    /// Deadlines are computed from the instant the container started the animation
    /// (``AnimationContext/start``), not from the previous wake-up nor from when this task
    /// first runs, so the animation does not drift, and a test clock advanced past the
    /// end in one step finishes it in one step.
    static func run(duration: Duration, delay: Duration, curve: AnimationCurve, context: AnimationContext) async throws
    {
        try await run(on: context.clock, duration: duration, delay: delay, curve: curve, context: context)
    }

    private static func run<C: Clock<Duration>>(
        on clock: C,
        duration: Duration,
        delay: Duration,
        curve: AnimationCurve,
        context: AnimationContext
    ) async throws {
        let begin = (context.start as? C.Instant ?? clock.now).advanced(by: delay)
        if delay > .zero {
            try await clock.sleep(until: begin, tolerance: nil)
        }
        guard duration > .zero else {
            context.report(1)
            return
        }
        context.report(curve.progress(at: 0))
        var elapsed = Duration.zero
        while elapsed < duration {
            elapsed = min(elapsed + frameInterval, duration)
            try await clock.sleep(until: begin.advanced(by: elapsed), tolerance: nil)
            context.report(curve.progress(at: elapsed / duration))
        }
    }
}
