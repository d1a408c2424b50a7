import Foundation
import Testing

@testable import AppFlow

/// `FlowViewStateMachine` as a complete table: every named state × every input, each line
/// `state × input → action ⇒ resulting state`, kept in `FlowViewStateMachineTable.txt` and
/// checked line for line, with the invariants checked after every row.
@Suite struct FlowViewStateMachineTableTests {
    typealias Machine = FlowViewStateMachine<String>
    static let fade = TransitionAnimation.fade(duration: .milliseconds(200))
    static let margin = Duration.seconds(1)
    static let current = TransitionID(rawValue: 1)

    /// The named states, each reached from a new machine by the container's and the
    /// view's own inputs.
    enum State: String, CaseIterable, Sendable {
        case initialNoView, initialOneView
        case fadeMountedNoView, fadeMountedOneView, fadeMountedTwoViews
        case fadeCompletedEarly, fadeWaiting, immediateMountedOneView

        func make() -> Machine {
            var machine = Machine(initial: "a")
            let views: Int
            switch self {
            case .initialNoView, .fadeMountedNoView: views = 0
            case .fadeMountedTwoViews: views = 2
            default: views = 1
            }
            _ = machine.viewsChanged(by: views)
            switch self {
            case .initialNoView, .initialOneView:
                break
            case .immediateMountedOneView:
                machine.mounted(FlowViewStateMachineTableTests.current, to: "b", animation: .immediate)
            default:
                machine.mounted(
                    FlowViewStateMachineTableTests.current,
                    to: "b",
                    animation: FlowViewStateMachineTableTests.fade
                )
            }
            switch self {
            case .fadeCompletedEarly:
                _ = machine.viewCompleted(machine.frame.identity)
            case .fadeWaiting:
                _ = machine.unmounting(
                    FlowViewStateMachineTableTests.current,
                    interrupted: false,
                    margin: FlowViewStateMachineTableTests.margin
                )
            default:
                break
            }
            return machine
        }
    }

    /// Every input the container or a view can send.
    enum Input: String, CaseIterable, Sendable {
        case mountNextFade, mountNextImmediate
        case unmountCurrent, unmountCurrentInterrupted, unmountOlder
        case viewCompletedCurrent, viewCompletedOlder
        case limitOfCurrent, limitOfOlder
        case viewAppears, viewDisappears
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let state: State
        let input: Input
        var key: String { "\(state.rawValue) × \(input.rawValue)" }
        var testDescription: String { key }
    }

    /// Every state × every input the container's contract (`FlowStage`) allows there: a
    /// transition is unmounted once, so while its unmount waits nothing is mounted or
    /// unmounted.
    static let rows: [Row] = State.allCases.flatMap { state in
        Input.allCases.compactMap { input in
            let stageCall: Set<Input> = [
                .mountNextFade, .mountNextImmediate, .unmountCurrent, .unmountCurrentInterrupted, .unmountOlder,
            ]
            if state == .fadeWaiting, stageCall.contains(input) { return nil }
            return Row(state: state, input: input)
        }
    }

    static func apply(_ input: Input, to machine: inout Machine) -> String {
        let older = TransitionID(rawValue: 0)
        switch input {
        case .mountNextFade:
            machine.mounted(TransitionID(rawValue: 2), to: "c", animation: fade)
            return "show \(machine.frame.identity)"
        case .mountNextImmediate:
            machine.mounted(TransitionID(rawValue: 2), to: "c", animation: .immediate)
            return "show \(machine.frame.identity)"
        case .unmountCurrent:
            return "\(machine.unmounting(current, interrupted: false, margin: margin))"
        case .unmountCurrentInterrupted:
            return "\(machine.unmounting(current, interrupted: true, margin: margin))"
        case .unmountOlder:
            return "\(machine.unmounting(older, interrupted: false, margin: margin))"
        case .viewCompletedCurrent:
            return "\(machine.viewCompleted(machine.frame.identity))"
        case .viewCompletedOlder:
            return "\(machine.viewCompleted(FlowViewIdentity(rawValue: 0)))"
        case .limitOfCurrent:
            return "\(machine.limitReached(current))"
        case .limitOfOlder:
            return "\(machine.limitReached(older))"
        case .viewAppears:
            return "\(machine.viewsChanged(by: 1))"
        case .viewDisappears:
            return "\(machine.viewsChanged(by: -1))"
        }
    }

    static func snapshot(_ machine: Machine) -> String {
        let waiting = machine.waiting.map { "\($0)" } ?? "-"
        let early = machine.completedEarly.map { "\($0)" } ?? "-"
        return "frame \(machine.frame.identity) of \(machine.frame.transition.map { "\($0)" } ?? "-"), "
            + "waiting \(waiting), completed early \(early), views \(machine.views)"
    }

    static func line(_ row: Row) -> String {
        var machine = row.state.make()
        let action = apply(row.input, to: &machine)
        return "\(row.key) → \(action) ⇒ \(snapshot(machine))"
    }

    static let table = TableFile("FlowViewStateMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsActionAndResultingState() throws {
        let header = """
            # FlowViewStateMachine: every named state (FlowViewStateMachineTableTests.State) ×
            # every input. Each line: state × input → action ⇒ resulting state. The current
            # transition is #1 (a fade of 200 ms unless named immediate), an older one #0; the
            # margin is 1 s. Checked line for line by FlowViewStateMachineTableTests.

            """
        try Self.table.check(Self.rows.map(Self.line), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheMachinesInvariants(_ row: Row) {
        var machine = row.state.make()
        #expect(machine.invariantViolations().isEmpty, "before: \(machine.invariantViolations())")
        _ = Self.apply(row.input, to: &machine)
        #expect(machine.invariantViolations().isEmpty, "\(machine.invariantViolations())")
    }
}
