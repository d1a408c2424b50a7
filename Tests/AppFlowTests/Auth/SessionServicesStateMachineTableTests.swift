import Foundation
import Testing

@testable import AppFlow

/// `SessionServicesStateMachine` as a complete table: every named state
/// (`SessionServicesStateMachineTests.State`) × every input, kept in
/// `SessionServicesStateMachineTable.txt` with its answer and resulting state, the
/// invariants checked before and after every row. Left out are the inputs `AuthFlow` never
/// gives: services made or torn down unasked and a factory ended that counted for nothing,
/// which stop the process (`SessionServicesStateMachineTests.anInputAStateNeverTakesStopsTheProcess`);
/// a factory ended that still waits for its services; and a session change that changes
/// nothing or goes back to an epoch already known: the place machine tells each change
/// once, and a new epoch is always newer than every other.
@Suite struct SessionServicesStateMachineTableTests: InvariantMachineTable {
    typealias Machine = SessionServicesStateMachine<String, String, String>
    typealias State = SessionServicesStateMachineTests.State
    typealias Input = SessionServicesStateMachineTests.Input

    /// Every input, for sessions "a" (epoch 1), "b" (epoch 2) and "c" (epoch 3) and scenes
    /// 1 and 2; a new factory of each epoch is "f3", "g3" or "h1".
    static let allInputs: [Input] =
        [.acquire(1, "a", waiter: "f3"), .acquire(2, "b", waiter: "g3"), .acquire(3, "c", waiter: "h1")]
        + [.made(1, "S1"), .made(2, "S2"), .factoryEnded(1), .factoryEnded(2)]
        + [.sceneShows(1, 1), .sceneShows(1, 2), .sceneShows(1, nil), .sceneShows(2, 1)]
        + [.sceneGone(1), .sceneGone(2), .scenesGone([1, 2])]
        + [.sessionChanged(to: nil), .sessionChanged(to: 1), .sessionChanged(to: 2), .sessionChanged(to: 3)]
        + [.tornDown(1), .tornDown(2), .tornDown(1, inTime: false), .tornDown(2, inTime: false)]

    /// The inputs `AuthFlow` can give to `machine`: services are reported made only while
    /// they are being made, torn down only while they are being torn down; a factory ends
    /// only once it got its epoch's services (`SessionServices.factoryEnded`), never while
    /// it waits for them; the session changes to none from some, or to an epoch newer than
    /// every one the machine knows.
    static func inputs(in state: State) -> [Input] {
        let machine = state.make()
        let snapshot = machine.snapshot
        let known =
            [snapshot.liveEpoch, machine.held?.epoch].compactMap { $0 } + snapshot.factories.keys
            + snapshot.shown.values + snapshot.queued
        return allInputs.filter { input in
            switch input {
            case .made(let epoch, _):
                guard let held = machine.held, held.epoch == epoch, case .making = held.stage else { return false }
                return true
            case .tornDown(let epoch, _):
                guard let held = machine.held, held.epoch == epoch, case .tearingDown = held.stage else { return false }
                return true
            case .factoryEnded(let epoch):
                // Only a factory that holds made services ends: not the maker while they
                // are made, nor one that waits for them or is queued behind older ones.
                guard let held = machine.held, held.epoch == epoch, case .alive(_, let factories) = held.stage else {
                    return false
                }
                return factories > 0
            case .sessionChanged(let epoch?):
                return epoch > known.max() ?? 0
            case .sessionChanged(nil):
                return machine.liveEpoch != nil
            case .acquire, .sceneShows, .sceneGone, .scenesGone:
                return true
            }
        }
    }

    static func apply(_ input: Input, to machine: inout Machine) -> String {
        let action = SessionServicesStateMachineTests.apply(input, to: &machine)
        if let grant = action.grant { return grant }
        let parts =
            (action.reportTimedOut.map { ["report the teardown of \($0) timed out"] } ?? [])
            + action.resume.map { "resume \($0)" } + (action.tearDown.map { ["tear down \($0)"] } ?? [])
        return parts.isEmpty ? "none" : parts.joined(separator: "; ")
    }

    static func render(_ machine: Machine) -> String {
        let snapshot = machine.snapshot
        var parts = ["held \(snapshot.held ?? "none")", "in \(snapshot.liveEpoch.map { "epoch \($0)" } ?? "none")"]
        if !snapshot.shown.isEmpty {
            let shown = snapshot.shown.sorted { $0.key < $1.key }.map { "scene \($0.key.rawValue): \($0.value)" }
            parts.append("shown [\(shown.joined(separator: ", "))]")
        }
        if !snapshot.factories.isEmpty {
            let factories = snapshot.factories.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            parts.append("factories [\(factories.joined(separator: ", "))]")
        }
        if !snapshot.queued.isEmpty { parts.append("queued \(snapshot.queued)") }
        return parts.joined(separator: "; ")
    }

    static func make(_ state: State) -> Machine { state.make() }
    static func invariantViolations(of machine: Machine) -> [String] { machine.invariantViolations() }

    static let table = TableFile("SessionServicesStateMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # SessionServicesStateMachine: every named state (SessionServicesStateMachineTests.State)
            # × every input AuthFlow can give in it (SessionServicesStateMachineTableTests says
            # which it never gives). Each line: state × input → answer ⇒ resulting state.
            # Checked line for line by SessionServicesStateMachineTableTests.
            # Epoch 1 is session "a" with services "S1", epoch 2 session "b" with "S2", epoch 3
            # session "c". An answer is acquire's grant ("wait": the factory waits) or the
            # timed-out teardown reported, the factories resumed and the services torn down.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariants(_ row: Row) {
        Self.expectInvariant(row)
    }

    /// Only the kinds of input the type's documentation names are ever left out, and each
    /// of them is left out somewhere.
    @Test func onlyInputsAuthFlowNeverGivesAreLeftOut() {
        var kinds: Set<String> = []
        for state in State.allCases {
            let given = Set(Self.inputs(in: state).map(\.description))
            for input in Self.allInputs where !given.contains(input.description) {
                switch input {
                case .made, .tornDown, .factoryEnded, .sessionChanged:
                    kinds.insert(String(input.description.prefix { $0 != "(" }))
                case .acquire, .sceneShows, .sceneGone, .scenesGone: Issue.record("\(state) × \(input) left out")
                }
            }
        }
        #expect(kinds == ["made", "tornDown", "factoryEnded", "sessionChanged"])
    }
}
