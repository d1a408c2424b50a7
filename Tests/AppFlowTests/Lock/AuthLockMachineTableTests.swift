import Foundation
import Testing

@testable import AppFlow

/// `AuthLockMachine` as a complete table: every named state × every input the auth
/// machine makes, kept in `AuthLockMachineTable.txt` with its answer and resulting state,
/// the invariant checked before and after every row.
@Suite struct AuthLockMachineTableTests: InvariantMachineTable {
    typealias Machine = AuthLockMachine<String>

    /// The named states, each reached by the inputs the auth machine makes for call 2 with
    /// the flow logged in as "a" (or logged out, for the cover with nothing to cover).
    enum State: String, CaseIterable, Sendable {
        case fresh
        case lockOnItsWay
        case coverOnItsWay
        /// A cover called with nothing to cover: it hides nothing, but is called.
        case coverWithNothingToCover
        /// A cover (2) then a lock (3), both ended.
        case lockAfterCover
        /// A lock on its way (2), then a cover called (3) that hides nothing: the lock hides
        /// the session, the cover is the newest called.
        case coverCalledOverLock

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .fresh:
                break
            case .lockOnItsWay:
                _ = machine.aim(2, .lock(.cover), from: .loggedIn("a"))
            case .coverOnItsWay, .lockAfterCover:
                machine.coverCalled(2)
                _ = machine.aim(2, .lock(.privacy), from: .loggedIn("a"))
                if self == .lockAfterCover {
                    _ = machine.aim(3, .lock(.teardown), from: .covered("a"))
                    machine.ended(2)
                    machine.ended(3)
                }
            case .coverWithNothingToCover:
                machine.coverCalled(2)
                _ = machine.aim(2, .lock(.privacy), from: .loggedOut(.signedOut))
            case .coverCalledOverLock:
                _ = machine.aim(2, .lock(.cover), from: .loggedIn("a"))
                machine.coverCalled(3)
            }
            return machine
        }
    }

    static let places: [AuthPlace<String>] = [
        .splash, .loggedOut(.signedOut), .loggedIn("a"), .switching(from: "a"), .covered("a"),
        .locked("a", keepsSession: true), .locked("a", keepsSession: false),
    ]
    static let calls: [Machine.Call] = [.lock(.cover), .lock(.teardown), .lock(.privacy), .unlock, .uncover]

    enum Input: Sendable, CustomStringConvertible {
        case aim(Machine.Call, from: AuthPlace<String>)
        case hides(UInt64, as: Machine.Kind)
        case coverCalled
        case ended(UInt64)
        case supersedes(attemptSince: UInt64)

        var description: String {
            switch self {
            case .aim(let call, let place): return "aim(4, \(tableText(call)), from: \(tableText(place)))"
            case .hides(let stamp, let kind): return "hides(\(stamp), as: \(kind))"
            case .coverCalled: return "coverCalled(4)"
            case .ended(let stamp): return "ended(\(stamp))"
            case .supersedes(let since): return "supersedes(attemptSince: \(since))"
            }
        }
    }

    /// Every call aimed from every place as call 4, a start's or a joined call's hiding
    /// (newer than all, or older than some), a cover called, a call ended, and whether an
    /// attempt begun before or after the last lock or cover is superseded.
    static let inputs: [Input] =
        calls.flatMap { call in places.map { .aim(call, from: $0) } }
        + [Machine.Kind.cover, .teardown, .privacy].map { .hides(4, as: $0) }
        + [
            .hides(1, as: .teardown), .coverCalled, .ended(2), .supersedes(attemptSince: 1),
            .supersedes(attemptSince: 2), .supersedes(attemptSince: 3),
        ]

    static func apply(_ input: Input, to machine: inout Machine) -> String {
        switch input {
        case .aim(let call, let place): return "target \(machine.aim(4, call, from: place).map(tableText) ?? "none")"
        case .hides(let stamp, let kind):
            machine.hides(stamp, as: kind)
            return "-"
        case .coverCalled:
            machine.coverCalled(4)
            return "-"
        case .ended(let stamp):
            machine.ended(stamp)
            return "-"
        case .supersedes(let since): return "\(machine.supersedes(attemptSince: since))"
        }
    }

    static func render(_ machine: Machine) -> String {
        var parts = ["last hidden \(tableText(machine.lastHidden))"]
        if case .coverCalled(let stamp, _) = machine.hiding { parts.append("cover \(stamp) called since") }
        if !machine.targets.isEmpty {
            parts.append(
                "targets "
                    + machine.targets.sorted { $0.key < $1.key }.map { "\($0.key): \(tableText($0.value))" }
                    .joined(separator: ", ")
            )
        }
        if machine.isLockedSinceCover { parts.append("locked since cover") }
        return parts.joined(separator: "; ")
    }

    static func make(_ state: State) -> Machine { state.make() }
    static func inputs(in state: State) -> [Input] { inputs }
    static func invariantViolations(of machine: Machine) -> [String] { machine.invariantViolations(lastStamp: 4) }

    static let table = TableFile("AuthLockMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # AuthLockMachine: every named state (AuthLockMachineTableTests.State) × every
            # input the auth machine makes. Each line: state × input → answer ⇒ resulting
            # state. Checked line for line by AuthLockMachineTableTests. The named states come
            # from calls 2 and 3; the inputs are of call 4, or of an older stamp where named.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }
}
