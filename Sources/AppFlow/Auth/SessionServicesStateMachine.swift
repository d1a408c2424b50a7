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
/// ``invariantViolations()`` checks the one the type does not hold; the tables after every
/// row, the fuzzers after every input.
/// 1. Services being torn down are of a session the flow has left.
///
/// The state's types hold the rest:
/// - A factory holds or waits for the services held, or is queued behind them: each
///   stage counts its own (the maker and its waiters while they are made, the holders of
///   made services), so services being torn down have no factory by the type.
/// - Factories queued behind older services are of the session the flow is in: they
///   carry no epoch, since they are queued only for that session (``acquire(_:_:waiter:)``)
///   and refused all at once when the flow leaves it (``sessionChanged(to:)``).
/// - They wait only while some services exist: they are queued on the services held
///   (``Held/queued``).
struct SessionServicesStateMachine<Session: Sendable & Equatable, Services, Waiter> {
    /// How far the services held have come, with the factories that hold or wait for them.
    enum Stage {
        /// The provider is making them, for one factory; these factories wait for them.
        case making([Waiter])
        /// Made, and held by this many factories building a child with them.
        case alive(Services, factories: Int)
        /// The provider is tearing them down; no factory holds them.
        case tearingDown
    }

    /// The services of one session.
    struct Held {
        var epoch: UInt64
        var session: Session
        var stage: Stage
        /// Factories of the session the flow is in, a newer one, waiting for these
        /// services to be torn down, in order: with no services held, none waits, by the
        /// type.
        var queued: [(session: Session, waiter: Waiter)] = []
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

    init() {}

    /// A factory of session epoch `epoch` needs its services. The grant comes now, or
    /// later through `waiter`: `nil` means it waits.
    mutating func acquire(_ epoch: UInt64, _ session: Session, waiter: Waiter) -> Grant? {
        // A factory of a session the flow has left is superseded, even while that session's
        // services are still made or alive: it must not hold them up.
        guard epoch == liveEpoch else { return .refuse }
        guard let held else {
            held = Held(epoch: epoch, session: session, stage: .making([]))
            return .make
        }
        guard held.epoch == epoch else {
            // Older services are still held: this factory waits for their teardown.
            self.held?.queued.append((session, waiter))
            return nil
        }
        switch held.stage {
        case .alive(let services, let factories):
            self.held?.stage = .alive(services, factories: factories + 1)
            return .use(services)
        case .making(let waiters):
            self.held?.stage = .making(waiters + [waiter])
            return nil
        case .tearingDown:
            return .refuse
        }
    }

    /// The services of `epoch` are made: the maker and the factories waiting for them hold
    /// them, and the waiting ones use them.
    mutating func made(_ epoch: UInt64, _ services: Services) -> Action {
        guard let held, held.epoch == epoch, case .making(let waiters) = held.stage else {
            preconditionFailure("Internal inconsistency: services of epoch \(epoch) made unasked")
        }
        self.held?.stage = .alive(services, factories: 1 + waiters.count)
        return Action(resume: waiters.map { ($0, .use(services)) })
    }

    /// A factory of `epoch` that got its services has returned: its child is shown (then
    /// its scene holds the session, see ``sceneShows(_:_:)``) or dropped.
    mutating func factoryEnded(_ epoch: UInt64) -> Action {
        guard let held, held.epoch == epoch, case .alive(let services, let factories) = held.stage, factories > 0
        else {
            preconditionFailure("Internal inconsistency: a factory of epoch \(epoch) ended unstarted")
        }
        self.held?.stage = .alive(services, factories: factories - 1)
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

    /// The flow is now in session epoch `epoch`, or in none. The factories queued, all of
    /// the session it was in, are refused if it left that one.
    mutating func sessionChanged(to epoch: UInt64?) -> Action {
        var action = Action()
        if epoch != liveEpoch, let queued = held?.queued {
            held?.queued = []
            action.resume = queued.map { ($0.waiter, .refuse) }
        }
        liveEpoch = epoch
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
        guard let first = held.queued.first else { return action }
        // Every factory queued is of the session the flow is in, so the flow is in one.
        guard let liveEpoch else {
            preconditionFailure("Internal inconsistency: factories queued while the flow is in no session")
        }
        let waiting = held.queued.dropFirst().map { $0.waiter }
        self.held = Held(epoch: liveEpoch, session: first.session, stage: .making(waiting))
        action.resume = [(first.waiter, .make)]
        return action
    }

    /// Tears the services held down if the flow has left their session and nothing uses
    /// them.
    private mutating func tearDownIfUnused() -> Action {
        guard let held, case .alive(let services, factories: 0) = held.stage, held.epoch != liveEpoch,
            !shown.values.contains(held.epoch)
        else { return .none }
        self.held?.stage = .tearingDown
        return Action(tearDown: (services, held.session, held.epoch))
    }

    // MARK: - Invariants

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        guard let held, case .tearingDown = held.stage, held.epoch == liveEpoch else { return [] }
        return ["1: epoch \(held.epoch) torn down while the flow is in it"]
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
