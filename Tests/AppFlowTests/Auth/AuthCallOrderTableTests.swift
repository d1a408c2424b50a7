import Foundation
import Testing

@testable import AppFlow

/// `AuthCallOrder` as a complete table: every named state × every input, each for every
/// stamp issued (`AuthStateMachine` gives some of them only for the newest call), kept in
/// `AuthCallOrderTable.txt` with its action and resulting state, the invariant checked
/// before and after every row, and an exit test for the input no state takes.
@Suite struct AuthCallOrderTableTests: InvariantMachineTable {
    /// Calls are named by what they are; joiners and factory handles are plain values.
    typealias Order = AuthCallOrder<String, String, Int>

    /// The named states, each reached from a new machine by its own inputs.
    enum State: String, CaseIterable, Sendable {
        case idle
        /// A call took a stamp and was resolved at once: nothing decides yet.
        case issued
        case loginOnItsWay
        /// The login's factory builds in scene 1.
        case loginBuilding
        /// The login's factories build in scenes 1 and 2: a newer call cancels both.
        case loginBuildingInTwoScenes
        /// The login has fanned out to the scenes and builds.
        case loginFannedOut
        /// The login has fanned out and begun in a scene; its factory has not started.
        case loginBegun
        /// A call took a stamp while the login builds: it may decide, and cancel the build.
        case issuedWhileBuilding
        /// A call took a stamp while the login builds in two scenes: deciding, it cancels both.
        case issuedWhileBuildingInTwoScenes
        case logoutOnItsWay
        case logoutJoined
        case loginEnded
        /// The login ended, and a scene attached late builds for it in scene 2.
        case loginEndedBuildingLate
        /// The login was answered unchanged where it began (its scene shows its
        /// destination already), and a logout made since supersedes it.
        case loginUnchangedThenSuperseded
        /// A login made after a logout that a second logout joined: the joiner still waits
        /// for the older logout.
        case loginAfterJoinedLogout

        func make() -> Order {
            var order = Order()
            switch self {
            case .idle:
                break
            case .issued:
                _ = order.issue()
            case .loginOnItsWay, .loginBuilding, .loginBuildingInTwoScenes, .loginFannedOut, .loginBegun,
                .issuedWhileBuilding, .issuedWhileBuildingInTwoScenes, .loginEnded, .loginEndedBuildingLate:
                _ = order.makeNewest(order.issue(), "login")
                if self == .loginFannedOut || self == .loginBegun { order.fannedOut(1) }
                if self == .loginBegun { order.began(1) }
                let inTwo: [State] = [.loginBuildingInTwoScenes, .issuedWhileBuildingInTwoScenes]
                if [.loginBuilding, .loginFannedOut, .issuedWhileBuilding].contains(self) || inTwo.contains(self) {
                    _ = order.buildStarted(1, in: AuthSceneID(rawValue: 1), 11)
                }
                if inTwo.contains(self) { _ = order.buildStarted(1, in: AuthSceneID(rawValue: 2), 12) }
                if self == .issuedWhileBuilding || self == .issuedWhileBuildingInTwoScenes { _ = order.issue() }
                if self == .loginEnded || self == .loginEndedBuildingLate { _ = order.end(1) }
                if self == .loginEndedBuildingLate { _ = order.buildStarted(1, in: AuthSceneID(rawValue: 2), 12) }
            case .logoutOnItsWay, .logoutJoined, .loginAfterJoinedLogout:
                _ = order.makeNewest(order.issue(), "logout")
                if self != .logoutOnItsWay {
                    _ = order.issue()
                    _ = order.join("j2", if: AuthCallOrderTableTests.joinsLogouts)
                }
                if self == .loginAfterJoinedLogout { _ = order.makeNewest(order.issue(), "login") }
            case .loginUnchangedThenSuperseded:
                _ = order.makeNewest(order.issue(), "login")
                order.answeredUnchanged(1)
                _ = order.makeNewest(order.issue(), "logout")
            }
            return order
        }
    }

    /// A logout joins a logout on its way, as `AuthStateMachine` asks.
    static let joinsLogouts: @Sendable (String) -> Bool = { $0 == "logout" }

    /// What `AuthStateMachine` can tell the order in a state.
    enum Input: Sendable, CustomStringConvertible {
        case issue
        /// The call issued last joins the newest if it is a logout on its way.
        case joinLogout
        /// The call issued last decides, made as this call.
        case makeNewest(String)
        /// A factory of this call starts in scene 2.
        case buildStarted(UInt64)
        /// This scene is detached.
        case detached(UInt64)
        /// The flow finishes.
        case finished
        case fannedOut(UInt64)
        case began(UInt64)
        case answeredUnchanged(UInt64)
        case end(UInt64)

        var description: String {
            switch self {
            case .issue: return "issue"
            case .joinLogout: return "join(j, if logout)"
            case .makeNewest(let call): return "makeNewest(last, \(call))"
            case .buildStarted(let stamp): return "buildStarted(\(stamp), in: 2, 20)"
            case .detached(let scene): return "detached(\(scene))"
            case .finished: return "finished"
            case .fannedOut(let stamp): return "fannedOut(\(stamp))"
            case .began(let stamp): return "began(\(stamp))"
            case .answeredUnchanged(let stamp): return "answeredUnchanged(\(stamp))"
            case .end(let stamp): return "end(\(stamp))"
            }
        }
    }

    /// Every input in every state: a call is made (issued, then joins or decides; only the
    /// call issued last decides), and each call issued so far may start a factory or end.
    static func inputs(in state: State) -> [Input] {
        let order = state.make()
        var inputs: [Input] = [.issue, .detached(1), .detached(2), .finished]
        if order.lastStamp > order.newest { inputs += [.joinLogout, .makeNewest("login"), .makeNewest("logout")] }
        for stamp in UInt64(1)...max(order.lastStamp, 1) where order.lastStamp > 0 {
            inputs += [.buildStarted(stamp), .fannedOut(stamp), .began(stamp), .answeredUnchanged(stamp), .end(stamp)]
        }
        return inputs
    }

    static func apply(_ input: Input, to order: inout Order) -> String {
        switch input {
        case .issue: return "stamp \(order.issue())"
        case .joinLogout: return "joined \(order.join("j", if: joinsLogouts).map(String.init) ?? "none")"
        case .makeNewest(let call):
            return "cancel \(order.makeNewest(order.lastStamp, call))"
        case .buildStarted(let stamp): return tableText(order.buildStarted(stamp, in: AuthSceneID(rawValue: 2), 20))
        case .detached(let scene): return "cancel \(order.detached(AuthSceneID(rawValue: scene)))"
        case .finished: return "cancel \(order.finished())"
        case .fannedOut(let stamp):
            order.fannedOut(stamp)
            return "-"
        case .began(let stamp):
            order.began(stamp)
            return "-"
        case .answeredUnchanged(let stamp):
            order.answeredUnchanged(stamp)
            return "-"
        case .end(let stamp):
            let ending = order.end(stamp)
            return "resume \(ending.joiners)" + (ending.answeredUnchanged ? ", unchanged" : "")
        }
    }

    static func render(_ order: Order) -> String {
        var parts = ["stamps \(order.lastStamp)"]
        switch order.state {
        case .idle: parts.append("idle")
        case .running(let stamp, let call, let builds, let fannedOut, let begun):
            parts.append(
                "\(call) \(stamp) on its way" + (fannedOut ? ", fanned out" : "") + (begun ? ", begun" : "")
                    + render(builds)
            )
        case .ended(let stamp, let call, let builds):
            parts.append("\(call) \(stamp) ended" + render(builds))
        }
        if !order.joiners.isEmpty {
            parts.append(
                "joiners " + order.joiners.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined()
            )
        }
        if !order.unchanged.isEmpty { parts.append("unchanged \(order.unchanged.sorted())") }
        return parts.joined(separator: "; ")
    }

    /// The factories running, each with its scene.
    static func render(_ builds: [Order.SceneBuild]) -> String {
        builds.isEmpty
            ? "" : ", building " + builds.map { "\($0.handle) in \($0.scene.rawValue)" }.joined(separator: ", ")
    }

    static func make(_ state: State) -> Order { state.make() }
    static func invariantViolations(of machine: Order) -> [String] { machine.invariantViolations() }

    static let table = TableFile("AuthCallOrderTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsActionAndResultingState() throws {
        let header = """
            # AuthCallOrder: every named state (AuthCallOrderTableTests.State) × every input,
            # each for every stamp issued (AuthStateMachine gives some only for the newest
            # call). Each line: state × input → action ⇒ resulting state. Checked line for
            # line by AuthCallOrderTableTests. Calls are named by what they are; "last" is
            # the stamp issued last; factory handles are 1x and 20, each with the scene it
            # builds in.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }

    @Test func onlyTheNewestCallOnItsWayIsNotSupersededAndOnlyTheNewestCallsFactoryIsKept() {
        for state in State.allCases {
            let order = state.make()
            for stamp in UInt64(0)...order.lastStamp + 1 {
                let onItsWay: Bool
                if case .running(stamp, _, _, _, _) = order.state { onItsWay = true } else { onItsWay = false }
                #expect(order.isSuperseded(stamp) == !onItsWay, "\(state), call \(stamp)")
                var copy = order
                let kept = copy.buildStarted(stamp, in: AuthSceneID(rawValue: 3), 30) == .keep
                #expect(kept == (stamp == order.newest && stamp > 0), "\(state), factory of call \(stamp)")
            }
        }
    }

    @Test func aCallAnsweredUnchangedThatWasNeverIssuedBreaksTheFirstInvariant() {
        var order = Order()
        _ = order.makeNewest(order.issue(), "login")
        order.answeredUnchanged(3)
        #expect(order.invariantViolations() == ["1: stamp 3 after 1 calls"])
    }

    @Test func aCallMadeNewestWithAnyStampButTheLastIssuedStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var order = AuthCallOrder<String, String, Int>()
            _ = order.issue()
            _ = order.issue()
            _ = order.makeNewest(1, "login")
        }
        expectInternalInconsistency(in: result)
    }
}
