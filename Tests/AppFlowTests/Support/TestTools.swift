import AppFlow
import AppFlowTesting
import Testing

/// A counter that also remembers the largest value it reached.
final class PeakCounter: Sendable {
    private let state = LockedValue((current: 0, peak: 0, total: 0))

    func enter() {
        state.withLock { state in
            state.current += 1
            state.total += 1
            state.peak = max(state.peak, state.current)
        }
    }

    func leave() {
        state.withLock { $0.current -= 1 }
    }

    var current: Int { state.withLock { $0.current } }
    var peak: Int { state.withLock { $0.peak } }
    var total: Int { state.withLock { $0.total } }
}

/// A log the tests append to from any task.
final class Log<Entry: Sendable>: Sendable {
    private let entries = LockedValue<[Entry]>([])

    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
    func removeAll() { entries.withLock { $0.removeAll() } }
}

/// A custom animation that holds each transition open until `gate` opens, and counts how
/// many run at once.
func gatedAnimation(
    _ gate: Gate,
    counter: PeakCounter = PeakCounter(),
    duration: Duration? = nil
) -> TransitionAnimation {
    .custom(name: "gated", duration: duration) { (_: Screen, _: Screen, _) in
        counter.enter()
        await gate.pass()
        counter.leave()
    }
}

/// Expects the exit test's `result` to have printed a state machine's "Internal
/// inconsistency" trap; only debug builds print it, optimised ones trap silently.
func expectInternalInconsistency(
    in result: ExitTest.Result?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #if DEBUG
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Internal inconsistency"), sourceLocation: sourceLocation)
    #endif
}
