import AppFlowTesting
import Testing

@testable import AppFlow

/// The merge that makes a flow's events from its scenes', tested synchronously: the
/// complete table of its states × every kind of input, with its invariants checked after
/// every row and every step of seeded random walks. Scene transitions are written
/// `s<scene>#<transition>`; call 5 is the one open or last announced, 3 is older, 7 newer.
@Suite struct AuthEventMergeTests {
    typealias Merge = AuthEventMerge<String, String>
    typealias Member = Merge.Member

    static func member(_ scene: UInt64, _ transition: UInt64) -> Member {
        Member(scene: AuthSceneID(rawValue: scene), transition: TransitionID(rawValue: transition))
    }

    /// The `will` of call `number`, begun by scene transition `member`.
    static func will(_ number: UInt64, _ member: Member) -> AuthEvent<String, String> {
        AuthEvent(
            kind: .willLogin,
            child: "c\(number)",
            session: "ada",
            isInitial: false,
            call: .login,
            logoutVariant: nil,
            transitionID: member.transition
        )
    }

    enum Input: Sendable, CustomStringConvertible {
        /// Scene transition `s<scene>#<transition>` began call `number`.
        case began(UInt64, scene: UInt64, transition: UInt64)
        case ended(scene: UInt64, transition: UInt64)
        case sceneEnded(UInt64)
        case flowFinished

        var description: String {
            switch self {
            case .began(let number, let scene, let transition): "began(\(number), s\(scene)#\(transition))"
            case .ended(let scene, let transition): "ended(s\(scene)#\(transition))"
            case .sceneEnded(let scene): "sceneEnded(s\(scene))"
            case .flowFinished: "flowFinished"
            }
        }
    }

    /// A merge fed inputs, with everything it has yielded, its invariants checked after
    /// every input.
    struct Checked {
        var merge = Merge()
        var yielded: [AuthEvent<String, String>] = []

        /// Feeds `input`; returns what it yielded, as text ("none" for nothing).
        @discardableResult
        mutating func apply(_ input: Input) -> String {
            let out: [AuthEvent<String, String>]
            switch input {
            case .began(let number, let scene, let transition):
                let member = AuthEventMergeTests.member(scene, transition)
                out = merge.began(AuthEventMergeTests.will(number, member), stamp: number, in: member)
            case .ended(let scene, let transition):
                out = merge.ended(AuthEventMergeTests.member(scene, transition)).map { [$0] } ?? []
            case .sceneEnded(let scene):
                out = merge.sceneEnded(AuthSceneID(rawValue: scene)).map { [$0] } ?? []
            case .flowFinished:
                out = merge.flowFinished().map { [$0] } ?? []
            }
            if case .finished = before { #expect(out.isEmpty, "yielded after the flow finished") }
            yielded += out
            checkInvariants()
            before = merge.state
            return out.isEmpty ? "none" : out.map { "\($0.kind) \($0.child)" }.joined(separator: ", ")
        }

        private var before = Merge.State.idle

        /// The invariants, written once.
        func checkInvariants() {
            // 1. Wills and dids alternate, starting with a will; each did ends the will
            //    before it: the same child and transition.
            for (index, event) in yielded.enumerated() {
                let isWill = event.kind == .willLogin
                #expect(isWill == index.isMultiple(of: 2), "will and did do not alternate: \(yielded)")
                if !isWill {
                    #expect(event.child == yielded[index - 1].child)
                    #expect(event.transitionID == yielded[index - 1].transitionID)
                }
            }
            // 2. Every call announced is newer than the one before.
            let numbers = yielded.filter { $0.kind == .willLogin }.map { UInt64($0.child.dropFirst())! }
            #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "announced out of call order")
            #expect(merge.newestAnnounced == numbers.last)
            // 3. An open call is the last will yielded, owed its did, with a scene showing it;
            //    otherwise no did is owed.
            switch merge.state {
            case .open(let number, let will, let members):
                #expect(yielded.last?.kind == .willLogin && yielded.last?.child == "c\(number)")
                #expect(will.child == "c\(number)")
                #expect(!members.isEmpty)
            case .idle, .finished:
                #expect(yielded.last.map { $0.kind == .didLogin } ?? true, "a will is owed its did")
            }
        }
    }

    /// The states the table starts from, each built by the merge's own inputs.
    enum State: String, CaseIterable, Sendable {
        case fresh
        /// Call 5 was announced and has ended.
        case idleAfter5
        /// Call 5 is open, shown by s1#1.
        case openInOne
        /// Call 5 is open, shown by s1#1 and s2#2.
        case openInTwo
        case finished

        func make() -> Checked {
            var checked = Checked()
            switch self {
            case .fresh: break
            case .idleAfter5:
                checked.apply(.began(5, scene: 1, transition: 1))
                checked.apply(.ended(scene: 1, transition: 1))
            case .openInOne:
                checked.apply(.began(5, scene: 1, transition: 1))
            case .openInTwo:
                checked.apply(.began(5, scene: 1, transition: 1))
                checked.apply(.began(5, scene: 2, transition: 2))
            case .finished:
                checked.apply(.flowFinished)
            }
            return checked
        }
    }

    /// The merge's state as text: "idle", "idle after 5", "open 5 [s1#1, s2#2]", "finished".
    static func text(_ merge: Merge) -> String {
        switch merge.state {
        case .idle: return merge.newestAnnounced.map { "idle after \($0)" } ?? "idle"
        case .finished: return "finished"
        case .open(let number, _, let members):
            let names = members.sorted { ($0.scene, $0.transition) < ($1.scene, $1.transition) }
                .map { "s\($0.scene.rawValue)#\($0.transition.rawValue)" }
            return "open \(number) [\(names.joined(separator: ", "))]"
        }
    }

    struct Expected: Sendable {
        let yields: String
        let state: String
    }

    typealias Row = TableRow<State, Input, Expected>

    static func row(_ state: State, _ input: Input, _ yields: String, _ after: String) -> Row {
        Row(state, input, Expected(yields: yields, state: after))
    }

    static let inputs: [Input] = [
        .began(3, scene: 3, transition: 3), .began(5, scene: 3, transition: 3), .began(7, scene: 3, transition: 3),
        .ended(scene: 1, transition: 1), .ended(scene: 3, transition: 9),
        .sceneEnded(1), .sceneEnded(3), .flowFinished,
    ]

    /// Every state × every input.
    static let rows: [Row] = [
        // Nothing announced yet: the first scene to begin a call announces it.
        row(.fresh, inputs[0], "willLogin c3", "open 3 [s3#3]"),
        row(.fresh, inputs[1], "willLogin c5", "open 5 [s3#3]"),
        row(.fresh, inputs[2], "willLogin c7", "open 7 [s3#3]"),
        row(.fresh, inputs[3], "none", "idle"),
        row(.fresh, inputs[4], "none", "idle"),
        row(.fresh, inputs[5], "none", "idle"),
        row(.fresh, inputs[6], "none", "idle"),
        row(.fresh, inputs[7], "none", "finished"),
        // After call 5: a scene joining it late, or an older call, is not announced again.
        row(.idleAfter5, inputs[0], "none", "idle after 5"),
        row(.idleAfter5, inputs[1], "none", "idle after 5"),
        row(.idleAfter5, inputs[2], "willLogin c7", "open 7 [s3#3]"),
        row(.idleAfter5, inputs[3], "none", "idle after 5"),
        row(.idleAfter5, inputs[4], "none", "idle after 5"),
        row(.idleAfter5, inputs[5], "none", "idle after 5"),
        row(.idleAfter5, inputs[6], "none", "idle after 5"),
        row(.idleAfter5, inputs[7], "none", "finished"),
        // Call 5 open in one scene: another scene joins it; a newer call ends it first.
        row(.openInOne, inputs[0], "none", "open 5 [s1#1]"),
        row(.openInOne, inputs[1], "none", "open 5 [s1#1, s3#3]"),
        row(.openInOne, inputs[2], "didLogin c5, willLogin c7", "open 7 [s3#3]"),
        row(.openInOne, inputs[3], "didLogin c5", "idle after 5"),
        row(.openInOne, inputs[4], "none", "open 5 [s1#1]"),
        row(.openInOne, inputs[5], "didLogin c5", "idle after 5"),
        row(.openInOne, inputs[6], "none", "open 5 [s1#1]"),
        row(.openInOne, inputs[7], "didLogin c5", "finished"),
        // Open in two scenes: the did waits for the last of them.
        row(.openInTwo, inputs[0], "none", "open 5 [s1#1, s2#2]"),
        row(.openInTwo, inputs[1], "none", "open 5 [s1#1, s2#2, s3#3]"),
        row(.openInTwo, inputs[2], "didLogin c5, willLogin c7", "open 7 [s3#3]"),
        row(.openInTwo, inputs[3], "none", "open 5 [s2#2]"),
        row(.openInTwo, inputs[4], "none", "open 5 [s1#1, s2#2]"),
        row(.openInTwo, inputs[5], "none", "open 5 [s2#2]"),
        row(.openInTwo, inputs[6], "none", "open 5 [s1#1, s2#2]"),
        row(.openInTwo, inputs[7], "didLogin c5", "finished"),
        // Finished: nothing more.
        row(.finished, inputs[0], "none", "finished"),
        row(.finished, inputs[1], "none", "finished"),
        row(.finished, inputs[2], "none", "finished"),
        row(.finished, inputs[3], "none", "finished"),
        row(.finished, inputs[4], "none", "finished"),
        row(.finished, inputs[5], "none", "finished"),
        row(.finished, inputs[6], "none", "finished"),
        row(.finished, inputs[7], "none", "finished"),
    ]

    @Test func theTableCoversEveryStateWithEveryInput() {
        #expect(Self.rows.count == State.allCases.count * Self.inputs.count)
        let keys = Set(Self.rows.map(\.key))
        for state in State.allCases {
            for input in Self.inputs {
                #expect(keys.contains("\(state.rawValue) × \(input)"))
            }
        }
    }

    @Test(arguments: rows)
    func everyRowYieldsWhatItSaysAndKeepsTheInvariants(_ row: Row) {
        var checked = row.state.make()
        #expect(checked.apply(row.input) == row.expected.yields)
        #expect(Self.text(checked.merge) == row.expected.state)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomWalksKeepTheInvariants(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var checked = Checked()
        for step in 0..<2_000 {
            let scene = UInt64.random(in: 1...3, using: &random)
            let transition = UInt64.random(in: 1...4, using: &random)
            // Calls drift newer, with older ones coming late.
            let number = UInt64(step / 20) + .random(in: 0...3, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45: checked.apply(.began(number, scene: scene, transition: transition))
            case 45..<85: checked.apply(.ended(scene: scene, transition: transition))
            default: checked.apply(.sceneEnded(scene))
            }
        }
        checked.apply(.flowFinished)
        checked.apply(.began(1_000, scene: 1, transition: 1))
        #expect(checked.yielded.count > 100)
    }
}
