/// One scene's arrival gate, a pure state machine: at most one of the flow's requests is
/// on its way to the scene's container at a time, and of the calls that wait for it only
/// the newest is kept. A call that a newer call has beaten ends at the gate, where the
/// container would have refused it on arrival, so it never joins the container's queue.
///
/// A request is on its way from the moment it passes the gate until the container has
/// taken it in (``arrived(_:)``). Stamps are the flow's call order: a call with an older
/// stamp than one the gate knows is superseded, and the container refuses a superseded call on
/// arrival. A call comes to a scene's gate once at a time: a stamp the gate holds already
/// is an input the flow never makes, and stops the process.
///
/// `Waiter` is what the performer resumes; the machine only keeps it.
struct ArrivalGate<Waiter> {
    typealias Stamp = UInt64

    /// Where the gate stands. A call waits only behind a request on its way, and is newer
    /// than it: the first holds by the cases, ``checkInvariants()`` checks the second.
    enum State {
        /// No request is on its way.
        case open
        /// Request `stamp` is on its way to the container.
        case onItsWay(Stamp)
        /// Request `onItsWay` is on its way, and call `parked` waits for it to arrive.
        case waiting(onItsWay: Stamp, parked: Stamp, waiter: Waiter)
    }

    private(set) var state = State.open

    /// The request on its way to the container.
    var onItsWay: Stamp? {
        switch state {
        case .open: nil
        case .onItsWay(let stamp), .waiting(let stamp, _, _): stamp
        }
    }

    /// The newest call waiting for it to arrive, and how to resume it.
    var parked: (stamp: Stamp, waiter: Waiter)? {
        guard case .waiting(_, let stamp, let waiter) = state else { return nil }
        return (stamp, waiter)
    }

    /// What a call at the gate does.
    enum EnterAction {
        /// Go to the container now: the call is on its way.
        case go
        /// End the call (``AuthStateMachine/beatenAtGate(callerCancelled:)`` says with what):
        /// a newer call is on its way or waiting.
        case beaten
        /// The waiter waits for ``arrived(_:)``; the call it took the place of (older, so
        /// beaten) ends.
        case park(displaced: Waiter?)
    }

    /// Call `stamp` comes to the gate; `waiter` resumes it if it has to wait.
    mutating func enter(_ stamp: Stamp, waiter: Waiter) -> EnterAction {
        precondition(
            stamp != onItsWay && stamp != parked?.stamp,
            "Internal inconsistency: call \(stamp) came to the gate it is at"
        )
        switch state {
        case .open:
            state = .onItsWay(stamp)
            return .go
        case .onItsWay(let onItsWay):
            if onItsWay > stamp { return .beaten }
            state = .waiting(onItsWay: onItsWay, parked: stamp, waiter: waiter)
            return .park(displaced: nil)
        case .waiting(let onItsWay, let parked, let displaced):
            if onItsWay > stamp || parked > stamp { return .beaten }
            state = .waiting(onItsWay: onItsWay, parked: stamp, waiter: waiter)
            return .park(displaced: displaced)
        }
    }

    /// What to do once a request has arrived.
    enum ArrivedAction {
        /// Nothing waits.
        case none
        /// Resume this waiter: its call is on its way now.
        case release(Waiter)
    }

    /// The container has taken in request `stamp`. Another stamp's arrival leaves the gate
    /// as it is: that request passed no gate, or is not the one on its way.
    mutating func arrived(_ stamp: Stamp) -> ArrivedAction {
        switch state {
        case .onItsWay(stamp):
            state = .open
            return .none
        case .waiting(stamp, let next, let waiter):
            state = .onItsWay(next)
            return .release(waiter)
        case .open, .onItsWay, .waiting:
            return .none
        }
    }

    /// The invariant the cases leave open, checked by the tables and the fuzzer after every
    /// input: the call waiting is newer than the request on its way. (That a call waits
    /// only behind a request on its way holds by ``State``.)
    func checkInvariants() {
        if case .waiting(let onItsWay, let parked, _) = state {
            precondition(parked > onItsWay, "Invariant: call \(parked) waits behind newer request \(onItsWay)")
        }
    }
}

extension ArrivalGate: Sendable where Waiter: Sendable {}
extension ArrivalGate.State: Sendable where Waiter: Sendable {}
