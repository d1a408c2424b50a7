import Foundation
import Testing

@testable import AppFlow

/// `AuthSceneRuns` as a complete table: every named state × every input the auth core
/// gives it there, kept in `AuthSceneRunsTable.txt` with its answer and resulting state,
/// its invariant checked before and after every row, and an exit test for a run that is
/// not on its way.
@Suite struct AuthSceneRunsTableTests: InvariantMachineTable {
    typealias Runs = AuthSceneRuns<String>

    enum State: String, CaseIterable, Sendable {
        case empty
        /// Run 1, a call's request, waits for its start.
        case oneWaiting
        /// Run 1 is a scene's placement.
        case onePlacing
        /// Run 1 waits; run 2, begun with plan "p", builds.
        case twoRuns
        /// Run 1 returned; run 2 was overtaken while it built.
        case oneReturnedOneOvertaken

        func make() -> Runs {
            var runs = Runs()
            switch self {
            case .empty: break
            case .oneWaiting: _ = runs.start(placing: false)
            case .onePlacing: _ = runs.start(placing: true)
            case .twoRuns, .oneReturnedOneOvertaken:
                _ = runs.start(placing: false)
                let second = runs.start(placing: false)
                runs.update(second) { run in
                    _ = run.begin("p")
                    run.build()
                }
                if self == .oneReturnedOneOvertaken {
                    _ = runs.returned(1)
                    _ = runs.update(second) { $0.answered(false, at: .overtaken) }
                }
            }
            return runs
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        case start(placing: Bool)
        /// Run `id` begins with plan "q".
        case begin(UInt64)
        case build(UInt64)
        /// Run `id`'s admission is refused at `overtaken`.
        case overtaken(UInt64)
        case returned(UInt64)

        var description: String {
            switch self {
            case .start(let placing): "start(placing: \(placing))"
            case .begin(let id): "begin(\(id), \"q\")"
            case .build(let id): "build(\(id))"
            case .overtaken(let id): "answered(\(id), false, at: overtaken)"
            case .returned(let id): "returned(\(id))"
            }
        }
    }

    /// Starts, and every input to each run on its way.
    static func inputs(in state: State) -> [Input] {
        let runs = state.make()
        return [.start(placing: false), .start(placing: true)]
            + runs.runs.keys.sorted().flatMap { id in
                [Input.begin(id), .build(id), .overtaken(id), .returned(id)]
            }
    }

    static func apply(_ input: Input, to runs: inout Runs) -> String {
        switch input {
        case .start(let placing): return "run \(runs.start(placing: placing))"
        case .begin(let id): return "\(runs.update(id) { $0.begin("q") })"
        case .build(let id):
            runs.update(id) { $0.build() }
            return "-"
        case .overtaken(let id): return "\(runs.update(id) { $0.answered(false, at: .overtaken) })"
        case .returned(let id):
            let held = runs.returned(id)
            return "endsOvertaken: \(held.endsOvertaken), services: \(held.services.map { "\($0)" } ?? "nil")"
        }
    }

    static func render(_ runs: Runs) -> String {
        let held = runs.runs.keys.sorted().map { id in
            "\(id): " + AuthSceneRunMachineTableTests.render(runs[id])
        }
        return "last \(runs.lastID)" + (held.isEmpty ? "" : "; " + held.joined(separator: ", "))
    }

    static func make(_ state: State) -> Runs { state.make() }
    static func invariantViolations(of runs: Runs) -> [String] { runs.invariantViolations() }

    static let table = TableFile("AuthSceneRunsTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # AuthSceneRuns: every named state (AuthSceneRunsTableTests.State) × every input
            # the auth core gives it there. Each line: state × input → answer ⇒ resulting
            # state, each run shown as AuthSceneRunMachineTable.txt shows it. Checked line for
            # line by AuthSceneRunsTableTests.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }

    @Test func aReturnedRunIsForgottenAndItsNumberNeverGivenOutAgain() {
        var runs = State.twoRuns.make()
        _ = runs.returned(2)
        #expect(runs.runs.keys.sorted() == [1])
        #expect(runs.start(placing: false) == 3)
    }

    @Test func aRunThatReturnedAndIsStillHeldBreaksTheInvariant() {
        var runs = State.twoRuns.make()
        runs.update(2) { _ = $0.returned() }
        #expect(runs.invariantViolations() == ["1: run 2 returned and held"])
    }

    @Test func aRunAskedAboutOnceItReturnedStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var runs = AuthSceneRuns<String>()
            let id = runs.start(placing: false)
            _ = runs.returned(id)
            _ = runs.returned(id)
        }
        expectInternalInconsistency(in: result)
    }
}
