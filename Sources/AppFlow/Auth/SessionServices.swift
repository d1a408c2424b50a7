/// The performer of a flow's ``SessionServicesStateMachine``: it asks the provider to make
/// and tear down services, and resumes the factories waiting for them, as the machine says.
final class SessionServices<Session: Sendable & Equatable, Services: Sendable>: Sendable {
    typealias Machine = SessionServicesStateMachine<Session, Services, Waiter>
    /// How a factory that waits is resumed, once, with its grant: a function that resumes
    /// its continuation rather than the continuation itself, so that a driver with no task
    /// to suspend can give the machine waiters too (the core fuzzer,
    /// `Tests/Fuzz/AuthCoreFuzzer.swift`, drives this very machine inside the flow's core).
    typealias Waiter = @Sendable (ServicesGrant<Services>) -> Void

    /// The machine: a part of the flow's core, under the core's lock.
    private let machine: LockedPart<Machine>
    private let make: @Sendable (Session) async -> Services
    private let tearDown: @Sendable (Services, Session) async -> Void
    private let timedOut: @Sendable (Session) -> Void
    private let timeout: Duration
    private let clock: any Clock<Duration>
    /// The newest teardown: teardowns run one at a time, so awaiting it awaits them all.
    private let lastTeardown = LockedValue<Task<Void, Never>?>(nil)

    init(
        machine: LockedPart<Machine>,
        make: @escaping @Sendable (Session) async -> Services,
        tearDown: @escaping @Sendable (Services, Session) async -> Void,
        timedOut: @escaping @Sendable (Session) -> Void,
        timeout: Duration,
        clock: any Clock<Duration>
    ) {
        self.machine = machine
        self.make = make
        self.tearDown = tearDown
        self.timedOut = timedOut
        self.timeout = timeout
        self.clock = clock
    }

    /// The services of session epoch `epoch`, made if they are not yet; `nil` if the flow
    /// has left that session. A factory that got services reports ``factoryEnded(_:)``
    /// once its child is shown or dropped.
    func services(for epoch: UInt64, _ session: Session) async -> Services? {
        typealias Continuation = CheckedContinuation<ServicesGrant<Services>, Never>
        let grant = await withCheckedContinuation { (continuation: Continuation) in
            let waiter: Waiter = { continuation.resume(returning: $0) }
            if let grant = machine.withLock({ $0.acquire(epoch, session, waiter: waiter) }) {
                continuation.resume(returning: grant)
            }
        }
        switch grant {
        case .use(let services):
            return services
        case .refuse:
            return nil
        case .make:
            let services = await make(session)
            perform(machine.withLock { $0.made(epoch, services) })
            return services
        }
    }

    /// A factory of `epoch` that got services has ended: its child is shown or dropped.
    func factoryEnded(_ epoch: UInt64) {
        perform(machine.withLock { $0.factoryEnded(epoch) })
    }

    /// Scene `scene` shows a child of `epoch`, or of no session.
    func sceneShows(_ scene: AuthSceneID, _ epoch: UInt64?) {
        perform(machine.withLock { $0.sceneShows(scene, epoch) })
    }

    /// Scene `scene` is gone.
    func sceneGone(_ scene: AuthSceneID) {
        perform(machine.withLock { $0.sceneGone(scene) })
    }

    /// The flow has ended (its core told the machine it left its session) and its scenes
    /// are gone: tears the services down, and returns once every teardown has ended (or
    /// timed out).
    func finish(scenes: [AuthSceneID]) async {
        perform(machine.withLock { $0.scenesGone(scenes) })
        await lastTeardown.withLock { $0 }?.value
    }

    /// Resumes the factories and starts the teardown an input decided, after the lock.
    func perform(_ action: Machine.Action) {
        for (waiter, grant) in action.resume {
            waiter(grant)
        }
        guard let (services, session, epoch) = action.tearDown else { return }
        // The teardown runs in a task of its own: it belongs to no scene's transition, and
        // the input that started it came from a hook or a factory that must not wait.
        let task = Task.explorable("services teardown") { [machine, tearDown, timedOut, timeout, clock] in
            let inTime = await runWithTimeout(timeout, clock: clock) { await tearDown(services, session) }
            let next = machine.withLock { $0.tornDown(epoch, inTime: inTime) }
            if let late = next.reportTimedOut { timedOut(late) }
            for (waiter, grant) in next.resume {
                waiter(grant)
            }
        }
        lastTeardown.withLock { $0 = task }
    }
}
