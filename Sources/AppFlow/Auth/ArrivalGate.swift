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

    /// The request on its way to the container.
    private(set) var onItsWay: Stamp?
    /// The newest call waiting for it to arrive, and how to resume it.
    private(set) var parked: (stamp: Stamp, waiter: Waiter)?

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
        guard let onItsWay else {
            self.onItsWay = stamp
            return .go
        }
        if onItsWay > stamp { return .beaten }
        if let parked, parked.stamp > stamp { return .beaten }
        let displaced = parked?.waiter
        parked = (stamp, waiter)
        return .park(displaced: displaced)
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
        guard onItsWay == stamp else { return .none }
        guard let next = parked else {
            onItsWay = nil
            return .none
        }
        parked = nil
        onItsWay = next.stamp
        return .release(next.waiter)
    }

    /// The invariants, checked by the tables and the fuzzer after every input:
    /// 1. a call waits only behind a request on its way;
    /// 2. the call waiting is no older than the request on its way.
    func checkInvariants() {
        if let parked {
            guard let onItsWay else {
                preconditionFailure("Invariant 1: call \(parked.stamp) waits with nothing on its way")
            }
            precondition(
                parked.stamp >= onItsWay,
                "Invariant 2: call \(parked.stamp) waits behind newer request \(onItsWay)"
            )
        }
    }
}

extension ArrivalGate: Sendable where Waiter: Sendable {}
