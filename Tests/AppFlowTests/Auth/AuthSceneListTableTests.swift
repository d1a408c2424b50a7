import Foundation
import Testing

@testable import AppFlow

/// `AuthSceneList` as a complete table: every named state × every input, kept in
/// `AuthSceneListTable.txt` with its answer and resulting state, the invariant checked
/// before and after every row.
@Suite struct AuthSceneListTableTests: InvariantMachineTable {
    typealias List = AuthSceneList<String>

    enum State: String, CaseIterable, Sendable {
        case empty
        /// Scene 1 reserved, not attached yet.
        case oneReserved
        case oneAttached
        /// Scenes 1 and 2 attached, 3 reserved.
        case twoAttachedOneReserved

        func make() -> List {
            var list = List()
            switch self {
            case .empty: break
            case .oneReserved: _ = list.reserve()
            case .oneAttached: _ = list.attach(list.reserve(), "s1")
            case .twoAttachedOneReserved:
                _ = list.attach(list.reserve(), "s1")
                _ = list.attach(list.reserve(), "s2")
                _ = list.reserve()
            }
            return list
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        case reserve
        case attach(UInt64)
        case detach(UInt64)

        var description: String {
            switch self {
            case .reserve: return "reserve"
            case .attach(let id): return "attach(scene \(id))"
            case .detach(let id): return "detach(scene \(id))"
            }
        }
    }

    /// Every input for scenes 1 to 4: attaching one reserved or not, attached or not.
    static let inputs: [Input] = [.reserve] + (1...4).map { .attach($0) } + (1...4).map { .detach($0) }

    static func apply(_ input: Input, to list: inout List) -> String {
        switch input {
        case .reserve: return "\(list.reserve())"
        case .attach(let id): return list.attach(AuthSceneID(rawValue: id), "s\(id)") ? "attached" : "refused"
        case .detach(let id): return list.detach(AuthSceneID(rawValue: id)) ?? "none"
        }
    }

    static func render(_ list: List) -> String {
        "attached \(list.scenes.map(\.scene)), next \(list.nextID)"
    }

    static func make(_ state: State) -> List { state.make() }
    static func inputs(in state: State) -> [Input] { inputs }
    static func invariantViolations(of machine: List) -> [String] { machine.invariantViolations() }

    static let table = TableFile("AuthSceneListTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # AuthSceneList: every named state (AuthSceneListTableTests.State) × every input.
            # Each line: state × input → answer ⇒ resulting state. Checked line for line by
            # AuthSceneListTableTests. Scene n is named "sn".

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }
}
