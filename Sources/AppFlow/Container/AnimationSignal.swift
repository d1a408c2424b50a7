/// The channel from a running animation to the transition that waits for it.
///
/// The animator task sends frames, and whoever ends the animation first (the animator
/// returning or throwing, an interrupting request, `finish()`, or the watchdog) sends
/// the end; later ends and frames are ignored. The transition reads it with ``next()``,
/// which ignores task cancellation: a running transition always completes.
final class AnimationSignal: Sendable {
    /// What ``next()`` returns.
    enum Event: Sendable {
        /// The latest progress frame not yet read.
        case frame(Double)
        /// The animation is over; no frame follows.
        case end(AnimationEnd)
    }

    private struct State: Sendable {
        /// The newest frame not yet read.
        var frame: Double?
        /// Set once, by the first end.
        var end: AnimationEnd?
        /// What the animator threw, when it ended the animation by throwing.
        var error: (any Error)?
        /// The reader, while it waits.
        var reader: CheckedContinuation<Event, Never>?
        /// The hash of the animator's task, once it runs.
        var animatorTaskHash: Int?
    }

    private let state = LockedValue(State())

    /// Whether the animation has ended.
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    /// The error the animator threw, if its throw ended the animation.
    var error: (any Error)? { state.withLock { $0.error } }

    /// The hash of the animator's task, to recognise `cycle` calls made from it.
    var animatorTaskHash: Int? { state.withLock { $0.animatorTaskHash } }

    /// Called first thing by the animator's task.
    func animatorStarted(_ taskHash: Int?) {
        state.withLock { $0.animatorTaskHash = taskHash }
    }

    /// Sends a frame; ignored once ended.
    func frame(_ fraction: Double) {
        let reader: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard state.end == nil else { return nil }
            if let reader = state.reader {
                state.reader = nil
                return reader
            }
            state.frame = fraction
            return nil
        }
        reader?.resume(returning: .frame(fraction))
    }

    /// Ends the animation; only the first end counts.
    func end(_ end: AnimationEnd) {
        finish(end, error: nil)
    }

    /// Ends the animation as ``AnimationEnd/failed`` with `error`, unless it has ended.
    func fail(_ error: any Error) {
        finish(.failed, error: error)
    }

    private func finish(_ end: AnimationEnd, error: (any Error)?) {
        let reader: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard state.end == nil else { return nil }
            state.end = end
            state.error = error
            // A waiting reader has no unread frame, or it would not be waiting.
            let reader = state.reader
            state.reader = nil
            return reader
        }
        reader?.resume(returning: .end(end))
    }

    /// The next frame, or the end. Unread frames come before the end.
    func next() async -> Event {
        await withCheckedContinuation { (continuation: CheckedContinuation<Event, Never>) in
            let ready: Event? = state.withLock { state in
                if let frame = state.frame {
                    state.frame = nil
                    return .frame(frame)
                }
                if let end = state.end {
                    return .end(end)
                }
                precondition(state.reader == nil, "Internal inconsistency: two readers of one animation")
                state.reader = continuation
                return nil
            }
            if let ready {
                continuation.resume(returning: ready)
            }
        }
    }
}
