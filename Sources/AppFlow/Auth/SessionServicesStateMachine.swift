/// The decisions about a flow's session services, as a plain value with no `await`.
///
/// One session's services at most exist at a time. They are made for the flow's session
/// (``liveEpoch``) the first time a child of that session is built, in any scene; the
/// children of the session are built with them. Once the flow has left the session, no
/// scene shows a child of it, and no factory of it runs, they are torn down; only then
/// are the next session's made. A factory for a session the flow has already left is
/// refused: its call is superseded, so what it builds is dropped unseen.
///
/// `Waiter` is how a factory that waits is resumed; `Services` the provider's services.
///
/// ## Invariants
/// ``invariantViolations()`` checks them; the tables after every row, the fuzzer after
/// every input.
/// 1. No factory counts are negative or zero (an epoch without factories has no entry).
/// 2. Services being torn down are of a session the flow has left, with no factory.
/// 3. Factories queued behind older services are of the session the flow is in: one
///    queued for another is refused when the flow leaves it (``sessionChanged(to:)``).
///
/// That factories queued behind older services wait only while some services exist holds
/// by the type: they are queued on the services held (``Held/queued``).
struct SessionServicesStateMachine<Session: Sendable & Equatable, Services, Waiter> {
    /// How far the services held have come.
    enum Stage {
        /// The provider is making them; these factories wait.
        case making([Waiter])
        /// Made.
        case alive(Services)
        /// The provider is tearing them down.
        case tearingDown
    }

    /// The services of one session.
    struct Held {
        var epoch: UInt64
        var session: Session
        var stage: Stage
        /// Factories of a newer session waiting for these services to be torn down: with
        /// no services held, none waits, by the type.
        var queued: [(epoch: UInt64, session: Session, waiter: Waiter)] = []
    }

    typealias Grant = ServicesGrant<Services>

    /// What the performer does after an input.
    struct Action {
        /// Factories to resume, each with its grant.
        var resume: [(Waiter, Grant)] = []
        /// Services to tear down (the provider's `tearDown`), then report
        /// ``tornDown(_:inTime:)``.
        var tearDown: (services: Services, session: Session, epoch: UInt64)?
        /// The session whose services' teardown timed out, to report to the provider
        /// (`servicesTeardownTimedOut(for:)`) before any factory is resumed.
        var reportTimedOut: Session?

        static var none: Action { Action() }
    }

    /// The services that exist, if any.
    private(set) var held: Held?
    /// The session epoch the flow is in; `nil` while it is in none.
    private(set) var liveEpoch: UInt64?
    /// The session epoch of the child each scene shows; a scene showing no session's
    /// child has no entry.
    private(set) var shown: [AuthSceneID: UInt64] = [:]
    /// How many factories hold (or wait for) each epoch's services.
    private(set) var factories: [UInt64: Int] = [:]
    /// Factories waiting for older services to be torn down (``Held/queued``).
    var queued: [(epoch: UInt64, session: Session, waiter: Waiter)] { held?.queued ?? [] }

    init() {}

    /// A factory of session epoch `epoch` needs its services. The grant comes now, or
    /// later through `waiter`: `nil` means it waits.
    mutating func acquire(_ epoch: UInt64, _ session: Session, waiter: Waiter) -> Grant? {
        // A factory of a session the flow has left is superseded, even while that session's
        // services are still made or alive: it must not hold them up.
        guard epoch == liveEpoch else { return .refuse }
        if let held, held.epoch == epoch {
            switch held.stage {
            case .alive(let services):
                factories[epoch, default: 0] += 1
                return .use(services)
            case .making(let waiters):
                factories[epoch, default: 0] += 1
                self.held?.stage = .making(waiters + [waiter])
                return nil
            case .tearingDown:
                return .refuse
            }
        }
        factories[epoch, default: 0] += 1
        guard held == nil else {
            self.held?.queued.append((epoch, session, waiter))
            return nil
        }
        held = Held(epoch: epoch, session: session, stage: .making([]))
        return .make
    }

    /// The services of `epoch` are made: the factories waiting for them use them.
    mutating func made(_ epoch: UInt64, _ services: Services) -> Action {
        guard let held, held.epoch == epoch, case .making(let waiters) = held.stage else {
            preconditionFailure("Internal inconsistency: services of epoch \(epoch) made unasked")
        }
        self.held?.stage = .alive(services)
        return Action(resume: waiters.map { ($0, .use(services)) })
    }

    /// A factory of `epoch` has returned: its child is shown (then its scene holds the
    /// session, see ``sceneShows(_:_:)``) or dropped.
    mutating func factoryEnded(_ epoch: UInt64) -> Action {
        guard let count = factories[epoch], count > 0 else {
            preconditionFailure("Internal inconsistency: a factory of epoch \(epoch) ended unstarted")
        }
        factories[epoch] = count == 1 ? nil : count - 1
        return tearDownIfUnused()
    }

    /// Scene `scene` now shows a child of session epoch `epoch`, or of none.
    mutating func sceneShows(_ scene: AuthSceneID, _ epoch: UInt64?) -> Action {
        shown[scene] = epoch
        return tearDownIfUnused()
    }

    /// Scene `scene` is gone: it shows nothing any more.
    mutating func sceneGone(_ scene: AuthSceneID) -> Action {
        shown[scene] = nil
        return tearDownIfUnused()
    }

    /// The scenes `scenes` are gone, at once (the flow's scenes, once it has finished):
    /// none of them shows anything any more.
    mutating func scenesGone(_ scenes: [AuthSceneID]) -> Action {
        for scene in scenes {
            shown[scene] = nil
        }
        return tearDownIfUnused()
    }

    /// The flow is now in session epoch `epoch`, or in none. Factories queued for another
    /// session are refused.
    mutating func sessionChanged(to epoch: UInt64?) -> Action {
        liveEpoch = epoch
        var action = Action()
        held?.queued.removeAll { entry in
            guard entry.epoch != epoch else { return false }
            factories[entry.epoch] = factories[entry.epoch].map { $0 - 1 }.flatMap { $0 == 0 ? nil : $0 }
            action.resume.append((entry.waiter, .refuse))
            return true
        }
        action.tearDown = tearDownIfUnused().tearDown
        return action
    }

    /// The services of `epoch` are torn down, `inTime` or cut off by the teardown's
    /// timeout: a teardown that timed out is reported, then the next session's services may
    /// be made, by the first factory queued for it.
    mutating func tornDown(_ epoch: UInt64, inTime: Bool) -> Action {
        guard let held, held.epoch == epoch, case .tearingDown = held.stage else {
            preconditionFailure("Internal inconsistency: services of epoch \(epoch) torn down unasked")
        }
        self.held = nil
        var action = Action(reportTimedOut: inTime ? nil : held.session)
        // Every factory queued is of the session the flow is in (invariant 3).
        guard let first = held.queued.first else { return action }
        let waiting = held.queued.dropFirst().map { $0.waiter }
        self.held = Held(epoch: first.epoch, session: first.session, stage: .making(waiting))
        action.resume = [(first.waiter, .make)]
        return action
    }

    /// Tears the services held down if the flow has left their session and nothing uses
    /// them.
    private mutating func tearDownIfUnused() -> Action {
        guard let held, case .alive(let services) = held.stage, held.epoch != liveEpoch,
            factories[held.epoch] == nil, !shown.values.contains(held.epoch)
        else { return .none }
        self.held?.stage = .tearingDown
        return Action(tearDown: (services, held.session, held.epoch))
    }

    // MARK: - Invariants

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        var broken: [String] = []
        if factories.values.contains(where: { $0 <= 0 }) { broken.append("1: factory counts \(factories)") }
        if let held, case .tearingDown = held.stage {
            if held.epoch == liveEpoch || factories[held.epoch] != nil {
                broken.append("2: epoch \(held.epoch) torn down while in use")
            }
        }
        if let stray = queued.first(where: { $0.epoch != liveEpoch }) {
            broken.append(
                "3: a factory of epoch \(stray.epoch) queued in epoch \(liveEpoch.map(String.init) ?? "none")"
            )
        }
        return broken
    }
}

extension SessionServicesStateMachine: Sendable where Services: Sendable, Waiter: Sendable {}
extension SessionServicesStateMachine.Stage: Sendable where Services: Sendable, Waiter: Sendable {}
extension SessionServicesStateMachine.Held: Sendable where Services: Sendable, Waiter: Sendable {}
extension ServicesGrant: Sendable where Services: Sendable {}
extension ServicesGrant: Equatable where Services: Equatable {}
extension SessionServicesStateMachine.Action: Sendable where Services: Sendable, Waiter: Sendable {}

/// What a factory that asked ``SessionServicesStateMachine`` for services gets.
enum ServicesGrant<Services> {
    /// These services.
    case use(Services)
    /// Make them (the provider's `makeServices`), report `made`, then use them.
    case make
    /// None: the flow has left this session, so the factory's call is superseded.
    case refuse
}
