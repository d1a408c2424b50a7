// The services machine's whole state as plain values, for the table tests and the fuzzer.

extension SessionServicesStateMachine {
    /// The state as plain values, so that tests can compare states.
    struct Snapshot: Sendable, Equatable {
        /// The epoch of the services held and how far they have come: "making (n waiting)",
        /// "alive", "tearing down".
        var held: String?
        var liveEpoch: UInt64?
        var shown: [AuthSceneID: UInt64] = [:]
        var factories: [UInt64: Int] = [:]
        var queued: [UInt64] = []
    }

    /// The state now.
    var snapshot: Snapshot {
        var factories: [UInt64: Int] = [:]
        let heldText = held.map { held -> String in
            switch held.stage {
            case .making(let waiters):
                factories[held.epoch] = 1 + waiters.count
                return "\(held.epoch) making, \(waiters.count) waiting"
            case .alive(_, let count):
                if count > 0 { factories[held.epoch] = count }
                return "\(held.epoch) alive"
            case .tearingDown:
                return "\(held.epoch) tearing down"
            }
        }
        let queued = held?.queued ?? []
        if let liveEpoch, !queued.isEmpty { factories[liveEpoch] = queued.count }
        return Snapshot(
            held: heldText,
            liveEpoch: liveEpoch,
            shown: shown,
            factories: factories,
            queued: queued.map { _ in liveEpoch ?? 0 }
        )
    }
}
