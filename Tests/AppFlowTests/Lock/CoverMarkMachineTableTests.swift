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
            if self == .owed { mark.owe(1) }
            return mark
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        case owe(UInt64?)
        case owes(UInt64?)
        case take(UInt64?)

        var description: String {
            switch self {
            case .owe(let epoch): return "owe(\(epoch.map { "\($0)" } ?? "nil"))"
            case .owes(let epoch): return "owes(\(epoch.map { "\($0)" } ?? "nil"))"
            case .take(let epoch): return "take(\(epoch.map { "\($0)" } ?? "nil"))"
            }
        }
    }

    /// Each input for no session, the owed child's epoch and another.
    static let inputs: [Input] = [nil, 1, 2].flatMap { epoch in [.owe(epoch), .owes(epoch), .take(epoch)] }

    static func apply(_ input: Input, to mark: inout Machine) -> String {
        switch input {
        case .owe(let epoch):
            mark.owe(epoch)
            return "-"
        case .owes(let epoch): return "\(mark.owes(epoch))"
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
