import Foundation
import Testing

@testable import AppFlow

/// The auth machine's complete table: every named state of `AuthStateMachineTests` ×
/// every input `AuthFlow` can make there, kept line for line in
/// `AuthStateMachineTable.txt` with its action and resulting state, the invariants checked
/// after every row, and an exit test for each input a state never takes.
@Suite struct AuthStateMachineTableTests {
    typealias Machine = AuthStateMachineTests.Machine
    typealias State = AuthStateMachineTests.State
    typealias Input = AuthStateMachineTests.Input
    typealias Row = TableRow<State, Input, Void>

    static let soft = LogoutVariant("softLogout")
    static let places: [AuthPlace<String>] = [
        .splash, .loggedOut(.signedOut), .loggedOut(soft), .loggedIn("a"), .loggedIn("b"), .switching(from: "a"),
        .locked("a", keepsSession: true), .locked("a", keepsSession: false), .covered("a"), .covered("b"),
    ]
    static let calls: [(Machine.Call, String?)] = [
        (.start, nil), (.login("a"), nil), (.login("b"), nil), (.logout(.signedOut), "j"),
        (.logout(.signedOut), nil), (.logout(soft), "j"), (.refresh(nil), nil), (.refresh("a"), nil),
        (.refresh("b"), nil), (.lock(.cover), nil), (.lock(.teardown), nil), (.unlock(since: nil), nil),
        // An authentication that began before any call: older than every lock.
        (.unlock(since: 0), nil), (.lock(.privacy), nil), (.uncover, nil),
        // With a caller to resume: each may join a start that has not begun.
        (.lock(.cover), "g"), (.unlock(since: nil), "g"), (.lock(.privacy), "g"), (.uncover, "g"),
    ]

    /// The inputs `AuthFlow` can make in `state`: any call, a call beaten at a gate; for
    /// each call still running, its start's answer (once), its admission at each point with
    /// each place shown, its factory starting, and its end with each result.
    static func legalInputs(in state: State) -> [Input] {
        let snapshot = state.expected
        var inputs: [Input] = calls.map { .call($0.0, joiner: $0.1) }
        // A call beaten at a scene's gate, its caller cancelled or not.
        inputs += [false, true].map { .beatenAtGate(callerCancelled: $0) }
        for stamp in running(in: state) {
            let call = self.call(of: stamp, in: state)
            if call == .start && snapshot.startAnswers[stamp] == nil {
                inputs += [.loggedIn("a"), .loggedOut(soft), .locked("a")].map { .startAnswered(stamp, $0) }
            }
            // A start is admitted only once its provider answered; a stale one is refused first.
            if call != .start || snapshot.startAnswers[stamp] != nil || stamp != snapshot.newest {
                for point in [FlowAdmissionPoint.arrival, .start, .childMade] {
                    inputs += places.map { .admit(stamp, call, point, current: $0) }
                }
                inputs += [true, false].map { .admitOvertaken(stamp, call, building: $0) }
            }
            // Its factory starting in each scene attached, and in one that is not.
            inputs += (snapshot.scenes.map { $0.rawValue } + [snapshot.nextScene]).map {
                .buildStarted(stamp, in: $0, 10 + Int(stamp))
            }
            inputs.append(.factoryWork(stamp))
            inputs += [TransitionResult.completed, .superseded, .cancelled].map { .callEnded(stamp, $0) }
            // Scenes: the call fans out once its start has an answer; each scene attached
            // ends it with a result, and a follow-up ends it for good.
            if call != .start || snapshot.startAnswers[stamp] != nil {
                inputs.append(.fanOut(stamp, call))
            }
            for results in sceneResults(snapshot.scenes) {
                inputs += [false, true].map { .scenesEnded(stamp, results, followingUp: $0) }
            }
            inputs += [.admitPlacement(stamp)]
            if call != .start || snapshot.startAnswers[stamp] != nil || stamp != snapshot.newest {
                // A child of a session the flow has left is no session shown.
                inputs += [nil, 1, 2].map { .admitShowing(stamp, call, .start, .loggedIn("a"), epoch: $0) }
            }
        }
        inputs += [.attach("s\(snapshot.nextScene)"), .finish]
        inputs += snapshot.scenes.flatMap { scene in
            [TransitionResult.completed, .superseded].map { .rejoin(scene.rawValue, after: snapshot.newest, $0) }
        }
        inputs += snapshot.scenes.map { .detach($0.rawValue) } + [.detach(snapshot.nextScene)]
        return inputs
    }

    /// The result sets a call can end with in scenes `scenes`: all completed, the first
    /// cancelled and the others completed, all cancelled.
    static func sceneResults(_ scenes: [AuthSceneID]) -> [[UInt64: TransitionResult]] {
        guard let first = scenes.first else { return [] }
        let ids = scenes.map(\.rawValue)
        var sets: [[UInt64: TransitionResult]] = [Dictionary(uniqueKeysWithValues: ids.map { ($0, .completed) })]
        if ids.count > 1 {
            var mixed = sets[0]
            mixed[first.rawValue] = .cancelled
            sets.append(mixed)
        }
        sets.append(Dictionary(uniqueKeysWithValues: ids.map { ($0, .cancelled) }))
        return sets
    }

    /// The stamps of the calls still running in `state`, and what each was.
    static func running(in state: State) -> [UInt64] {
        calledStamps[state]?.keys.sorted() ?? []
    }

    static func call(of stamp: UInt64, in state: State) -> Machine.Call {
        guard let call = calledStamps[state]?[stamp] else { preconditionFailure("no call \(stamp) in \(state)") }
        return call
    }

    /// What each named state's running calls are (joined logouts run as their owner).
    static let calledStamps: [State: [UInt64: Machine.Call]] = [
        .fresh: [:],
        .loggedInCalled: [1: .login("a")],
        .building: [1: .login("a")],
        .loginEnded: [:],
        .logoutOnItsWay: [1: .logout(.signedOut)],
        .logoutJoined: [1: .logout(.signedOut)],
        .logoutEnded: [:],
        .logoutAfterLogin: [1: .login("a"), 2: .logout(.signedOut)],
        .loginAfterLogout: [1: .logout(.signedOut), 2: .login("a")],
        .refreshCalled: [2: .refresh(nil)],
        .startCalled: [1: .start],
        .startAnsweredLoggedIn: [1: .start],
        .startAnsweredSoft: [1: .start],
        .loginAfterStart: [1: .start, 2: .login("b")],
        .sceneAttached: [:],
        .loginFannedOut: [1: .login("a")],
        .loginBegun: [1: .login("a")],
        .loggedInWithScene: [:],
        .finishedFlow: [:],
        .finishedWhileBuilding: [1: .login("a")],
        .refreshFannedOut: [2: .refresh(nil)],
        .logoutOverSession: [2: .logout(.signedOut)],
        .lockOnItsWay: [2: .lock(.cover)],
        .teardownLockOnItsWay: [2: .lock(.teardown)],
        .lockedCover: [:],
        .lockedTeardown: [:],
        .unlockAfterCover: [3: .unlock(since: nil)],
        .unlockAfterTeardown: [3: .unlock(since: nil)],
        .lockAfterUnlock: [3: .unlock(since: nil), 4: .lock(.cover)],
        .coverOnItsWay: [2: .lock(.privacy)],
        .covered: [:],
        .lockAfterCover: [3: .lock(.cover)],
        .coverJoinedStart: [1: .start],
        .lockJoinedStart: [1: .start],
        .startAnsweredLocked: [1: .start],
        .coverCarried: [:],
        .coveredStartBegun: [1: .start],
    ]

    /// Inputs `AuthFlow` never makes: reports of stamps never issued, and a start asked
    /// about before its provider answered.
    static func illegalInputs(in state: State) -> [Input] {
        let snapshot = state.expected
        let unknown = snapshot.lastStamp + 1
        var inputs: [Input] = [
            .callEnded(unknown, .completed), .buildStarted(unknown, in: 1, 1), .startAnswered(unknown, .loggedIn("a")),
            .fanOut(unknown, .login("a")), .scenesEnded(unknown, [:], followingUp: false),
        ]
        for stamp in running(in: state) where call(of: stamp, in: state) == .start {
            if snapshot.startAnswers[stamp] == nil && stamp == snapshot.newest {
                inputs.append(.admit(stamp, .start, .start, current: .splash))
            }
        }
        return inputs
    }

    static let rows: [Row] = State.allCases.flatMap { state in legalInputs(in: state).map { Row(state, $0, ()) } }
    static let illegalPairs: [(State, Input)] = State.allCases.flatMap { state in
        illegalInputs(in: state).map { (state, $0) }
    }

    static func render(_ snapshot: AuthStateMachineTests.Snapshot) -> String {
        var parts = ["stamps \(snapshot.lastStamp), newest \(snapshot.newest)"]
        if let call = snapshot.newestCall {
            parts.append("newest call \(tableText(call))\(snapshot.newestEnded ? " ended" : "")")
        }
        if let joinable = snapshot.joinableLogout {
            parts.append("joinable logout \(joinable) to \(snapshot.joinableVariant.map { "\($0)" } ?? "?")")
        }
        if !snapshot.joiners.isEmpty {
            parts.append(
                "joiners " + snapshot.joiners.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined()
            )
        }
        if let build = snapshot.build {
            parts.append("build \(build) as " + snapshot.buildHandles.map { "\($0.handle)" }.joined(separator: ", "))
        }
        if !snapshot.startAnswers.isEmpty {
            parts.append(
                "start answers "
                    + snapshot.startAnswers.sorted { $0.key < $1.key }.map { "\($0.key): \(tableText($0.value))" }
                    .joined(separator: ", ")
            )
        }
        if !snapshot.unchangedCalls.isEmpty { parts.append("unchanged \(snapshot.unchangedCalls.sorted())") }
        if let phase = snapshot.requestedPhase { parts.append("requested \(tableText(phase))") }
        if !snapshot.targets.isEmpty {
            parts.append(
                "targets "
                    + snapshot.targets.sorted { $0.key < $1.key }.map { "\($0.key): \(tableText($0.value))" }
                    .joined(separator: ", ")
            )
        }
        let hidden: AuthLockMachine<String>.LastHidden
        switch snapshot.hiding {
        case .hidden(let last):
            hidden = last
        case .coverCalled(let stamp, let over):
            hidden = over
            parts.append("cover called \(stamp)")
        }
        switch hidden {
        case .nothing: break
        case .lock(let stamp): parts.append("last lock \(stamp)")
        case .cover(let stamp): parts.append("last cover \(stamp)")
        }
        if !snapshot.startGuards.isEmpty {
            parts.append(
                "start guards "
                    + snapshot.startGuards.sorted { $0.key < $1.key }.map { start, guards in
                        "\(start): " + guards.map { "\($0.kind) by \($0.by)" }.joined(separator: ", ")
                    }
                    .joined(separator: "; ")
            )
        }
        if !snapshot.guardJoiners.isEmpty {
            parts.append(
                "guard joiners "
                    + snapshot.guardJoiners.sorted { $0.key < $1.key }.map { start, joined in
                        "\(start): "
                            + joined.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    }
                    .joined(separator: "; ")
            )
        }
        if !snapshot.carriedGuards.isEmpty {
            parts.append("carried " + snapshot.carriedGuards.map { "\($0.kind) by \($0.by)" }.joined(separator: ", "))
        }
        if !snapshot.scenes.isEmpty {
            parts.append("scenes \(snapshot.scenes.map { String($0.rawValue) }.joined(separator: ", "))")
        }
        if snapshot.nextScene > 1 { parts.append("next scene \(snapshot.nextScene)") }
        if snapshot.newestFannedOut { parts.append("fanned out") }
        if snapshot.place != .splash || snapshot.lastEpoch > 0 {
            let epoch = snapshot.sessionEpoch.map { " epoch \($0)" } ?? ""
            parts.append("at \(tableText(snapshot.place))\(epoch) (epochs \(snapshot.lastEpoch))")
        }
        if snapshot.newestBegun { parts.append("begun [\(snapshot.newest)]") }
        if snapshot.isFinished { parts.append("finished") }
        return parts.joined(separator: "; ")
    }

    static func line(_ row: Row) -> String {
        var machine = row.state.make()
        let action = AuthStateMachineTests.apply(row.input, to: &machine)
        return "\(row.key) → \(tableText(action)) ⇒ \(render(machine.snapshot))"
    }

    static let table = TableFile("AuthStateMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsActionAndResultingState() throws {
        let header = """
            # AuthStateMachine: every named state (AuthStateMachineTests.State) × every input
            # AuthFlow can make there. Each line: state × input → action ⇒ resulting state.
            # Checked line for line by AuthStateMachineTableTests; inputs a state never takes
            # are its exit tests. Sessions "a" and "b", joiners "j" (a logout) and "g" (a lock,
            # cover, unlock or uncover that may join a start not begun), factory handles 1x.
            # Targets: where each lock and unlock on its way goes, decided when it was called.
            # Last cover: the newest privacy cover with a session to cover; cover called: the
            # newest privacy cover called at all (an unlock attempt begun before it is stale).

            """
        try Self.table.check(Self.rows.map(Self.line), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheMachinesInvariants(_ row: Row) {
        var machine = row.state.make()
        _ = AuthStateMachineTests.apply(row.input, to: &machine)
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test(arguments: illegalPairs.indices)
    func anInputAStateNeverTakesStopsTheProcess(_ index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            let (state, input) = AuthStateMachineTableTests.illegalPairs[index]
            var machine = state.make()
            _ = AuthStateMachineTests.apply(input, to: &machine)
        }
        expectInternalInconsistency(in: result)
    }
}
