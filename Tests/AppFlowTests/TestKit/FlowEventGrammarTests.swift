import AppFlow
import AppFlowTesting
import Testing

/// `FlowEventGrammar`, the oracle many tests check event logs with: a well-formed log has
/// no violation, and each rule, broken once, is reported.
@Suite struct FlowEventGrammarTests {
    static func transition(_ id: UInt64, animated: Bool = false, interrupted: Bool = false) -> Transition<Int> {
        Transition(
            id: TransitionID(rawValue: id),
            from: 0,
            to: Int(id),
            animation: animated ? .fade() : .immediate,
            interruption: interrupted ? .overlap : nil
        )
    }

    static func will(_ id: UInt64) -> FlowEvent<Int> { .willTransition(transition(id)) }
    static func did(_ id: UInt64) -> FlowEvent<Int> { .didTransition(transition(id)) }

    @Test func aWellFormedLogHasNoViolation() {
        let fade = Self.transition(3, animated: true)
        let events: [FlowEvent<Int>] = [
            Self.will(1), Self.did(1), Self.will(2), Self.did(2),
            .willTransition(fade), .progress(fade, fraction: 0.5), .progress(fade, fraction: 1), .didTransition(fade),
        ]
        #expect(FlowEventGrammar.violations(in: events, isComplete: true).isEmpty)
    }

    /// Each broken rule, and the report it gets.
    static let broken: [(name: String, events: [FlowEvent<Int>], report: String)] = [
        ("a repeated id", [will(1), did(1), will(1), did(1)], "event 2: id #1 does not increase after #1"),
        ("a smaller id", [will(2), did(2), will(1), did(1)], "event 2: id #1 does not increase after #2"),
        ("a will while one is open", [will(1), will(2), did(2)], "event 1: will #2 while #1 is still open"),
        ("a did without its will", [did(1)], "event 0: did #1 without its will"),
        (
            "a will that carries an interruption", [.willTransition(transition(1, interrupted: true)), did(1)],
            "event 0: will #1 carries an interruption"
        ),
        (
            "progress outside its will and did", [.progress(transition(1), fraction: 0.5)],
            "event 0: progress of #1 outside its will/did"
        ),
        (
            "progress out of range", [will(1), .progress(transition(1), fraction: 1.5), did(1)],
            "event 1: progress 1.5 out of 0...1"
        ),
        (
            "an animated transition without a final frame",
            [.willTransition(transition(1, animated: true)), .didTransition(transition(1, animated: true))],
            "event 1: animated #1 ended without a final frame of 1"
        ),
    ]

    @Test(arguments: broken.indices)
    func eachBrokenRuleIsReported(_ index: Int) {
        let (name, events, report) = Self.broken[index]
        #expect(FlowEventGrammar.violations(in: events, isComplete: true) == [report], "\(name)")
    }
}
