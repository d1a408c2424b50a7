// The arrival-gate part of the fuzz target: `ArrivalGate` driven by the inputs a scene
// makes (calls of any stamp issued so far coming to the gate, the container taking in a
// request), checked against a reference model of the calls at the gate. Built by
// `Tests/Fuzz/fuzz.sh`.

/// Drives an `ArrivalGate` as an `AuthScene` would, keeping the reference model. A
/// waiter is its call's index in `calls`.
struct ArrivalGateDriver {
    typealias Gate = ArrivalGate<Int>

    /// Where the model has a call.
    enum Status: Equatable {
        /// Waiting at the gate: owed exactly one resumption.
        case waiting
        /// On its way to the container: owed its arrival.
        case onItsWay
        /// Beaten, or arrived.
        case done
    }

    struct Call {
        let stamp: UInt64
        var status: Status
    }

    var gate = Gate()
    var calls: [Call] = []
    var lastStamp: UInt64 = 0

    /// The stamps of the calls on their way or waiting.
    var known: [UInt64] { calls.filter { $0.status != .done }.map(\.stamp) }

    mutating func enter(_ input: inout FuzzInput) {
        // Mostly a new call; sometimes one stamped earlier that comes late, never one
        // already at the gate (a call passes it once at a time).
        let stamp: UInt64
        let late = lastStamp > 0 ? 1 + UInt64(input.next()) % lastStamp : 0
        if input.bit(), late > 0, !known.contains(late) {
            stamp = late
        } else {
            lastStamp += 1
            stamp = lastStamp
        }
        let newer = known.contains { $0 > stamp }
        let open = known.isEmpty
        calls.append(Call(stamp: stamp, status: .waiting))
        let index = calls.count - 1
        switch gate.enter(stamp, waiter: index) {
        case .go:
            if !open { violated("call \(stamp) went while \(known) were at the gate") }
            calls[index].status = .onItsWay
        case .beaten:
            if !newer { violated("call \(stamp) beaten with no newer call at the gate: \(known)") }
            calls[index].status = .done
        case .park(let displaced):
            if open || newer { violated("call \(stamp) waits: open \(open), newer \(newer)") }
            if let displaced { resume(displaced, goes: false) }
        }
    }

    mutating func arrived(_ input: inout FuzzInput) {
        // The container takes in the request on its way, or one that passed no gate.
        let onItsWay = calls.firstIndex { $0.status == .onItsWay }
        let stamp = input.bit() ? onItsWay.map { calls[$0].stamp } ?? 0 : UInt64(input.next())
        let waiting = calls.firstIndex { $0.status == .waiting }
        switch gate.arrived(stamp) {
        case .none:
            if let onItsWay, calls[onItsWay].stamp == stamp {
                if waiting != nil { violated("request \(stamp) arrived and the call waiting stayed") }
                calls[onItsWay].status = .done
            }
        case .release(let waiter):
            guard let onItsWay, calls[onItsWay].stamp == stamp else {
                violated("arrival of \(stamp), which was not on its way, released a call")
            }
            calls[onItsWay].status = .done
            resume(waiter, goes: true)
        }
    }

    /// The gate resumed call `index`: it goes to the container, or is beaten.
    mutating func resume(_ index: Int, goes: Bool) {
        guard calls[index].status == .waiting else { violated("call \(calls[index].stamp) resumed twice") }
        if !goes, !calls.contains(where: { $0.status != .done && $0.stamp > calls[index].stamp }) {
            violated("waiting call \(calls[index].stamp) beaten by no newer call")
        }
        calls[index].status = goes ? .onItsWay : .done
    }

    /// The model and the gate agree, and the gate keeps its invariants.
    func checkState() {
        gate.checkInvariants()
        let onItsWay = calls.filter { $0.status == .onItsWay }
        let waiting = calls.filter { $0.status == .waiting }
        if onItsWay.count > 1 || waiting.count > 1 {
            violated("\(onItsWay.count) on their way, \(waiting.count) waiting")
        }
        if gate.onItsWay != onItsWay.first?.stamp || gate.parked?.stamp != waiting.first?.stamp {
            violated("the gate and the model differ")
        }
    }

    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            if input.choose(3) == 0 { arrived(&input) } else { enter(&input) }
            checkState()
        }
        // Every request arrives: the gate opens and every call has ended.
        while calls.contains(where: { $0.status == .onItsWay }) {
            var arrival = FuzzInput([1])
            arrived(&arrival)
            checkState()
        }
        if calls.contains(where: { $0.status != .done }) || gate.onItsWay != nil { violated("a call never ended") }
    }
}
