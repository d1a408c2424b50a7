import AppFlow

/// A status line redrawn in place about ten times a second while an act runs, on a live
/// console only; elsewhere it writes nothing.
final class LiveStatus: Sendable {
    private let console: Console
    private let ticker: Task<Void, Never>?

    /// Starts redrawing `status()` on `console`, if it is live.
    init(console: Console, status: @escaping @Sendable () -> String) {
        self.console = console
        guard console.isTerminal else {
            ticker = nil
            return
        }
        ticker = Task {
            while !Task.isCancelled {
                console.redraw(status())
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Stops redrawing and clears the line, so the summary starts on a clean line.
    func stop() async {
        guard let ticker else { return }
        ticker.cancel()
        await ticker.value
        console.clearRedrawn()
    }
}

/// A counter that any task may bump and the status line reads.
struct Counter: Sendable {
    private let value = LockedValue(0)

    /// Adds one.
    func increment() { value.withLock { $0 += 1 } }

    /// The count now.
    var current: Int { value.withLock { $0 } }
}
