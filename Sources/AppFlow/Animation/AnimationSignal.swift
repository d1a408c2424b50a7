/// The channel from a running animation to the transition that waits for it.
///
/// The animator task sends frames, and whoever ends the animation first (the animator
/// returning or throwing, an interrupting request, `finish()`, or the watchdog) sends
/// the end; later ends and frames are ignored. The transition reads it with ``next()``,
/// which ignores task cancellation: a running transition always completes.
final class AnimationSignal: Sendable {
    /// How an animation ended.
    enum End: Sendable {
        /// The animator returned.
        case finished
        /// The container cut it short; its state machine knows why.
        case cutShort
        /// The watchdog cut it short.
        case watchdog
        /// The animator threw this error.
        case failed(any Error)

        /// The same end, as the state machine takes it.
        var kind: ContainerMachine.AnimationEnd {
            switch self {
            case .finished: return .finished
            case .cutShort: return .cutShort
            case .watchdog: return .watchdog
            case .failed: return .failed
            }
        }

        /// The animator's error, if it threw.
        var error: (any Error)? {
            switch self {
            case .failed(let error): return error
            case .finished, .cutShort, .watchdog: return nil
            }
        }
    }

    /// What ``next()`` returns.
    enum Event: Sendable {
        /// The latest progress frame not yet read.
        case frame(Double)
        /// The animation is over; no frame follows.
        case end(End)
    }

    private struct State: Sendable {
        /// The newest frame not yet read.
        var frame: Double?
        /// Set once, by the first `end`.
        var end: End?
        /// The reader, while it waits.
        var reader: CheckedContinuation<Event, Never>?
        /// The identity of the animator's task, once it runs.
        var animatorTask: Int?
    }

    private let state = LockedValue(State())

    /// Whether the animation has ended.
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    /// The identity of the animator's task, to recognise `cycle` calls made from it.
    var animatorTask: Int? { state.withLock { $0.animatorTask } }

    /// Called first thing by the animator's task.
    func animatorStarted(_ task: Int?) {
        state.withLock { $0.animatorTask = task }
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

    /// Ends the animation; only the first call counts.
    func end(_ end: End) {
        let reader: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard state.end == nil else { return nil }
            state.end = end
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
