import Foundation
import Testing

@testable import AppFlow

/// `CoverMarkMachine` as a complete table: every state × every input, kept in
/// `CoverMarkMachineTable.txt` with its answer and resulting state.
@Suite struct CoverMarkMachineTableTests: MachineTable {
    typealias Machine = CoverMarkMachine

    enum State: String, CaseIterable, Sendable {
        case clear
        /// The child of epoch 1 is under a cover.
        case owed

        func make() -> Machine {
            var mark = Machine()
            if self == .owed { _ = mark.hear(.willDisappear, epoch: 1) }
            return mark
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        /// A screen of the child of `epoch` hears `hook` in a transition that puts it under a
        /// cover of its own session, or brings it back.
        case hear(FlowLifecycleHook, UInt64?)
        case take(UInt64?)

        var description: String {
            switch self {
            case .hear(let hook, let epoch): return "hear(\(hook), \(epoch.map { "\($0)" } ?? "nil"))"
            case .take(let epoch): return "take(\(epoch.map { "\($0)" } ?? "nil"))"
            }
        }
    }

    /// Each hook and the release for no session, the owed child's epoch and another.
    static let inputs: [Input] = [nil, 1, 2].flatMap { epoch in
        [FlowLifecycleHook.willDisappear, .didDisappear, .willAppear, .didAppear].map { Input.hear($0, epoch) }
            + [.take(epoch)]
    }

    static func apply(_ input: Input, to mark: inout Machine) -> String {
        switch input {
        case .hear(let hook, let epoch): return "\(mark.hear(hook, epoch: epoch))"
        case .take(let epoch): return "\(mark.take(epoch))"
        }
    }

    static func render(_ mark: Machine) -> String {
        switch mark.state {
        case .clear: return "clear"
        case .owed(let epoch): return "owed(\(epoch))"
        }
    }

    static func make(_ state: State) -> Machine { state.make() }
    static func inputs(in state: State) -> [Input] { inputs }

    static let table = TableFile("CoverMarkMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # CoverMarkMachine: every state (CoverMarkMachineTableTests.State) × every input.
            # Each line: state × input → answer ⇒ resulting state. Checked line for line by
            # CoverMarkMachineTableTests. The owed child is of session epoch 1.

            """
        try Self.table.check(Self.lines(), header: header)
    }
}
