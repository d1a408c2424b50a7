// The services' part of the core driver (`AuthCoreFuzzer.swift`): the core's own services
// machine, reached as `SessionServices` reaches it (a part of the core's one lock), given
// the inputs the flow's factories, screens, detaches and `finish()` give it, at the points
// the flow gives them, and every services action of a core step performed. It reads one
// byte of the input only for a factory whose request was overtaken (``factoryStep(_:)``),
// which runs on across the core's steps, where a byte chose the active scene before.
// Checked against a model: services are made only for the session the flow is in, with
// no other session's alive or being torn down; a factory gets only its own session's
// services; the services are torn down exactly when the flow has left their session, no
// scene shows it and no factory holds it; every factory that waited is resumed exactly
// once. Built by `Tests/Fuzz/fuzz.sh`.

/// What the core driver knows of the services: its model.
struct CoreServicesModel {
    /// Where a factory is, and the services that exist: as the services' own driver has
    /// them.
    typealias Status = SessionServicesDriver.Status
    typealias Existing = SessionServicesDriver.Existing

    struct Factory {
        let epoch: UInt64
        var status: Status
    }

    var factories: [Factory] = []
    /// The factories whose requests a newer one overtook: they run on across the core's
    /// steps, in the order they started, until they return (``AuthCoreDriver/factoryStep(_:)``).
    var overtaken: [Int] = []
    var existing: Existing?
    /// The epoch of the session's child each scene shows, as the services heard it.
    var shown: [AuthSceneID: UInt64] = [:]
    var lastServices = 0
    /// How many factories waited, and how many were resumed.
    var waited = 0
    var resumed = 0
    /// The factories resumed and their grants, as their waiters log them, in order.
    let resumes = LockedValue<[(id: Int, grant: ServicesGrant<Int>)]>([])
}

extension AuthCoreDriver {
    typealias ServicesAction = Flow.AuthCore.ServicesMachine.Action

    /// Gives the core's services machine one input as `SessionServices` does, through its
    /// part of the core's lock.
    mutating func withServices<Result>(_ input: (inout Flow.AuthCore.ServicesMachine) -> Result) -> Result {
        let whole = LockedValue(core)
        let result = Flow.AuthCore.servicesPart(of: whole).withLock(input)
        core = whole.withLock { $0 }
        return result
    }

    /// The session epoch the flow is in, for the services: none once it finished.
    var servicesEpoch: UInt64? { finished ? nil : core.calls.sessionEpoch }

    /// A factory in a scene builds a child of session epoch `epoch` (`makeChild`): it asks
    /// for the services, and the model checks the grant. Returns the factory's number.
    mutating func acquireServices(_ epoch: UInt64) -> Int {
        let id = services.factories.count
        services.factories.append(.init(epoch: epoch, status: .done))
        let log = services.resumes
        let grant = withServices {
            $0.acquire(epoch, Int(epoch % 2), waiter: { grant in log.withLock { $0.append((id, grant)) } })
        }
        switch grant {
        case .make?:
            startMaking(id)
        case .use(let made)?:
            guard epoch == servicesEpoch, let existing = services.existing, existing.epoch == epoch,
                existing.services == made, !existing.tearingDown
            else {
                violated(
                    "factory of epoch \(epoch) given services \(made), flow in \(String(describing: servicesEpoch))"
                )
            }
            services.factories[id].status = .holding
        case .refuse?:
            // Only a session the flow has left is refused: the services of the flow's own
            // session are never torn down (the services machine's invariant 1), and a
            // factory of it waits for older ones instead.
            guard epoch != servicesEpoch else {
                violated("factory of epoch \(epoch) refused, the flow's session's")
            }
        case nil:
            services.factories[id].status = .waiting
            services.waited += 1
        }
        return id
    }

    /// Factory `id` is told to make its epoch's services: only for the flow's session, with
    /// no other services left.
    mutating func startMaking(_ id: Int) {
        let epoch = services.factories[id].epoch
        guard services.existing == nil else {
            violated("epoch \(epoch)'s services made while epoch \(services.existing?.epoch ?? 0)'s exist")
        }
        guard epoch == servicesEpoch else {
            violated("epoch \(epoch)'s services made, the flow in \(String(describing: servicesEpoch))")
        }
        services.factories[id].status = .making
        services.existing = .init(epoch: epoch)
    }

    /// Performs a services action as `SessionServices.perform` does: resumes each waiter
    /// with its grant, and starts the teardown (which ends at a later step,
    /// ``endTeardown()``). The model checks each resume and that a teardown comes exactly
    /// when it is due.
    mutating func performServices(_ action: ServicesAction?, _ input: String) {
        guard let action else { return checkNothingUnused(input) }
        guard action.reportTimedOut == nil else { violated("\(input) reported a teardown timed out") }
        for (waiter, grant) in action.resume { waiter(grant) }
        resumed(input)
        if let tearDown = action.tearDown {
            guard let existing = services.existing, isUnused(existing), tearDown.epoch == existing.epoch,
                tearDown.services == existing.services
            else { violated("\(input) tore down epoch \(tearDown.epoch), in use or not the one alive") }
            services.existing?.tearingDown = true
        }
        checkNothingUnused(input)
    }

    /// The factories the waiters logged are resumed: each was waiting, and gets what the
    /// model allows.
    mutating func resumed(_ input: String) {
        let resumes = services.resumes.withLock { log in
            defer { log = [] }
            return log
        }
        for (id, grant) in resumes {
            guard services.factories[id].status == .waiting else { violated("\(input) resumed factory \(id) twice") }
            services.resumed += 1
            services.factories[id].status = .done
            let epoch = services.factories[id].epoch
            switch grant {
            case .make: startMaking(id)
            case .use(let made):
                guard services.existing?.epoch == epoch, services.existing?.services == made else {
                    violated("\(input) gave factory of epoch \(epoch) services \(made)")
                }
                services.factories[id].status = .holding
            case .refuse:
                guard epoch != servicesEpoch else { violated("\(input) refused a factory of the flow's session") }
            }
        }
    }

    /// Whether services are unused: the flow has left their session, no scene shows it,
    /// and no factory holds or waits for them.
    func isUnused(_ existing: CoreServicesModel.Existing) -> Bool {
        existing.services != nil && !existing.tearingDown && existing.epoch != servicesEpoch
            && !services.shown.values.contains(existing.epoch)
            && !services.factories.contains { $0.epoch == existing.epoch && $0.status != .done }
    }

    /// No services are left alive unused after an input: they are torn down at once.
    func checkNothingUnused(_ input: String) {
        if let existing = services.existing, isUnused(existing) {
            violated("\(input) left epoch \(existing.epoch)'s services alive, unused")
        }
    }

    /// The services being made are made.
    mutating func madeServices() {
        guard let maker = services.factories.firstIndex(where: { $0.status == .making }),
            let epoch = services.existing?.epoch
        else { return }
        services.lastServices += 1
        let made = services.lastServices
        services.existing?.services = made
        services.factories[maker].status = .holding
        let action = withServices { $0.made(epoch, made) }
        guard action.tearDown == nil else { violated("made(\(epoch)) tore down") }
        performServices(action, "made(\(epoch))")
    }

    /// A teardown under way ends, in time.
    mutating func endTeardown() {
        guard let existing = services.existing, existing.tearingDown else { return }
        services.existing = nil
        let action = withServices { $0.tornDown(existing.epoch, inTime: true) }
        performServices(action, "tornDown(\(existing.epoch))")
    }

    /// The scenes in `screens` built their screens for a call, each a child of a session
    /// of its epoch or another screen: each session child's factory asks for the
    /// services, waits (for a teardown to end, for the services to be made) as the flow's
    /// factory does, and returns; the scene then shows a child of that session if it got
    /// its services, else the switching placeholder, and tells the services so. A factory
    /// that waits for nothing the driver can end is a violation: no factory may wait on
    /// services no scene or factory holds.
    mutating func buildWithServices(_ screens: [(id: AuthSceneID, screen: Flow.Screen)]) {
        // A finished flow's containers, and a detached scene's, show nothing more.
        let attached = Set(core.calls.scenes.map { $0.id })
        for (id, screen) in screens where !finished && attached.contains(id) {
            var shows: UInt64? = nil
            if case .loggedIn = screen.place, let epoch = screen.sessionEpoch {
                // Every scene has let another session's child go before this one is built,
                // as a call's release step does in each scene it runs in (a scene it did
                // not reach is placed or followed up): otherwise a factory could wait here
                // for services no input of this driver would ever let go.
                for (other, shown) in services.shown where shown != epoch {
                    services.shown[other] = nil
                    performServices(withServices { $0.sceneShows(other, nil) }, "release in \(other)")
                }
                let factory = acquireServices(epoch)
                while services.factories[factory].status == .waiting {
                    if services.existing?.tearingDown == true {
                        endTeardown()
                    } else if services.factories.contains(where: { $0.status == .making }) {
                        madeServices()
                    } else if let returning = firstOvertakenReturning {
                        overtakenReturns(returning)
                    } else {
                        violated("factory \(factory) of epoch \(epoch) waits for nothing")
                    }
                }
                if services.factories[factory].status == .making { madeServices() }
                if services.factories[factory].status == .holding {
                    shows = epoch
                    services.shown[id] = epoch
                    performServices(withServices { $0.sceneShows(id, epoch) }, "sceneShows(\(id), \(epoch))")
                    services.factories[factory].status = .done
                    performServices(withServices { $0.factoryEnded(epoch) }, "factoryEnded(\(epoch))")
                }
            }
            if shows == nil {
                services.shown[id] = nil
                performServices(withServices { $0.sceneShows(id, nil) }, "sceneShows(\(id), nil)")
            }
        }
    }

    /// A factory whose request a newer one overtook runs on across the core's steps, as
    /// `AuthFlow.answered` lets it (and `finish()` waits for it), while calls, scenes and
    /// intents go on. One byte starts one (at most two at once) or takes one a step
    /// further: the services being made are made, a teardown ends, or the first that
    /// holds its services or was refused returns. Choice 0 starts a factory of the
    /// flow's session (a refresh overtaken by a newer call in it): it is granted the
    /// services or waits. Choice 1 starts one of the session the flow left last (a login
    /// overtaken by a logout or another login): it is always refused, and the model checks
    /// that it is. What an overtaken factory builds is never shown.
    mutating func factoryStep(_ input: inout FuzzInput) {
        switch input.choose(5) {
        case let choice where choice < 2:
            guard !finished, services.overtaken.count < 2 else { return }
            let current = core.calls.sessionEpoch
            let left = current.map { $0 - 1 } ?? core.calls.placeMachine.lastEpoch
            guard let epoch = choice == 0 ? current : left, epoch > 0 else { return }
            let factory = acquireServices(epoch)
            // Refused at once: neither granted nor left waiting.
            if choice == 1, services.factories[factory].status != .done {
                violated("a factory of epoch \(epoch), a session the flow left, was not refused at once")
            }
            services.overtaken.append(factory)
        case 2: madeServices()
        case 3: endTeardown()
        default: if let returning = firstOvertakenReturning { overtakenReturns(returning) }
        }
    }

    /// The first overtaken factory that can return: it holds its services or was refused.
    var firstOvertakenReturning: Int? {
        services.overtaken.first { services.factories[$0].status == .holding || services.factories[$0].status == .done }
    }

    /// Overtaken factory `id`, which holds its services or was refused them, returns: it
    /// lets them go (`AuthFlow.factoryReturned`).
    mutating func overtakenReturns(_ id: Int) {
        services.overtaken.removeAll { $0 == id }
        guard services.factories[id].status == .holding else { return }
        services.factories[id].status = .done
        let epoch = services.factories[id].epoch
        performServices(withServices { $0.factoryEnded(epoch) }, "overtaken factoryEnded(\(epoch))")
    }

    /// Scene `id` is gone, its container finished.
    mutating func servicesSceneGone(_ id: AuthSceneID) {
        services.shown[id] = nil
        performServices(withServices { $0.sceneGone(id) }, "sceneGone(\(id))")
    }

    /// `finish()` waits for the overtaken factories before the scenes' services are let
    /// go: each gets its grant (the services being made are made, a teardown ends) and
    /// returns.
    mutating func drainOvertaken() {
        while !services.overtaken.isEmpty {
            if let returning = firstOvertakenReturning {
                overtakenReturns(returning)
            } else if services.factories.contains(where: { $0.status == .making }) {
                madeServices()
            } else if services.existing?.tearingDown == true {
                endTeardown()
            } else {
                violated("overtaken factories \(services.overtaken) wait for nothing once the flow finished")
            }
        }
    }

    /// The end of a run: the flow finishes, its overtaken factories return first
    /// (``drainOvertaken()``), and its teardown ends; no services are left, and every
    /// factory that waited was resumed exactly once.
    mutating func drainServices() {
        finish()
        endTeardown()
        guard services.existing == nil, services.resumed == services.waited,
            !services.factories.contains(where: { $0.status != .done })
        else {
            violated(
                "left over: services \(String(describing: services.existing?.epoch)), \(services.waited - services.resumed) waiting"
            )
        }
    }
}
