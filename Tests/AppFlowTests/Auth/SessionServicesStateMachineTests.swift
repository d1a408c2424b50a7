import Testing

@testable import AppFlow

/// The session services' decisions, tested synchronously as tables: each row is a named
/// state, one input, the action the machine must return and the state it must leave; the
/// invariants hold after every row. Epoch 1 is session "a" with services "S1", epoch 2
/// session "b" with "S2"; factories (waiters) are "f1", "f2" of epoch 1 and "g1", "g2"
/// of epoch 2.
@Suite struct SessionServicesStateMachineTests {
    typealias Machine = SessionServicesStateMachine<String, String, String>
    typealias Snapshot = Machine.Snapshot

    /// The states the table starts from, each built from `fresh` by the machine's own inputs.
    enum State: String, CaseIterable, Sendable {
        /// No session yet.
        case fresh
        /// The flow is in session epoch 1.
        case inSession1
        /// As `inSession1`, and factory "f1" was told to make the services of epoch 1.
        case making1
        /// As `making1`, and factory "f2" waits for them.
        case making1Waited
        /// As `making1`, and the flow has left the session.
        case making1Left
        /// As `making1`, and "S1" is made: "f1" holds it, no scene shows it yet.
        case alive1Held
        /// As `alive1Held`, and "f1" has ended without its child shown: only the session
        /// keeps the services.
        case alive1Idle
        /// As `alive1Idle`, and scene 1 shows a child of epoch 1.
        case alive1Shown
        /// As `alive1Shown`, and the flow has left the session: scene 1 alone keeps them.
        case left1
        /// As `alive1Held`, and the flow has left the session: factory "f1" alone keeps them.
        case left1Held
        /// As `left1Held`, with factory "f2" holding them too.
        case left1HeldTwice
        /// As `left1`, and scene 1 shows no session's child: "S1" is being torn down.
        case tearingDown1
        /// As `tearingDown1`, and the flow is in session epoch 2.
        case tearingDown1In2
        /// As `tearingDown1In2`, and factory "g1" of epoch 2 waits for the teardown.
        case queuedFor2
        /// As `queuedFor2`, and factory "g2" of epoch 2 waits too.
        case queuedTwiceFor2

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .fresh:
                break
            case .inSession1:
                _ = machine.sessionChanged(to: 1)
            case .making1:
                machine = State.inSession1.make()
                _ = machine.acquire(1, "a", waiter: "f1")
            case .making1Waited:
                machine = State.making1.make()
                _ = machine.acquire(1, "a", waiter: "f2")
            case .making1Left:
                machine = State.making1.make()
                _ = machine.sessionChanged(to: nil)
            case .alive1Held:
                machine = State.making1.make()
                _ = machine.made(1, "S1")
            case .alive1Idle:
                machine = State.alive1Held.make()
                _ = machine.factoryEnded(1)
            case .alive1Shown:
                machine = State.alive1Idle.make()
                _ = machine.sceneShows(AuthSceneID(rawValue: 1), 1)
            case .left1:
                machine = State.alive1Shown.make()
                _ = machine.sessionChanged(to: nil)
            case .left1Held:
                machine = State.alive1Held.make()
                _ = machine.sessionChanged(to: nil)
            case .left1HeldTwice:
                machine = State.alive1Held.make()
                _ = machine.acquire(1, "a", waiter: "f2")
                _ = machine.sessionChanged(to: nil)
            case .tearingDown1:
                machine = State.left1.make()
                _ = machine.sceneShows(AuthSceneID(rawValue: 1), nil)
            case .tearingDown1In2:
                machine = State.tearingDown1.make()
                _ = machine.sessionChanged(to: 2)
            case .queuedFor2:
                machine = State.tearingDown1In2.make()
                _ = machine.acquire(2, "b", waiter: "g1")
            case .queuedTwiceFor2:
                machine = State.queuedFor2.make()
                _ = machine.acquire(2, "b", waiter: "g2")
            }
            return machine
        }

        var expected: Snapshot {
            switch self {
            case .fresh:
                return Snapshot()
            case .inSession1:
                return Snapshot(liveEpoch: 1)
            case .making1:
                return Snapshot(held: "1 making, 0 waiting", liveEpoch: 1, factories: [1: 1])
            case .making1Waited:
                return Snapshot(held: "1 making, 1 waiting", liveEpoch: 1, factories: [1: 2])
            case .making1Left:
                return Snapshot(held: "1 making, 0 waiting", liveEpoch: nil, factories: [1: 1])
            case .alive1Held:
                return Snapshot(held: "1 alive", liveEpoch: 1, factories: [1: 1])
            case .alive1Idle:
                return Snapshot(held: "1 alive", liveEpoch: 1)
            case .alive1Shown:
                return Snapshot(held: "1 alive", liveEpoch: 1, shown: [scene1: 1])
            case .left1:
                return Snapshot(held: "1 alive", liveEpoch: nil, shown: [scene1: 1])
            case .left1Held:
                return Snapshot(held: "1 alive", liveEpoch: nil, factories: [1: 1])
            case .left1HeldTwice:
                return Snapshot(held: "1 alive", liveEpoch: nil, factories: [1: 2])
            case .tearingDown1:
                return Snapshot(held: "1 tearing down", liveEpoch: nil)
            case .tearingDown1In2:
                return Snapshot(held: "1 tearing down", liveEpoch: 2)
            case .queuedFor2:
                return Snapshot(held: "1 tearing down", liveEpoch: 2, factories: [2: 1], queued: [2])
            case .queuedTwiceFor2:
                return Snapshot(held: "1 tearing down", liveEpoch: 2, factories: [2: 2], queued: [2, 2])
            }
        }
    }

    static let scene1 = AuthSceneID(rawValue: 1)
    static let scene2 = AuthSceneID(rawValue: 2)

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSaysAndKeepsTheInvariants(_ state: State) {
        #expect(state.make().snapshot == state.expected)
        #expect(state.make().invariantViolations().isEmpty)
    }

    // MARK: - Inputs

    enum Input: Sendable, CustomStringConvertible {
        /// A factory of session epoch `epoch` needs the services of `session`.
        case acquire(UInt64, String, waiter: String)
        case made(UInt64, String)
        case factoryEnded(UInt64)
        /// Scene `scene` shows a child of session epoch `epoch`, or of none.
        case sceneShows(UInt64, UInt64?)
        case sceneGone(UInt64)
        /// The scenes are gone at once, as when the flow has finished.
        case scenesGone([UInt64])
        case sessionChanged(to: UInt64?)
        /// The teardown of epoch `epoch` ended, in time or cut off by its timeout.
        case tornDown(UInt64, inTime: Bool = true)

        var description: String {
            switch self {
            case .acquire(let epoch, let session, let waiter): return "acquire(\(epoch), \(session), waiter: \(waiter))"
            case .made(let epoch, let services): return "made(\(epoch), \(services))"
            case .factoryEnded(let epoch): return "factoryEnded(\(epoch))"
            case .sceneShows(let scene, let epoch):
                return "sceneShows(scene \(scene), \(epoch.map { "epoch \($0)" } ?? "none"))"
            case .sceneGone(let scene): return "sceneGone(scene \(scene))"
            case .scenesGone(let scenes): return "scenesGone(scenes \(scenes.map(String.init).joined(separator: ", ")))"
            case .sessionChanged(let epoch): return "sessionChanged(to: \(epoch.map(String.init) ?? "none"))"
            case .tornDown(let epoch, let inTime): return "tornDown(\(epoch)\(inTime ? "" : ", timed out"))"
            }
        }
    }

    /// What an input returned, as text: a grant is "use(S1)", "make", "refuse", or "wait";
    /// a resumed factory "f2: use(S1)"; a teardown "S1: epoch 1 of session a"; a timed-out
    /// teardown reported by its session.
    /// A struct, not an enum: a multi-payload enum keeps its case in the spare bits of the
    /// array's pointer, which LeakSanitizer then does not see, and reports the rows' arrays
    /// as leaked.
    struct Action: Equatable {
        /// The grant `acquire` returned.
        var grant: String? = nil
        /// The session whose teardown timed out to report.
        var reportTimedOut: String? = nil
        /// The factories to resume.
        var resume: [String] = []
        /// The services to tear down.
        var tearDown: String? = nil

        static let none = Action()

        static func grant(_ grant: String) -> Action { Action(grant: grant) }
        static func resume(_ waiters: String...) -> Action { Action(resume: waiters) }
        static func tearDown(_ services: String) -> Action { Action(tearDown: services) }
        static func reportTimedOut(_ session: String, resume waiters: String...) -> Action {
            Action(reportTimedOut: session, resume: waiters)
        }
    }

    /// What a row expects: the action, and how the starting snapshot changes.
    struct Expected: Sendable {
        let action: Action
        let change: @Sendable (inout Snapshot) -> Void
    }

    typealias Row = TableRow<State, Input, Expected>

    /// A row whose action leaves the state that `change` makes of the starting snapshot.
    static func row(
        _ state: State,
        _ input: Input,
        _ action: Action,
        _ change: @escaping @Sendable (inout Snapshot) -> Void = { _ in }
    ) -> Row {
        Row(state, input, Expected(action: action, change: change))
    }

    static let acquireRows: [Row] = [
        // The first factory of the live session makes its services...
        row(.inSession1, .acquire(1, "a", waiter: "f1"), .grant("make")) { $0 = State.making1.expected },
        // ...once: the next one waits while they are made, and uses them once they are.
        row(.making1, .acquire(1, "a", waiter: "f2"), .grant("wait")) { $0 = State.making1Waited.expected },
        row(.alive1Held, .acquire(1, "a", waiter: "f2"), .grant("use(S1)")) { $0.factories = [1: 2] },
        row(.alive1Shown, .acquire(1, "a", waiter: "f2"), .grant("use(S1)")) { $0.factories = [1: 1] },
        // A factory of a session the flow is not in is refused, whatever its services' stage.
        row(.fresh, .acquire(1, "a", waiter: "f1"), .grant("refuse")),
        row(.inSession1, .acquire(2, "b", waiter: "g1"), .grant("refuse")),
        row(.making1Left, .acquire(1, "a", waiter: "f2"), .grant("refuse")),
        row(.left1, .acquire(1, "a", waiter: "f2"), .grant("refuse")),
        row(.tearingDown1, .acquire(1, "a", waiter: "f2"), .grant("refuse")),
        row(.queuedFor2, .acquire(1, "a", waiter: "f2"), .grant("refuse")),
        row(.queuedFor2, .acquire(3, "c", waiter: "h1"), .grant("refuse")),
        // A new session's services wait until the old ones are torn down.
        row(.tearingDown1In2, .acquire(2, "b", waiter: "g1"), .grant("wait")) { $0 = State.queuedFor2.expected },
        row(.queuedFor2, .acquire(2, "b", waiter: "g2"), .grant("wait")) { $0 = State.queuedTwiceFor2.expected },
    ]

    static let madeRows: [Row] = [
        // Made services are the maker's; the factories waiting for them use them.
        row(.making1, .made(1, "S1"), .none) { $0 = State.alive1Held.expected },
        row(.making1Waited, .made(1, "S1"), .resume("f2: use(S1)")) { $0.held = "1 alive" },
        // Made after the flow left, they stay while their maker holds them.
        row(.making1Left, .made(1, "S1"), .none) { $0.held = "1 alive" },
    ]

    /// Services are torn down once the flow left their session, no scene shows it, and no
    /// factory holds them; each alone keeps them.
    static let teardownRows: [Row] = [
        // The session alone keeps them.
        row(.alive1Held, .factoryEnded(1), .none) { $0 = State.alive1Idle.expected },
        row(.alive1Shown, .sceneShows(1, nil), .none) { $0 = State.alive1Idle.expected },
        row(.alive1Shown, .sceneGone(1), .none) { $0 = State.alive1Idle.expected },
        // A scene alone keeps them.
        row(.alive1Shown, .sessionChanged(to: nil), .none) { $0 = State.left1.expected },
        row(.alive1Shown, .sessionChanged(to: 2), .none) {
            $0 = State.left1.expected
            $0.liveEpoch = 2
        },
        row(.left1, .sceneShows(2, 1), .none) { $0.shown[scene2] = 1 },
        row(.left1, .sceneGone(2), .none),
        // A factory alone keeps them, until the last one ends.
        row(.alive1Held, .sessionChanged(to: nil), .none) { $0 = State.left1Held.expected },
        row(.left1HeldTwice, .factoryEnded(1), .none) { $0.factories = [1: 1] },
        // Services being made are never torn down: their maker holds them.
        row(.making1, .sessionChanged(to: nil), .none) { $0 = State.making1Left.expected },
        // The last of the three to let go starts the teardown.
        row(.alive1Idle, .sessionChanged(to: nil), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1.expected
        },
        row(.alive1Idle, .sessionChanged(to: 2), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1In2.expected
        },
        row(.left1, .sceneShows(1, nil), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1.expected
        },
        // A scene gone lets go like one that shows no session, or another session's child.
        row(.left1, .sceneGone(1), .tearDown("S1: epoch 1 of session a")) { $0 = State.tearingDown1.expected },
        // The flow's scenes gone at once let go together; one that showed nothing changes
        // nothing.
        row(.left1, .scenesGone([1, 2]), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1.expected
        },
        row(.alive1Shown, .scenesGone([1, 2]), .none) { $0 = State.alive1Idle.expected },
        row(.left1, .scenesGone([2]), .none),
        row(.left1, .sceneShows(1, 2), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1.expected
            $0.shown = [scene1: 2]
        },
        row(.left1Held, .factoryEnded(1), .tearDown("S1: epoch 1 of session a")) {
            $0 = State.tearingDown1.expected
        },
        // Services being torn down are torn down once.
        row(.tearingDown1, .sceneShows(1, nil), .none),
        row(.tearingDown1, .sessionChanged(to: 2), .none) { $0 = State.tearingDown1In2.expected },
    ]

    /// A new session's services are made only after the old ones are torn down.
    static let queueRows: [Row] = [
        row(.tearingDown1, .tornDown(1), .none) { $0 = State.fresh.expected },
        row(.tearingDown1In2, .tornDown(1), .none) { $0.held = nil },
        // The first factory queued makes them; the others wait for them to be made.
        row(.queuedFor2, .tornDown(1), .resume("g1: make")) {
            $0.held = "2 making, 0 waiting"
            $0.queued = []
        },
        row(.queuedTwiceFor2, .tornDown(1), .resume("g1: make")) {
            $0.held = "2 making, 1 waiting"
            $0.queued = []
        },
        // A teardown cut off by its timeout is reported, before the next session's services
        // are made; one in time is not.
        row(.tearingDown1, .tornDown(1, inTime: false), .reportTimedOut("a")) { $0 = State.fresh.expected },
        row(.queuedFor2, .tornDown(1, inTime: false), .reportTimedOut("a", resume: "g1: make")) {
            $0.held = "2 making, 0 waiting"
            $0.queued = []
        },
        // Leaving the session refuses the factories queued for it.
        row(.queuedFor2, .sessionChanged(to: nil), .resume("g1: refuse")) { $0 = State.tearingDown1.expected },
        row(.queuedTwiceFor2, .sessionChanged(to: 3), .resume("g1: refuse", "g2: refuse")) {
            $0 = State.tearingDown1In2.expected
            $0.liveEpoch = 3
        },
    ]

    static let rows = acquireRows + madeRows + teardownRows + queueRows

    static func text(_ grant: Machine.Grant) -> String {
        switch grant {
        case .use(let services): return "use(\(services))"
        case .make: return "make"
        case .refuse: return "refuse"
        }
    }

    static func action(_ action: Machine.Action) -> Action {
        Action(
            reportTimedOut: action.reportTimedOut,
            resume: action.resume.map { "\($0.0): \(text($0.1))" },
            tearDown: action.tearDown.map { "\($0.services): epoch \($0.epoch) of session \($0.session)" }
        )
    }

    static func apply(_ input: Input, to machine: inout Machine) -> Action {
        switch input {
        case .acquire(let epoch, let session, let waiter):
            return .grant(machine.acquire(epoch, session, waiter: waiter).map(text) ?? "wait")
        case .made(let epoch, let services): return action(machine.made(epoch, services))
        case .factoryEnded(let epoch): return action(machine.factoryEnded(epoch))
        case .sceneShows(let scene, let epoch): return action(machine.sceneShows(AuthSceneID(rawValue: scene), epoch))
        case .sceneGone(let scene): return action(machine.sceneGone(AuthSceneID(rawValue: scene)))
        case .scenesGone(let scenes): return action(machine.scenesGone(scenes.map(AuthSceneID.init(rawValue:))))
        case .sessionChanged(let epoch): return action(machine.sessionChanged(to: epoch))
        case .tornDown(let epoch, let inTime): return action(machine.tornDown(epoch, inTime: inTime))
        }
    }

    @Test(arguments: rows)
    func eachInputReturnsItsActionAndLeavesItsState(_ row: Row) {
        var machine = row.state.make()
        var expected = machine.snapshot
        row.expected.change(&expected)
        let action = Self.apply(row.input, to: &machine)
        #expect(action == row.expected.action)
        #expect(machine.snapshot == expected)
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test func aSessionSwitchMakesTheNextServicesOnlyOnceTheOldAreTornDown() {
        var machine = State.alive1Shown.make()
        #expect(Self.apply(.sessionChanged(to: 2), to: &machine) == .none)
        #expect(Self.apply(.acquire(2, "b", waiter: "g1"), to: &machine) == .grant("wait"))
        #expect(Self.apply(.sceneShows(1, nil), to: &machine) == .tearDown("S1: epoch 1 of session a"))
        #expect(Self.apply(.acquire(2, "b", waiter: "g2"), to: &machine) == .grant("wait"))
        #expect(Self.apply(.tornDown(1), to: &machine) == .resume("g1: make"))
        #expect(Self.apply(.made(2, "S2"), to: &machine) == .resume("g2: use(S2)"))
        #expect(Self.apply(.acquire(2, "b", waiter: "g3"), to: &machine) == .grant("use(S2)"))
        #expect(machine.snapshot == Snapshot(held: "2 alive", liveEpoch: 2, factories: [2: 3]))
        #expect(machine.invariantViolations().isEmpty)
    }

    // MARK: - Impossible inputs trap

    /// Inputs `SessionServices` never makes: services made unasked, a teardown reported
    /// unstarted, a factory ended that never got services. Each must stop the process with
    /// "Internal inconsistency".
    static let impossiblePairs: [(State, Input)] = [
        (.fresh, .made(1, "S1")),
        (.alive1Held, .made(1, "S1")),
        (.queuedFor2, .made(2, "S2")),
        (.inSession1, .tornDown(1)),
        (.alive1Shown, .tornDown(1)),
        (.queuedFor2, .tornDown(2)),
        (.fresh, .factoryEnded(1)),
        (.alive1Idle, .factoryEnded(1)),
        (.tearingDown1, .factoryEnded(1)),
        (.queuedFor2, .factoryEnded(1)),
    ]

    @Test(arguments: impossiblePairs.indices)
    func anInputAStateNeverTakesStopsTheProcess(_ index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            let (state, input) = SessionServicesStateMachineTests.impossiblePairs[index]
            var machine = state.make()
            _ = SessionServicesStateMachineTests.apply(input, to: &machine)
        }
        expectInternalInconsistency(in: result)
    }
}
