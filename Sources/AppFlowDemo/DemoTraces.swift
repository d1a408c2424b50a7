import AppFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recorders of the storms, when `--trace` or `--timeline` asks for them, and the
/// files written from them.
final class DemoTraces: Sendable {
    let storm = FlowTraceRecorder()
    let auth = FlowTraceRecorder()
    let lock = FlowTraceRecorder()

    /// Writes the trace and the timeline `options` ask for, saying so on `console`; a file
    /// that cannot be written is said on `errors` and returns `false`.
    func write(options: DemoOptions, console: Console, errors: Console) async -> Bool {
        // The containers' transitions reach the recorders through their subscriptions,
        // a little after the acts returned.
        for recorder in [storm, auth, lock] {
            await Self.settle(recorder)
        }
        var written = true
        if let path = options.tracePath {
            let json = FlowTraceRecorder.chromeTrace([
                (name: "Act 2: login/logout storm", recorder: storm),
                (name: "Act 3: AuthFlow storm", recorder: auth),
                (name: "Act 4: app lock storm", recorder: lock),
            ])
            written = Self.write(json, to: path, what: "trace", console: console, errors: errors) && written
        }
        if let path = options.timelinePath {
            let svg = TimelineSVG(entries: auth.entries, title: "Act 3: AuthFlow storm (\(options.authTasks) calls)")
                .svg
            written = Self.write(svg, to: path, what: "timeline", console: console, errors: errors) && written
        }
        return written
    }

    /// Waits, for at most 2 s, until every transition begun on `recorder` has ended and
    /// nothing more arrived for 50 ms: the followers' buffers may still hold events while
    /// the counts balance between two transitions.
    private static func settle(_ recorder: FlowTraceRecorder) async {
        var last = -1
        for _ in 0..<40 {
            let entries = recorder.entries
            var open = 0
            for entry in entries {
                if case .transitionBegan = entry.event { open += 1 }
                if case .transitionEnded = entry.event { open -= 1 }
            }
            if open == 0, entries.count == last { return }
            last = entries.count
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private static func write(_ text: String, to path: String, what: String, console: Console, errors: Console) -> Bool
    {
        guard let file = fopen(path, "w") else {
            errors.line("appflow-demo: cannot write the \(what) to \(path)")
            return false
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            errors.line("appflow-demo: cannot write the \(what) to \(path)")
            return false
        }
        console.line("  \(what) written to \(path)")
        return true
    }
}
