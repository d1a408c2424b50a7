import Foundation
import Testing

@testable import AppFlow

/// `CoveredChildMachine` as a complete table: every state × every input a scene makes,
/// kept in `CoveredChildMachineTable.txt` with its answer and resulting state.
@Suite struct CoveredChildMachineTableTests: MachineTable {
    typealias Machine = CoveredChildMachine<String>

    /// Nothing kept, or screen "s" of epoch 1 kept by cover call 2.
    enum State: String, CaseIterable, Sendable {
        case empty, keptBy2

        func make() -> Machine {
            var machine = Machine()
            if self == .keptBy2 {
                _ = machine.keep("s", at: AuthPlace.loggedIn("a"), screenEpoch: 1, coverEpoch: 1, by: 2)
            }
            return machine
        }
    }

    enum Input: Sendable, CustomStringConvertible {
        /// Cover call `by`, covering epoch `cover`, hides screen "t" at `place`, of epoch
        /// `screen`.
        case keep(screen: UInt64?, place: AuthPlace<String>, cover: UInt64?, by: UInt64)
        case covered(ofEpoch: UInt64?)
        case release(keptBefore: UInt64?)

        var description: String {
            func text(_ epoch: UInt64?) -> String { epoch.map(String.init) ?? "none" }
            switch self {
            case .keep(let screen, let place, let cover, let by):
                return "keep(t at \(place) of epoch \(text(screen)), cover of epoch \(text(cover)), by: \(by))"
            case .covered(let epoch): return "covered(ofEpoch: \(text(epoch)))"
            case .release(let stamp): return "release(keptBefore: \(text(stamp)))"
            }
        }
    }

    static let inputs: [Input] =
        [
            .keep(screen: 1, place: .loggedIn("a"), cover: 1, by: 3),
            .keep(screen: 1, place: .loggedIn("a"), cover: 1, by: 1),
            .keep(screen: 1, place: .loggedIn("a"), cover: 1, by: 2),
            .keep(screen: 1, place: .switching(from: "a"), cover: 1, by: 3),
            .keep(screen: 1, place: .locked("a", keepsSession: true), cover: 1, by: 3),
            .keep(screen: 1, place: .covered("a"), cover: 1, by: 3),
            .keep(screen: 1, place: .loggedOut(.signedOut), cover: 1, by: 3),
            .keep(screen: 2, place: .loggedIn("a"), cover: 1, by: 3),
            .keep(screen: nil, place: .loggedIn("a"), cover: nil, by: 3),
        ] + [nil, 1, 2].map { .covered(ofEpoch: $0) } + [nil, 2, 3].map { .release(keptBefore: $0) }

    static func apply(_ input: Input, to machine: inout Machine) -> String {
        switch input {
        case .keep(let screen, let place, let cover, let by):
            let replaced = machine.keep(
                "t",
                at: place,
                screenEpoch: screen,
                coverEpoch: cover,
                by: by
            )
            return "replaced \(replaced ?? "nothing")"
        case .covered(let epoch):
            return "shows \(machine.covered(ofEpoch: epoch) ?? "nothing")"
        case .release(let stamp):
            return
                "lets go \(machine.release(keptBefore: stamp).map { "\($0.screen) of epoch \($0.epoch)" } ?? "nothing")"
        }
    }

    static func render(_ machine: Machine) -> String {
        switch machine.state {
        case .empty: return "empty"
        case .kept(let screen, let epoch, let keptBy): return "\(screen) of epoch \(epoch) kept by \(keptBy)"
        }
    }

    static func make(_ state: State) -> Machine { state.make() }
    static func inputs(in state: State) -> [Input] { inputs }

    static let table = TableFile("CoveredChildMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # CoveredChildMachine: every state (CoveredChildMachineTableTests.State) × every
            # input a scene makes. Each line: state × input → answer ⇒ resulting state.
            # Checked line for line by CoveredChildMachineTableTests. Screen "s" is kept by
            # cover call 2; "t" is the screen a later input offers.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    /// Only a session's own child beside a cover of its very epoch goes under it; every
    /// other pair of screens is an ordinary transition.
    @Test func onlyASessionsOwnChildBesideACoverOfItsEpochGoesUnderIt() {
        let places: [AuthPlace<String>] = [
            .splash, .loggedOut(.signedOut), .loggedIn("a"), .switching(from: "a"),
            .locked("a", keepsSession: true), .locked("a", keepsSession: false), .covered("a"),
        ]
        var under: [String] = []
        for place in places {
            for other in places.map(Optional.some) + [nil] {
                for otherEpoch: UInt64? in [1, 2, nil]
                where Machine.goesUnderCover(place, epoch: 1, beside: other, epoch: otherEpoch) {
                    under.append(
                        "\(place) beside \(other.map { "\($0)" } ?? "nothing") of \(otherEpoch.map { "\($0)" } ?? "nil")"
                    )
                }
            }
        }
        #expect(
            under == [
                "loggedIn(\"a\") beside locked(\"a\", keepsSession: true) of 1",
                "loggedIn(\"a\") beside covered(\"a\") of 1",
            ]
        )
    }
}
