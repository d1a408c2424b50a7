import Foundation
import Testing

@testable import AppFlow

/// `AuthPlaceMachine` as a complete table: every state × every step a beginning call can
/// take, kept in `AuthPlaceMachineTable.txt` with the resulting place and epoch, the
/// invariant checked before and after every row, and an exit test for the steps no call
/// takes.
@Suite struct AuthPlaceMachineTableTests {
    typealias Machine = AuthPlaceMachine<String>
    static let soft = LogoutVariant("softLogout")

    /// Every state, each reached from a new machine by the steps of the calls that lead
    /// there; the session that lives is "a", of epoch 1.
    enum State: String, CaseIterable, Sendable {
        case splash, loggedOut, shown, covered, coverLocked, tornDown

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .splash: break
            case .loggedOut: machine.begin(.move(to: .loggedOut(.signedOut)), by: .logout)
            case .shown: machine.begin(.enter("a"), by: .login)
            case .covered, .coverLocked, .tornDown:
                machine.begin(.enter("a"), by: .login)
                let target: AuthPlace<String> =
                    self == .covered
                    ? .covered("a") : .locked("a", keepsSession: self == .coverLocked)
                machine.begin(.move(to: target), by: self == .covered ? .cover : .lock)
            }
            // The services heard of every step that led here, as each performer step tells them.
            _ = machine.takeEpochChange()
            return machine
        }
    }

    /// Every step a beginning call takes, each with the call it is typical of.
    static let steps: [(Machine.Step, AuthCall)] = [
        (.enter("a"), .login), (.enter("b"), .login), (.move(to: .loggedOut(soft)), .logout),
        (.move(to: .loggedIn("a")), .unlock), (.move(to: .loggedIn("b")), .refresh),
        (.move(to: .covered("a")), .cover), (.move(to: .covered("b")), .start),
        (.move(to: .locked("a", keepsSession: true)), .lock), (.move(to: .locked("b", keepsSession: true)), .start),
        (.move(to: .locked("a", keepsSession: false)), .lock), (.stay, .refresh),
    ]

    struct Input: Sendable, CustomStringConvertible {
        var step: Machine.Step
        var origin: AuthCall
        var description: String { "begin(\(tableText(step)), by: \(origin))" }
    }

    typealias Row = TableRow<State, Input, Void>

    static let rows: [Row] = State.allCases.flatMap { state in
        steps.map { Row(state, Input(step: $0.0, origin: $0.1), ()) }
    }

    static func render(_ machine: Machine) -> String {
        "\(tableText(machine.place)), epoch \(machine.sessionEpoch.map(String.init) ?? "none") of "
            + "\(machine.lastEpoch), by \(machine.origin)"
    }

    static let table = TableFile("AuthPlaceMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryStepInEveryStateWithWhereTheFlowIsAfterIt() throws {
        let header = """
            # AuthPlaceMachine: every state (AuthPlaceMachineTableTests.State) × every step a
            # beginning call takes. Each line: state × input → place, its session's epoch,
            # the newest epoch given out, the call that moved the flow there, and what the
            # session services hear of it. Checked line for line by AuthPlaceMachineTableTests.
            # The session that lives is "a", of epoch 1.

            """
        let lines = Self.rows.map { row in
            var machine = row.state.make()
            machine.begin(row.input.step, by: row.input.origin)
            let heard: String
            switch machine.takeEpochChange() {
            case nil: heard = "nothing"
            case .some(let epoch): heard = epoch.map { "epoch \($0)" } ?? "no session"
            }
            return "\(row.key) → \(Self.render(machine)); services hear \(heard)"
        }
        try Self.table.check(lines, header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        var machine = row.state.make()
        #expect(machine.invariantViolations().isEmpty, "before: \(machine.invariantViolations())")
        machine.begin(row.input.step, by: row.input.origin)
        #expect(machine.invariantViolations().isEmpty, "\(machine.invariantViolations())")
    }

    /// The promise of epochs: a session that lives on under a cover, a lock screen, an
    /// uncover or an unlock keeps its epoch; entering it again, or any session after it was
    /// left, takes a new one.
    @Test func aSessionKeepsItsEpochExactlyWhileItLivesOn() {
        for row in Self.rows {
            var machine = row.state.make()
            let (before, epochBefore, last) = (machine.state, machine.sessionEpoch, machine.lastEpoch)
            machine.begin(row.input.step, by: row.input.origin)
            guard let epoch = machine.sessionEpoch else {
                #expect(machine.lastEpoch == last, "\(row.key)")
                continue
            }
            let keeps: Bool
            switch (before, row.input.step) {
            case (.live(let live, _, let showing), .enter(let session)):
                keeps = live == session && showing == .session
            case (.live(let live, _, _), .move(to: .covered(let session))),
                (.live(let live, _, _), .move(to: .locked(let session, keepsSession: true))):
                keeps = live == session
            case (.live, .move(to: .loggedIn)), (.live, .stay):
                // An unlock, an uncover, or a refresh of a session value of the same account.
                keeps = true
            default:
                keeps = false
            }
            if keeps {
                #expect(epoch == epochBefore && machine.lastEpoch == last, "\(row.key)")
            } else {
                #expect(epoch == last + 1 && machine.lastEpoch == last + 1, "\(row.key)")
            }
        }
    }

    /// The services hear of each change of the session's epoch once, in the step that made
    /// it, and of nothing else.
    @Test func theServicesHearEachChangeOfTheSessionOnce() {
        for row in Self.rows {
            var machine = row.state.make()
            let before = machine.sessionEpoch
            machine.begin(row.input.step, by: row.input.origin)
            let heard = machine.takeEpochChange()
            #expect(heard == (machine.sessionEpoch == before ? nil : .some(machine.sessionEpoch)), "\(row.key)")
            #expect(machine.takeEpochChange() == nil, "\(row.key): told twice")
        }
    }

    @Test(arguments: ["splash", "switching"])
    func aStepToAPlaceNoCallGoesToStopsTheProcess(_ target: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [target] in
            var machine = AuthPlaceMachine<String>()
            machine.begin(.move(to: target == "splash" ? .splash : .switching(from: "a")), by: .login)
        }
        expectInternalInconsistency(in: result)
    }
}
