import Foundation
import Testing

@testable import AppFlow

/// `AuthStartGuards` as a complete table: every named state × every input, kept in
/// `AuthStartGuardsTable.txt` with its answer and resulting state, the invariant checked
/// before and after every row.
@Suite struct AuthStartGuardsTableTests: InvariantMachineTable {
    typealias Guards = AuthStartGuards<String, String>

    enum State: String, CaseIterable, Sendable {
        /// No start has an answer or a guard.
        case empty
        /// Start 1 answered: logged in as "a".
        case answered
        /// Start 1 not answered yet, with a cover by call 2.
        case guardedAsking
        /// Start 1 answered logged in as "a", with a cover by 2 and a lock by 3.
        case answeredCoveredLocked
        /// Start 1 answered logged out, with a cover by 2.
        case answeredLoggedOutCovered
        /// Start 1 ended without beginning, its cover by 2 carried to the next start.
        case carried

        func make() -> Guards {
            var guards = Guards()
            switch self {
            case .empty: break
            case .answered:
                guards.answered(1, .loggedIn("a"))
            case .guardedAsking:
                guards.join(1, .cover, by: 2, "j2")
            case .answeredCoveredLocked:
                guards.answered(1, .loggedIn("a"))
                guards.join(1, .cover, by: 2, "j2")
                guards.join(1, .lock(keepsSession: false), by: 3, "j3")
            case .answeredLoggedOutCovered:
                guards.answered(1, .loggedOut(.signedOut))
                guards.join(1, .cover, by: 2, "j2")
            case .carried:
                guards.join(1, .cover, by: 2, "j2")
                _ = guards.ended(1, result: .superseded, carries: true)
            }
            return guards
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        case called(isStart: Bool, replacingUnbegunStart: UInt64?)
        case answered(AuthInitialState<String>)
        case join(Guards.Guard.Kind)
        case ended(AuthResult, carries: Bool)

        var description: String {
            switch self {
            case .called(let isStart, let unbegun):
                return
                    "called(5, \(isStart ? "start" : "not a start")\(unbegun.map { ", replacing unbegun start \($0)" } ?? ""))"
            case .answered(let answer): return "answered(1, \(answer))"
            case .join(let kind): return "join(1, \(kind), by 5)"
            case .ended(let result, let carries): return "ended(1, \(result)\(carries ? ", carries" : ""))"
            }
        }
    }

    static let inputs: [Input] =
        [.called(isStart: true, replacingUnbegunStart: nil), .called(isStart: true, replacingUnbegunStart: 1)]
        + [.called(isStart: false, replacingUnbegunStart: nil)]
        + [.answered(.loggedIn("a")), .answered(.loggedOut(.signedOut)), .answered(.locked("a"))]
        + [.join(.cover), .join(.lock(keepsSession: true)), .join(.uncover), .join(.unlock)]
        + [.ended(.completed, carries: false), .ended(.completed, carries: true), .ended(.unchanged, carries: false)]
        + [.ended(.superseded, carries: true), .ended(.cancelled, carries: false)]

    static func apply(_ input: Input, to guards: inout Guards) -> String {
        switch input {
        case .called(let isStart, let unbegun):
            guards.called(5, isStart: isStart, replacingUnbegunStart: unbegun)
            return "—"
        case .answered(let answer):
            guards.answered(1, answer)
            return "—"
        case .join(let kind):
            guards.join(1, kind, by: 5, "j5")
            return "—"
        case .ended(let result, let carries):
            let resumed = guards.ended(1, result: result, carries: carries)
            return resumed.isEmpty ? "none" : resumed.map { "\($0.joiner) \($0.result)" }.joined(separator: ", ")
        }
    }

    static func render(_ guards: Guards) -> String {
        let starts = guards.starts.keys.sorted().map { stamp in
            let start = guards.starts[stamp]!
            let answer = start.answer.map { "answer \($0)" } ?? "asking"
            let list = start.guards.map { "\($0.guard.kind) by \($0.guard.by)\($0.joiner.map { " (\($0))" } ?? "")" }
            let landing = guards.fold(ofStart: stamp).last.map { ", lands \($0.place)" } ?? ""
            return "\(stamp): \(answer), guards [\(list.joined(separator: ", "))]\(landing)"
        }
        let carried = guards.carried.map { "\($0.kind) by \($0.by)" }
        return "starts [\(starts.joined(separator: "; "))], carried [\(carried.joined(separator: ", "))]"
    }

    static func make(_ state: State) -> Guards { state.make() }
    static func inputs(in state: State) -> [Input] { inputs }
    static func invariantViolations(of machine: Guards) -> [String] { machine.invariantViolations() }

    static let table = TableFile("AuthStartGuardsTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # AuthStartGuards: every named state (AuthStartGuardsTableTests.State) × every input.
            # Each line: state × input → the callers resumed, with their results ⇒ resulting
            # state. Checked line for line by AuthStartGuardsTableTests. A guard's caller is
            # "jN" for call N; a carried guard has none.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }

    /// A start that lands under a guard carried from a start that never began applies that
    /// guard first, before the calls that joined it: they were made after it. The carried
    /// guard's caller was resumed by its own start, so only the joined one is resumed.
    @Test func aCarriedGuardIsAppliedBeforeTheGuardsThatJoinedTheNextStart() {
        var guards = Self.make(.carried)
        guards.called(3, isStart: true, replacingUnbegunStart: nil)
        guards.join(3, .uncover, by: 4, "j4")
        guards.answered(3, .loggedIn("a"))
        #expect(guards.fold(ofStart: 3).map { $0.place } == [.covered("a"), .loggedIn("a")])
        #expect(guards.invariantViolations().isEmpty)
        let resumed = guards.ended(3, result: .completed, carries: false)
        #expect(resumed.map { "\($0.joiner) \($0.result)" } == ["j4 completed"])
    }
}
