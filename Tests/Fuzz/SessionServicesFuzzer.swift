// The session services part of the fuzz target: `SessionServicesStateMachine` driven by
// the inputs `SessionServices` makes, checked against a reference model of who holds
// which session's services. Built by `Tests/Fuzz/fuzz.sh`.

/// Drives a `SessionServicesStateMachine` as `SessionServices` would, keeping the
/// reference model. Factories are numbered; a factory's number is its waiter.
struct SessionServicesDriver {
    typealias Machine = SessionServicesStateMachine<Int, Int, Int>

    /// Where the model has a factory.
    enum Status: Equatable {
        /// Its `acquire` returned no grant: it is owed exactly one.
        case waiting
        /// Told to make the services: it owes `made`.
        case making
        /// It has the services: it owes `factoryEnded`.
        case holding
        /// Refused, or ended.
        case done
    }

    struct Factory {
        let epoch: UInt64
        /// Whether its epoch was the flow's when it asked.
        let liveWhenAsked: Bool
        var status: Status
    }

    /// The services that exist: told to make, not yet torn down.
    struct Existing {
        let epoch: UInt64
        /// Set once made.
        var services: Int?
        var tearingDown = false
    }

    var machine = Machine()
    var factories: [Factory] = []
    var liveEpoch: UInt64?
    var lastEpoch: UInt64 = 0
    /// The epoch each scene shows a child of.
    var shown: [UInt64: UInt64] = [:]
    var existing: Existing?
    var lastServices = 0
    /// How many factories were resumed, and how many waited.
    var resumed = 0
    var waited = 0

    /// Epochs are the auth machine's: a login back to the same account is a new epoch.
    static func session(of epoch: UInt64) -> Int { Int(epoch % 2) }

    // MARK: - Inputs

    mutating func sessionChanged(_ input: inout FuzzInput) {
        // The flow is told only of a change; epochs only grow.
        let epoch: UInt64? = input.bit() ? nil : lastEpoch + 1
        guard epoch != liveEpoch else { return }
        if let epoch { lastEpoch = epoch }
        // The factories queued for another session are refused; those waiting for
        // services being made keep waiting.
        let refused = factories.indices.filter { isQueued($0) && factories[$0].epoch != epoch }
        let action = machine.sessionChanged(to: epoch)
        liveEpoch = epoch
        expectResumes(action, refused.map { ($0, .refuse) }, "sessionChanged(to: \(String(describing: epoch)))")
        for id in refused { factories[id].status = .done }
        expectTeardown(action, "sessionChanged")
    }

    mutating func acquire(_ input: inout FuzzInput) {
        // A factory asks for an epoch the flow has been in: the live one, or an older one
        // (a stale call).
        guard lastEpoch > 0 else { return }
        let epoch = input.bit() ? (liveEpoch ?? lastEpoch) : lastEpoch - UInt64(input.choose(Int(min(lastEpoch, 4))))
        let id = factories.count
        let live = epoch == liveEpoch
        factories.append(Factory(epoch: epoch, liveWhenAsked: live, status: .done))
        let grant = machine.acquire(epoch, Self.session(of: epoch), waiter: id)
        let expected: ServicesGrant<Int>?
        if !live {
            expected = .refuse
        } else if let existing, existing.epoch == epoch {
            expected = existing.services.map { .use($0) }
        } else {
            expected = existing == nil ? .make : nil
        }
        guard same(grant, expected) else {
            violated("acquire(\(epoch)) live \(String(describing: liveEpoch)) got \(String(describing: grant))")
        }
        switch grant {
        case .make?:
            startMaking(id)
        case .use?:
            factories[id].status = .holding
        case .refuse?:
            break
        case nil:
            factories[id].status = .waiting
            waited += 1
        }
    }

    mutating func made() {
        guard let maker = factories.indices.first(where: { factories[$0].status == .making }),
            let epoch = existing?.epoch
        else { return }
        lastServices += 1
        let services = lastServices
        let waiting = factories.indices.filter { factories[$0].status == .waiting && factories[$0].epoch == epoch }
        let action = machine.made(epoch, services)
        existing?.services = services
        factories[maker].status = .holding
        expectResumes(action, waiting.map { ($0, .use(services)) }, "made(\(epoch))")
        for id in waiting { factories[id].status = .holding }
        guard action.tearDown == nil else { violated("made(\(epoch)) tore down") }
    }

    mutating func factoryEnded(_ input: inout FuzzInput) {
        let holding = factories.indices.filter { factories[$0].status == .holding }
        guard !holding.isEmpty else { return }
        let id = holding[input.choose(holding.count)]
        factories[id].status = .done
        let action = machine.factoryEnded(factories[id].epoch)
        expectResumes(action, [], "factoryEnded")
        expectTeardown(action, "factoryEnded(\(factories[id].epoch))")
    }

    mutating func sceneShows(_ input: inout FuzzInput) {
        let scene = UInt64(1 + input.choose(3))
        // A scene shows a child of a session only while the factory that built it with
        // the session's services runs, or a child of none.
        let holding = factories.indices.filter { factories[$0].status == .holding }
        let epoch: UInt64? =
            input.bit() || holding.isEmpty ? nil : factories[holding[input.choose(holding.count)]].epoch
        shown[scene] = epoch
        let action = machine.sceneShows(AuthSceneID(rawValue: scene), epoch)
        expectResumes(action, [], "sceneShows")
        expectTeardown(action, "sceneShows(\(scene), \(String(describing: epoch)))")
    }

    mutating func sceneGone(_ input: inout FuzzInput) {
        let scene = UInt64(1 + input.choose(3))
        shown[scene] = nil
        let action = machine.sceneGone(AuthSceneID(rawValue: scene))
        expectResumes(action, [], "sceneGone")
        expectTeardown(action, "sceneGone(\(scene))")
    }

    mutating func tornDown(_ input: inout FuzzInput) {
        guard let existing, existing.tearingDown else { return }
        // The first factory queued makes the next session's services; the others queued
        // wait for them to be made. A teardown cut off by its timeout is reported, with
        // the session of the services torn down.
        let first = factories.indices.first { factories[$0].status == .waiting }
        let inTime = input.choose(2) == 0
        let action = machine.tornDown(existing.epoch, inTime: inTime)
        self.existing = nil
        guard action.reportTimedOut == (inTime ? nil : Self.session(of: existing.epoch)) else {
            violated(
                "tornDown(\(existing.epoch), inTime: \(inTime)) reported \(String(describing: action.reportTimedOut))"
            )
        }
        expectResumes(action, first.map { [($0, .make)] } ?? [], "tornDown(\(existing.epoch))")
        if let first { startMaking(first) }
        guard action.tearDown == nil else { violated("tornDown(\(existing.epoch)) tore down") }
    }

    // MARK: - The model's checks

    /// Factory `id` was told to make its epoch's services.
    mutating func startMaking(_ id: Int) {
        let factory = factories[id]
        guard existing == nil else {
            violated("epoch \(factory.epoch) made while epoch \(existing?.epoch ?? 0)'s services exist")
        }
        guard factory.liveWhenAsked, factory.epoch == liveEpoch else {
            violated("epoch \(factory.epoch) made, not live (live \(String(describing: liveEpoch)))")
        }
        factories[id].status = .making
        existing = Existing(epoch: factory.epoch)
    }

    /// Whether factory `id` waits for older services to be torn down (not for its own
    /// epoch's services to be made).
    func isQueued(_ id: Int) -> Bool {
        guard factories[id].status == .waiting else { return false }
        return existing.map { $0.epoch != factories[id].epoch } ?? true
    }

    /// The action resumes exactly `expected`, in order, each a factory that waited; they
    /// are resumed once.
    mutating func expectResumes(_ action: Machine.Action, _ expected: [(Int, ServicesGrant<Int>)], _ input: String) {
        guard action.resume.count == expected.count,
            zip(action.resume, expected).allSatisfy({ $0.0 == $1.0 && same($0.1, $1.1) })
        else {
            violated("\(input) resumed \(action.resume.map { ($0.0, "\($0.1)") }), not \(expected.map(\.0))")
        }
        for (waiter, _) in action.resume {
            guard factories[waiter].status == .waiting else { violated("\(input) resumed \(waiter) not waiting") }
        }
        resumed += action.resume.count
    }

    /// The services are torn down exactly when the flow has left their session, no scene
    /// shows it, and no factory holds them: at once, and never before.
    mutating func expectTeardown(_ action: Machine.Action, _ input: String) {
        let due: Bool = {
            guard let existing, existing.services != nil, !existing.tearingDown else { return false }
            let epoch = existing.epoch
            return epoch != liveEpoch && !shown.values.contains(epoch)
                && !factories.contains { $0.epoch == epoch && $0.status != .done }
        }()
        guard let tearDown = action.tearDown else {
            guard !due else { violated("\(input) left epoch \(existing?.epoch ?? 0)'s services unused") }
            return
        }
        guard due, let existing else { violated("\(input) tore down epoch \(tearDown.epoch) in use") }
        guard tearDown.epoch == existing.epoch, tearDown.services == existing.services,
            tearDown.session == Self.session(of: existing.epoch)
        else { violated("\(input) tore down \(tearDown), not epoch \(existing.epoch)") }
        self.existing?.tearingDown = true
    }

    func same(_ grant: ServicesGrant<Int>?, _ expected: ServicesGrant<Int>?) -> Bool {
        switch (grant, expected) {
        case (nil, nil), (.make?, .make?), (.refuse?, .refuse?): return true
        case (.use(let services)?, .use(let expected)?): return services == expected
        default: return false
        }
    }

    /// The machine's state is the model's.
    func checkState() {
        let broken = machine.invariantViolations()
        guard broken.isEmpty else { violated("invariants \(broken)") }
        var counts: [UInt64: Int] = [:]
        for factory in factories where factory.status != .done { counts[factory.epoch, default: 0] += 1 }
        let held = existing.map { existing -> String in
            if existing.tearingDown { return "\(existing.epoch) tearing down" }
            if existing.services != nil { return "\(existing.epoch) alive" }
            let waiting = factories.filter { $0.status == .waiting && $0.epoch == existing.epoch }.count
            return "\(existing.epoch) making, \(waiting) waiting"
        }
        let expected = Machine.Snapshot(
            held: held,
            liveEpoch: liveEpoch,
            shown: Dictionary(uniqueKeysWithValues: shown.map { (AuthSceneID(rawValue: $0.key), $0.value) }),
            factories: counts,
            queued: factories.indices.filter(isQueued).map { factories[$0].epoch }
        )
        guard machine.snapshot == expected else { violated("state \(machine.snapshot), model \(expected)") }
    }

    /// Runs the decoded input, then ends it all: the flow leaves its session, the scenes
    /// go, every factory ends and every teardown ends. Then every factory that waited must
    /// have been resumed exactly once, and no services may be left.
    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(8) {
            case 0: sessionChanged(&input)
            case 1, 2: acquire(&input)
            case 3: made()
            case 4: factoryEnded(&input)
            case 5: sceneShows(&input)
            case 6: sceneGone(&input)
            default: tornDown(&input)
            }
            checkState()
        }
        if liveEpoch != nil {
            var leave = FuzzInput([1])
            sessionChanged(&leave)
            checkState()
        }
        for scene in shown.keys.sorted() {
            var gone = FuzzInput([UInt8(scene - 1)])
            sceneGone(&gone)
            checkState()
        }
        while true {
            if factories.contains(where: { $0.status == .making }) {
                made()
            } else if factories.contains(where: { $0.status == .holding }) {
                var first = FuzzInput([0])
                factoryEnded(&first)
            } else if existing?.tearingDown == true {
                var inTime = FuzzInput([0])
                tornDown(&inTime)
            } else {
                break
            }
            checkState()
        }
        guard resumed == waited, existing == nil, !factories.contains(where: { $0.status != .done }) else {
            violated("left over: \(waited - resumed) waiting, services \(String(describing: existing?.epoch))")
        }
        guard machine.snapshot == Machine.Snapshot() else { violated("left over: \(machine.snapshot)") }
    }
}
