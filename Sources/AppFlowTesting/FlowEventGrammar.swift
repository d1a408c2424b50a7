import AppFlow

/// The rules every ``FlowContainer`` event log obeys, as a checker.
public enum FlowEventGrammar {
    /// The rule breaks in `events`; empty when the log is well formed.
    ///
    /// The rules: each transition opens with one `willTransition` and closes with one
    /// `didTransition` of the same id; only its own progress frames fall in between,
    /// each in `0...1`, and an animated transition's last frame is `1`; ids strictly
    /// increase; the `will` carries no interruption. When `isComplete` is set (the stream
    /// ended), no transition may be left open.
    public static func violations<Child>(in events: [FlowEvent<Child>], isComplete: Bool) -> [String] {
        var problems: [String] = []
        var open: Transition<Child>?
        var lastFrame: Double?
        var lastID: TransitionID?
        for (index, event) in events.enumerated() {
            switch event {
            case .willTransition(let transition):
                if let open {
                    problems.append("event \(index): will \(transition.id) while \(open.id) is still open")
                }
                if let lastID, transition.id <= lastID {
                    problems.append("event \(index): id \(transition.id) does not increase after \(lastID)")
                }
                if transition.interruption != nil {
                    problems.append("event \(index): will \(transition.id) carries an interruption")
                }
                open = transition
                lastID = transition.id
                lastFrame = nil
            case .progress(let transition, let fraction):
                if open?.id != transition.id {
                    problems.append("event \(index): progress of \(transition.id) outside its will/did")
                }
                if !(0...1).contains(fraction) {
                    problems.append("event \(index): progress \(fraction) out of 0...1")
                }
                lastFrame = fraction
            case .didTransition(let transition):
                if open?.id != transition.id {
                    problems.append("event \(index): did \(transition.id) without its will")
                } else if transition.animation.kind != .immediate && lastFrame != 1 {
                    problems.append("event \(index): animated \(transition.id) ended without a final frame of 1")
                }
                open = nil
            }
        }
        if isComplete, let open {
            problems.append("transition \(open.id) never ended")
        }
        return problems
    }
}
