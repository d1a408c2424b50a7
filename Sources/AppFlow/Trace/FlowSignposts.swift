#if canImport(os)
@preconcurrency import os

/// A ``FlowTracer`` that shows a flow's calls, their child builds and preparations, and
/// its transitions as signpost intervals, so that they appear in Instruments (the
/// os_signpost and Points of Interest instruments) beside the app's own work.
///
/// Off by default; one line turns it on, `AuthFlow(provider: provider, splash: splash,
/// tracer: FlowSignposts())`, or, for a container, `FlowSignposts().follow(container,
/// track: "root")`. Apple platforms only: type-checked on Linux against transcribed `os`
/// declarations, compiled against `os` only by the macOS workflow (<doc:ApplePlatforms>).
public final class FlowSignposts: FlowTracer {
    private let signposter: OSSignposter
    /// The intervals begun and not yet ended, by key.
    private let intervals = LockedValue<[String: OSSignpostIntervalState]>([:])

    /// Signposts in `subsystem` and `category`: the names Instruments filters on.
    public init(subsystem: String = "AppFlow", category: String = "flow") {
        signposter = OSSignposter(subsystem: subsystem, category: category)
    }

    /// Begins or ends the interval `event` belongs to; admissions and frames are events.
    public func record(_ event: FlowTraceEvent) {
        switch event {
        case .callBegan(let number, let name):
            let text = "\(number) \(name)"
            let state = signposter.beginInterval("call", id: signposter.makeSignpostID(), "\(text, privacy: .public)")
            intervals.withLock { $0["call \(number)"] = state }
        case .callEnded(let number, let result):
            end("call \(number)") { signposter.endInterval("call", $0, "\(result, privacy: .public)") }
        case .workBegan(let number, let scene, let work):
            let text = "\(number) \(work) in \(scene)"
            let state = signposter.beginInterval("work", id: signposter.makeSignpostID(), "\(text, privacy: .public)")
            intervals.withLock { $0["work \(number) \(scene) \(work)"] = state }
        case .workEnded(let number, let scene, let work):
            end("work \(number) \(scene) \(work)") { signposter.endInterval("work", $0) }
        case .transitionBegan(let track, let id, let name):
            let text = "\(track) \(name)"
            let state = signposter.beginInterval(
                "transition",
                id: signposter.makeSignpostID(),
                "\(text, privacy: .public)"
            )
            intervals.withLock { $0["transition \(track) \(id)"] = state }
        case .transitionEnded(let track, let id, let interruption):
            let text = interruption ?? "ended"
            end("transition \(track) \(id)") { signposter.endInterval("transition", $0, "\(text, privacy: .public)") }
        case .admission(let number, let scene, let point, let admitted):
            let text = "\(number) \(admitted ? "admitted" : "refused") at \(point) in \(scene)"
            signposter.emitEvent("admission", "\(text, privacy: .public)")
        case .intentOpened(let number, let name):
            let text = "\(number) \(name)"
            let state = signposter.beginInterval("intent", id: signposter.makeSignpostID(), "\(text, privacy: .public)")
            intervals.withLock { $0["intent \(number)"] = state }
        case .intentDelivering(let number, let scene):
            let text = "\(number) in \(scene)"
            signposter.emitEvent("delivery", "\(text, privacy: .public)")
        case .intentEnded(let number, let result):
            end("intent \(number)") { signposter.endInterval("intent", $0, "\(result, privacy: .public)") }
        case .scheduleStep(let index, let label):
            let text = "\(index) \(label)"
            signposter.emitEvent("step", "\(text, privacy: .public)")
        case .frame:
            break
        }
    }

    /// Records `container`'s transitions on `track`, from now until it finishes.
    public func follow<Child>(_ container: FlowContainer<Child>, track: String) {
        container.traceTransitions(into: self, track: track)
    }

    /// Ends the interval under `key`, if one was begun: the state is taken under the lock
    /// and ended after it.
    private func end(_ key: String, _ ending: (OSSignpostIntervalState) -> Void) {
        if let state = intervals.withLock({ $0.removeValue(forKey: key) }) {
            ending(state)
        }
    }
}
#endif
