import AppFlowTesting
import Testing

@testable import AppFlow

/// A scene's arrival gate, tested synchronously: the complete table of its three kinds of
/// state × every input, and a random walk against a reference model. Calls are stamped
/// 3 (older than any the gate knows), 5 (on its way), 6, 7 (waiting) and 9 (newer than
/// any); a call's waiter is named "w" and its stamp.
@Suite struct ArrivalGateTests {
    typealias Gate = ArrivalGate<String>

    /// The states the table starts from, each built by the gate's own inputs.
    enum State: String, CaseIterable, Sendable, Codable {
        /// Nothing on its way.
        case open
        /// Call 5 is on its way; nothing waits.
        case onItsWay
        /// Call 5 is on its way; call 7 waits for it, as "w7".
        case waiting

        func make() -> Gate {
            var gate = Gate()
            if self != .open { _ = gate.enter(5, waiter: "w5") }
            if self == .waiting { _ = gate.enter(7, waiter: "w7") }
            return gate
        }

        var expected: Snapshot {
            switch self {
            case .open: return Snapshot(onItsWay: nil, parked: nil)
            case .onItsWay: return Snapshot(onItsWay: 5, parked: nil)
            case .waiting: return Snapshot(onItsWay: 5, parked: "w7")
            }
        }
    }

    /// The gate's state as the table states it: the stamp on its way, the waiter parked.
    struct Snapshot: Equatable, CustomStringConvertible {
        var onItsWay: UInt64?
        var parked: String?

        init(onItsWay: UInt64?, parked: String?) {
            self.onItsWay = onItsWay
            self.parked = parked
        }

        init(_ gate: Gate) {
            onItsWay = gate.onItsWay
            parked = gate.parked.map { "\($0.waiter)" }
        }

        var description: String { "on its way \(onItsWay.map(String.init) ?? "none"), parked \(parked ?? "none")" }
    }

    enum Input: Sendable, CustomStringConvertible {
        /// Call `stamp` comes to the gate, with its waiter "w<stamp>".
        case enter(UInt64)
        case arrived(UInt64)

        var description: String {
            switch self {
            case .enter(let stamp): return "enter(\(stamp))"
            case .arrived(let stamp): return "arrived(\(stamp))"
            }
        }
    }

    /// An action as text: "go", "beaten", "park", "park, w7 beaten", "none",
    /// "release w7".
    static func text(_ action: Gate.EnterAction) -> String {
        switch action {
        case .go: return "go"
        case .beaten: return "beaten"
        case .park(let displaced): return displaced.map { "park, \($0) beaten" } ?? "park"
        }
    }

    static func text(_ action: Gate.ArrivedAction) -> String {
        switch action {
        case .none: return "none"
        case .release(let waiter): return "release \(waiter)"
        }
    }

    /// Runs `input` on `gate` and returns its action as text.
    static func apply(_ input: Input, to gate: inout Gate) -> String {
        switch input {
        case .enter(let stamp): return text(gate.enter(stamp, waiter: "w\(stamp)"))
        case .arrived(let stamp): return text(gate.arrived(stamp))
        }
    }

    struct Expected: Sendable {
        let action: String
        let onItsWay: UInt64?
        let parked: String?
    }

    typealias Row = TableRow<State, Input, Expected>

    static func row(_ state: State, _ input: Input, _ action: String, _ onItsWay: UInt64?, _ parked: String?) -> Row {
        Row(state, input, Expected(action: action, onItsWay: onItsWay, parked: parked))
    }

    /// Every state × every input.
    static let rows: [Row] = [
        // An open gate lets any call go; an arrival changes nothing.
        row(.open, .enter(3), "go", 3, nil),
        row(.open, .enter(9), "go", 9, nil),
        row(.open, .arrived(5), "none", nil, nil),
        // Behind a request on its way: an older call is beaten, a newer one waits.
        row(.onItsWay, .enter(3), "beaten", 5, nil),
        row(.onItsWay, .enter(6), "park", 5, "w6"),
        row(.onItsWay, .enter(9), "park", 5, "w9"),
        // Its arrival opens the gate; another stamp's does not.
        row(.onItsWay, .arrived(5), "none", nil, nil),
        row(.onItsWay, .arrived(3), "none", 5, nil),
        row(.onItsWay, .arrived(9), "none", 5, nil),
        // With a call waiting: an older call than either is beaten, and so is one between
        // them; a newer one takes the waiting call's place, which is beaten.
        row(.waiting, .enter(3), "beaten", 5, "w7"),
        row(.waiting, .enter(6), "beaten", 5, "w7"),
        row(.waiting, .enter(9), "park, w7 beaten", 5, "w9"),
        // The arrival of the request on its way sends the waiting call on its way.
        row(.waiting, .arrived(5), "release w7", 7, nil),
        row(.waiting, .arrived(7), "none", 5, "w7"),
        row(.waiting, .arrived(3), "none", 5, "w7"),
    ]

    @Test(arguments: State.allCases)
    func everyNamedStateIsTheStateItsNameSaysAndKeepsTheInvariants(_ state: State) {
        let gate = state.make()
        #expect(Snapshot(gate) == state.expected)
        gate.checkInvariants()
    }

    @Test(arguments: rows)
    func everyRowReturnsItsActionAndLeavesItsState(_ row: Row) {
        var gate = row.state.make()
        let action = Self.apply(row.input, to: &gate)
        #expect(action == row.expected.action)
        #expect(Snapshot(gate) == Snapshot(onItsWay: row.expected.onItsWay, parked: row.expected.parked))
        gate.checkInvariants()
    }

    @Test func theTableCoversEveryStateWithEveryKindOfInput() {
        for state in State.allCases {
            let inputs = Self.rows.filter { $0.state == state }.map(\.input)
            #expect(inputs.contains { if case .enter = $0 { true } else { false } }, "\(state) has no enter row")
            #expect(inputs.contains { if case .arrived = $0 { true } else { false } }, "\(state) has no arrived row")
        }
    }

    /// A call comes to a scene's gate once at a time: a stamp the gate holds is an input
    /// the flow never makes.
    @Test(arguments: [State.onItsWay, .waiting])
    func aStampTheGateHoldsAlreadyStopsTheProcess(_ state: State) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [state] in
            var gate = state.make()
            _ = gate.enter(state == .waiting ? 7 : 5, waiter: "again")
        }
        expectInternalInconsistency(in: result)
    }

    /// A random walk of calls and arrivals, checked against what the gate promises: only a
    /// call older than one the gate knows is beaten, every waiter is resumed exactly once,
    /// the newest call is never beaten, and the gate is open once every request arrived.
    @Test(arguments: [1, 2, 3, 4])
    func randomWalksKeepEveryPromise(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var gate = Gate()
        var nextStamp: UInt64 = 1
        var newest: UInt64 = 0
        // The waiters parked, and those resumed: each is resumed exactly once.
        var handedIn: Set<String> = []
        var resumed: Set<String> = []
        var sent: [UInt64] = []
        for step in 0..<20_000 {
            let known = [gate.onItsWay, gate.parked?.stamp].compactMap { $0 }
            if random.next() % 3 != 0 || sent.isEmpty {
                // A call comes: mostly the newest, sometimes one stamped earlier that
                // arrives late.
                let stamp: UInt64
                let late = nextStamp > 1 ? 1 + random.next() % (nextStamp - 1) : 0
                if random.next() % 4 == 0, late > 0, !known.contains(late) {
                    // A call is at the gate once at a time.
                    stamp = late
                } else {
                    stamp = nextStamp
                    nextStamp += 1
                }
                newest = max(newest, stamp)
                let waiter = "w\(stamp).\(step)"
                let action = gate.enter(stamp, waiter: waiter)
                switch action {
                case .go:
                    #expect(known.isEmpty)
                    sent.append(stamp)
                case .beaten:
                    #expect(known.contains { $0 > stamp }, "call \(stamp) beaten with only \(known) known")
                case .park(let displaced):
                    #expect(
                        !known.isEmpty && known.allSatisfy { $0 < stamp },
                        "call \(stamp) waits with \(known) known"
                    )
                    #expect(handedIn.insert(waiter).inserted)
                    if let displaced {
                        #expect(resumed.insert(displaced).inserted, "\(displaced) resumed twice")
                        #expect(!displaced.hasPrefix("w\(newest)."))
                    }
                }
            } else {
                // The container takes in a request: the one on its way, or another.
                let stamp =
                    random.next() % 2 == 0 ? (gate.onItsWay ?? 0) : sent[Int(random.next() % UInt64(sent.count))]
                let parked = gate.parked
                let wasOnItsWay = gate.onItsWay == stamp
                switch gate.arrived(stamp) {
                case .none:
                    #expect(!wasOnItsWay || parked == nil)
                case .release(let waiter):
                    #expect(wasOnItsWay && waiter == parked?.waiter)
                    #expect(resumed.insert(waiter).inserted, "\(waiter) resumed twice")
                    sent.append(parked!.stamp)
                }
            }
            gate.checkInvariants()
        }
        // Every request arrives: the gate opens, and the call still waiting goes.
        while let onItsWay = gate.onItsWay {
            if case .release(let waiter) = gate.arrived(onItsWay) {
                #expect(resumed.insert(waiter).inserted)
            }
            gate.checkInvariants()
        }
        #expect(gate.parked == nil)
        #expect(resumed == handedIn)
    }
}
