import Foundation
import Testing

@testable import AppFlow

/// The intents' decisions, tested synchronously: named states built by the machine's own
/// inputs, the complete table of every named state × every input `AuthFlow` can make there
/// (kept line for line in `IntentStateMachineTable.txt`, the invariants checked after every
/// row), and the rules of the machine's documentation asserted row by row.
///
/// Sessions are "a" and "b"; a scene shows its number's child of each ("a1", "b2"). The named
/// states' intents are "i1", "i2", "i3", heard by waiters "w1", "w2", "w3"; an intent a row
/// opens is "x", heard by "wx". Capacity 3.
@Suite struct IntentStateMachineTests {
    typealias Machine = IntentStateMachine<String, String, String, String>

    static let capacity = 3

    /// The waiter that hears `intent`: "w1" for "i1", "wx" for "x".
    static func waiter(of intent: String) -> String {
        "w" + intent.drop { $0 == "i" }
    }

    /// The child scene `scene` shows of `session`: "a1" for scene 1 and session "a".
    static func child(_ scene: UInt64, _ session: String) -> String {
        "\(session)\(scene)"
    }

    // MARK: - The machine's state, as text

    /// The machine's state as plain values; the table prints it as the resulting state.
    struct Snapshot: Equatable, CustomStringConvertible {
        /// The id the next intent gets.
        var nextID: Machine.ID = 1
        /// The intents held, in open order: "1 i1 for b in scene 2 (w1)".
        var held: [String] = []
        /// The intent being delivered: "1 to scene 1 (w1)", or "1 to scene 1 (w1) not started
        /// as decision 2".
        var delivering: String?
        /// The scenes attached, in attach order.
        var attached: [UInt64] = []
        /// The ready scenes, in attach order: "scene 1 a (a1)".
        var ready: [String] = []
        /// The scenes activated, the most recent first.
        var activity: [UInt64] = []
        /// The scenes yet to show the newest call's outcome, in order.
        var unsettled: [UInt64] = []
        var isFinished = false

        init(
            nextID: Machine.ID = 1,
            held: [String] = [],
            delivering: String? = nil,
            attached: [UInt64] = [],
            ready: [String] = [],
            activity: [UInt64] = [],
            unsettled: [UInt64] = [],
            isFinished: Bool = false
        ) {
            self.unsettled = unsettled
            self.nextID = nextID
            self.held = held
            self.delivering = delivering
            self.attached = attached
            self.ready = ready
            self.activity = activity
            self.isFinished = isFinished
        }

        init(_ machine: Machine) {
            nextID = machine.nextID
            held = machine.held.map { held in
                Snapshot.held(held.id, held.intent, for: held.session, in: held.scene?.rawValue, waiter: held.waiter)
            }
            delivering = machine.delivering.map {
                "\($0.id) to \($0.scene) (\($0.waiter))"
                    + (machine.decided.map { " not started as decision \($0)" } ?? "")
            }
            attached = machine.attached.map(\.rawValue)
            ready = machine.ready.map { "\($0.scene) \($0.session) (\($0.child))" }
            activity = machine.activity.map(\.rawValue)
            unsettled = machine.unsettled.map(\.rawValue).sorted()
            isFinished = machine.isFinished
        }

        /// A held intent's text.
        static func held(
            _ id: Machine.ID,
            _ intent: String,
            for session: String? = nil,
            in scene: UInt64? = nil,
            waiter: String? = nil
        ) -> String {
            let session = session.map { " for \($0)" } ?? ""
            let scene = scene.map { " in scene \($0)" } ?? ""
            return "\(id) \(intent)\(session)\(scene) (\(waiter ?? IntentStateMachineTests.waiter(of: intent)))"
        }

        /// A ready scene's text.
        static func ready(_ scene: UInt64, _ session: String) -> String {
            "scene \(scene) \(session) (\(IntentStateMachineTests.child(scene, session)))"
        }

        var description: String {
            var parts = ["next \(nextID)"]
            if !held.isEmpty { parts.append("held " + held.joined(separator: ", ")) }
            if let delivering { parts.append("delivering \(delivering)") }
            if !attached.isEmpty { parts.append("attached " + attached.map(String.init).joined(separator: ", ")) }
            if !ready.isEmpty { parts.append("ready " + ready.joined(separator: ", ")) }
            if !activity.isEmpty { parts.append("active " + activity.map(String.init).joined(separator: ", ")) }
            if !unsettled.isEmpty { parts.append("unsettled " + unsettled.map(String.init).joined(separator: ", ")) }
            if isFinished { parts.append("finished") }
            return parts.joined(separator: "; ")
        }
    }

    // MARK: - Named states

    /// The states the table starts from, each built from a fresh machine by its own inputs.
    enum State: String, CaseIterable, Sendable {
        /// Nothing attached, nothing held.
        case fresh
        /// Scene 1 attached.
        case scene1
        /// Scenes 1 and 2 attached, none ready.
        case scenes12
        /// As `scenes12`, and "i1", naming nothing, held.
        case heldOne
        /// As `scenes12`, and "i1" naming session "b" and "i2" naming scene 2 held.
        case heldNamed
        /// As `heldOne`, and "i2" and "i3" held too: as many as the machine holds.
        case heldFull
        /// As `scenes12`, and scene 1 ready with session "a"; nothing held.
        case ready1
        /// As `scenes12`, and scene 2 ready with session "b"; nothing held.
        case ready2b
        /// As `ready1`, and scene 2 ready with session "a" too, then activated.
        case active2
        /// As `heldOne`, and "i2" held behind it; then scene 1 shows session "a": the delivery
        /// of "i1" to scene 1 is decided, not started; "i2" held.
        case deliveryDecided
        /// As `deliveryDecided`, and "i3" and "i4" held behind "i2": as many as the machine
        /// holds, with "i1" decided besides.
        case deliveryDecidedFull
        /// As `deliveryDecided`, then a call made (not a logout) takes the delivery back, and
        /// scene 1 shows session "a" again: "i1" is decided again, as decision 2, while the
        /// task of decision 1 may not have started yet.
        case deliveryDecidedAgain
        /// As `deliveryDecided`, and the delivery of "i1" has started.
        case delivering
        /// As `ready1`, and "i1" opened (delivered to scene 1 at once), then "i2" naming
        /// session "b", held behind it.
        case deliveringBeforeB
        /// As `ready1`, and "i1" naming scene 2 held for it, "i2" naming nothing held
        /// behind it.
        case waitingForScene2
        /// As `active2`, then a call made (not a logout): no scene is ready, both are yet to
        /// show its outcome, and "i1", naming nothing, is held for scene 2, the active one.
        case callAfterActive2
        /// As `heldOne`, and finished: "i1" dropped.
        case finished
        /// As `delivering`, and finished: "i2" dropped, "i1" still delivered.
        case finishedDelivering

        func make() -> Machine {
            var machine = Machine(capacity: IntentStateMachineTests.capacity, expiry: .seconds(1))
            func apply(_ inputs: Input...) {
                for input in inputs { _ = IntentStateMachineTests.apply(input, to: &machine) }
            }
            switch self {
            case .fresh:
                break
            case .scene1:
                apply(.attached(1))
            case .scenes12:
                machine = State.scene1.make()
                apply(.attached(2))
            case .heldOne:
                machine = State.scenes12.make()
                apply(.open("i1"))
            case .heldNamed:
                machine = State.scenes12.make()
                apply(.open("i1", session: "b"), .open("i2", scene: 2))
            case .heldFull:
                machine = State.heldOne.make()
                apply(.open("i2"), .open("i3"))
            case .ready1:
                machine = State.scenes12.make()
                apply(.sceneShows(1, "a"))
            case .ready2b:
                machine = State.scenes12.make()
                apply(.sceneShows(2, "b"))
            case .active2:
                machine = State.ready1.make()
                apply(.sceneShows(2, "a"), .activated(2))
            case .deliveryDecided:
                machine = State.heldOne.make()
                apply(.open("i2"), .sceneShows(1, "a"))
            case .deliveryDecidedFull:
                machine = State.deliveryDecided.make()
                apply(.open("i3"), .open("i4"))
            case .deliveryDecidedAgain:
                machine = State.deliveryDecided.make()
                apply(.callMade(isLogout: false), .sceneShows(1, "a"))
            case .delivering:
                machine = State.deliveryDecided.make()
                apply(.deliveryStarting(1))
            case .deliveringBeforeB:
                machine = State.ready1.make()
                apply(.open("i1"), .deliveryStarting(1), .open("i2", session: "b"))
            case .waitingForScene2:
                machine = State.ready1.make()
                apply(.open("i1", scene: 2), .open("i2"))
            case .callAfterActive2:
                machine = State.active2.make()
                apply(.callMade(isLogout: false), .open("i1"))
            case .finished:
                machine = State.heldOne.make()
                apply(.finish)
            case .finishedDelivering:
                machine = State.delivering.make()
                apply(.finish)
            }
            return machine
        }

        var expected: Snapshot {
            let both: [UInt64] = [1, 2]
            switch self {
            case .fresh:
                return Snapshot()
            case .scene1:
                return Snapshot(attached: [1])
            case .scenes12:
                return Snapshot(attached: both)
            case .heldOne:
                return Snapshot(nextID: 2, held: [Snapshot.held(1, "i1")], attached: both)
            case .heldNamed:
                return Snapshot(
                    nextID: 3,
                    held: [Snapshot.held(1, "i1", for: "b"), Snapshot.held(2, "i2", in: 2)],
                    attached: both
                )
            case .heldFull:
                return Snapshot(
                    nextID: 4,
                    held: [Snapshot.held(1, "i1"), Snapshot.held(2, "i2"), Snapshot.held(3, "i3")],
                    attached: both
                )
            case .ready1:
                return Snapshot(attached: both, ready: [Snapshot.ready(1, "a")])
            case .ready2b:
                return Snapshot(attached: both, ready: [Snapshot.ready(2, "b")])
            case .active2:
                return Snapshot(
                    attached: both,
                    ready: [Snapshot.ready(1, "a"), Snapshot.ready(2, "a")],
                    activity: [2]
                )
            case .deliveryDecided:
                var snapshot = State.delivering.expected
                snapshot.delivering = "1 to scene 1 (w1) not started as decision 1"
                return snapshot
            case .deliveryDecidedAgain:
                var snapshot = State.deliveryDecided.expected
                snapshot.delivering = "1 to scene 1 (w1) not started as decision 2"
                snapshot.unsettled = [2]
                return snapshot
            case .deliveryDecidedFull:
                var snapshot = State.deliveryDecided.expected
                snapshot.nextID = 5
                snapshot.held = [Snapshot.held(2, "i2"), Snapshot.held(3, "i3"), Snapshot.held(4, "i4")]
                return snapshot
            case .delivering:
                return Snapshot(
                    nextID: 3,
                    held: [Snapshot.held(2, "i2")],
                    delivering: "1 to scene 1 (w1)",
                    attached: both,
                    ready: [Snapshot.ready(1, "a")]
                )
            case .deliveringBeforeB:
                return Snapshot(
                    nextID: 3,
                    held: [Snapshot.held(2, "i2", for: "b")],
                    delivering: "1 to scene 1 (w1)",
                    attached: both,
                    ready: [Snapshot.ready(1, "a")]
                )
            case .callAfterActive2:
                return Snapshot(
                    nextID: 2,
                    held: [Snapshot.held(1, "i1")],
                    attached: both,
                    activity: [2],
                    unsettled: both
                )
            case .waitingForScene2:
                return Snapshot(
                    nextID: 3,
                    held: [Snapshot.held(1, "i1", in: 2), Snapshot.held(2, "i2")],
                    attached: both,
                    ready: [Snapshot.ready(1, "a")]
                )
            case .finished:
                return Snapshot(nextID: 2, attached: both, isFinished: true)
            case .finishedDelivering:
                return Snapshot(nextID: 3, delivering: "1 to scene 1 (w1)", attached: both, isFinished: true)
            }
        }
    }

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSaysAndKeepsTheInvariants(_ state: State) {
        let machine = state.make()
        #expect(Snapshot(machine) == state.expected)
        #expect(machine.invariantViolations().isEmpty)
    }

    // MARK: - Inputs and actions

    enum Input: Sendable, CustomStringConvertible {
        case attached(UInt64)
        case detached(UInt64)
        case activated(UInt64)
        case callMade(isLogout: Bool)
        /// Scene `scene` shows `session`'s child (``IntentStateMachineTests/child(_:_:)``).
        case sceneShows(UInt64, String)
        /// Scene `scene` showed the newest call's outcome, in no session.
        case sceneSettled(UInt64)
        /// Intent `intent` is opened, naming a session and a scene if given
        /// (``open(_:session:scene:)``).
        case open(String, String?, UInt64?)
        case withdraw(Machine.ID)
        case expired(Machine.ID)
        /// The task of delivery decision `decision` starts it.
        case deliveryStarting(Machine.Decision)
        case deliveryEnded(Machine.ID)
        case finish

        static func open(_ intent: String, session: String? = nil, scene: UInt64? = nil) -> Input {
            .open(intent, session, scene)
        }

        var description: String {
            switch self {
            case .attached(let scene): return "attached(scene \(scene))"
            case .detached(let scene): return "detached(scene \(scene))"
            case .activated(let scene): return "activated(scene \(scene))"
            case .callMade(let isLogout): return "callMade(isLogout: \(isLogout))"
            case .sceneShows(let scene, let session):
                return "sceneShows(scene \(scene), \(session), \(IntentStateMachineTests.child(scene, session)))"
            case .sceneSettled(let scene): return "sceneSettled(scene \(scene))"
            case .open(let intent, let session, let scene):
                let session = session.map { " for \($0)" } ?? ""
                let scene = scene.map { " in scene \($0)" } ?? ""
                return "open(\(intent)\(session)\(scene))"
            case .withdraw(let id): return "withdraw(\(id))"
            case .expired(let id): return "expired(\(id))"
            case .deliveryStarting(let decision): return "deliveryStarting(decision \(decision))"
            case .deliveryEnded(let id): return "deliveryEnded(\(id))"
            case .finish: return "finish"
            }
        }
    }

    /// What an input returned, as text: the outcomes ("w1: dropped(loggedOut)"), the
    /// delivery to start ("2 i2 to scene 1 (a, a1)"), the expiry to start, and the id an
    /// `open` returned.
    struct Action: Equatable, CustomStringConvertible {
        var id: Machine.ID?
        var resolve: [String] = []
        var deliver: String?
        var expire: Machine.ID?
        /// What ``IntentStateMachine/deliveryStarting(_:)`` answered, for that input.
        var starts: Bool?

        init(id: Machine.ID? = nil, resolve: [String] = [], deliver: String? = nil, expire: Machine.ID? = nil) {
            self.id = id
            self.resolve = resolve
            self.deliver = deliver
            self.expire = expire
        }

        init(_ action: Machine.Action, id: Machine.ID? = nil) {
            self.id = id
            resolve = action.resolve.map { "\($0.waiter): \(IntentStateMachineTests.text($0.result))" }
            deliver = action.deliver.map {
                "\($0.id) \($0.intent) to \($0.scene) (\($0.session), \($0.child))"
            }
            expire = action.expire?.id
        }

        static let none = Action()

        /// What a start answered: `starts` or `does not start`, and nothing else.
        static func starting(_ starts: Bool) -> Action {
            var action = Action()
            action.starts = starts
            return action
        }

        var description: String {
            var parts: [String] = []
            if let id { parts.append("id \(id)") }
            if !resolve.isEmpty { parts.append("resolve " + resolve.joined(separator: ", ")) }
            if let deliver { parts.append("deliver \(deliver)") }
            if let expire { parts.append("expire \(expire)") }
            if let starts { parts.append(starts ? "starts" : "does not start") }
            return parts.isEmpty ? "none" : parts.joined(separator: "; ")
        }
    }

    static func text(_ result: IntentResult) -> String {
        switch result {
        case .delivered(let scene): return "delivered(\(scene))"
        case .dropped(let reason): return "dropped(\(reason))"
        }
    }

    static func apply(_ input: Input, to machine: inout Machine) -> Action {
        switch input {
        case .attached(let scene):
            machine.attached(AuthSceneID(rawValue: scene))
            return .none
        case .detached(let scene):
            return Action(machine.detached(AuthSceneID(rawValue: scene)))
        case .activated(let scene):
            return Action(machine.activated(AuthSceneID(rawValue: scene)))
        case .callMade(let isLogout):
            return Action(machine.callMade(isLogout: isLogout))
        case .sceneShows(let scene, let session):
            return Action(
                machine.sceneShows(AuthSceneID(rawValue: scene), session: session, child: child(scene, session))
            )
        case .sceneSettled(let scene):
            return Action(machine.sceneSettled(AuthSceneID(rawValue: scene)))
        case .open(let intent, let session, let scene):
            let (id, action) = machine.open(
                intent,
                session: session,
                scene: scene.map(AuthSceneID.init(rawValue:)),
                waiter: waiter(of: intent)
            )
            return Action(action, id: id)
        case .withdraw(let id):
            return Action(machine.withdraw(id))
        case .expired(let id):
            return Action(machine.expired(id))
        case .deliveryStarting(let decision):
            return Action.starting(machine.deliveryStarting(decision))
        case .deliveryEnded(let id):
            // A delivery that ended had started: the rule rows skip the start.
            if machine.undelivered?.id == id, let decision = machine.decided { _ = machine.deliveryStarting(decision) }
            return Action(machine.deliveryEnded(id))
        case .finish:
            return Action(machine.finish())
        }
    }

    // MARK: - The complete table

    typealias Row = TableRow<State, Input, Void>

    /// An id no intent was given, and a number no delivery decision was given.
    static let unknownID: Machine.ID = 99

    /// The inputs `AuthFlow` can make in `state`: any scene of 1-3 attached, detached or
    /// activated; any call; scene 1 or 2 showing either session; an intent of each kind
    /// opened; each held intent, the one being delivered and an unknown one withdrawn or
    /// expired; the delivery running ended; the delivery decided started, and every other
    /// decision made (taken back, or started already) and an unknown one started; finish.
    /// (`deliveryEnded` of another id traps.)
    static func legalInputs(in state: State) -> [Input] {
        let machine = state.make()
        var inputs: [Input] = [1, 2, 3].flatMap { [Input.attached($0), .detached($0), .activated($0)] }
        inputs += [.callMade(isLogout: false), .callMade(isLogout: true)]
        inputs += [1, 2].flatMap { scene in ["a", "b"].map { Input.sceneShows(scene, $0) } }
        inputs += [1, 2].map { Input.sceneSettled($0) }
        inputs += [
            .open("x"), .open("x", session: "a"), .open("x", session: "b"), .open("x", scene: 2), .open("x", scene: 3),
        ]
        let ids = (machine.held.map(\.id) + (machine.delivering.map { [$0.id] } ?? [])).sorted() + [unknownID]
        inputs += ids.flatMap { [Input.withdraw($0), .expired($0)] }
        if let delivering = machine.delivering {
            // A delivery ends only once started.
            inputs.append(machine.decided.map { .deliveryStarting($0) } ?? .deliveryEnded(delivering.id))
        }
        let others = (1..<(machine.decisions + 1)).filter { $0 != machine.decided } + [unknownID]
        inputs += others.map { Input.deliveryStarting($0) }
        inputs.append(.finish)
        return inputs
    }

    static let rows: [Row] = State.allCases.flatMap { state in legalInputs(in: state).map { Row(state, $0, ()) } }

    static func line(_ row: Row) -> String {
        var machine = row.state.make()
        let action = apply(row.input, to: &machine)
        return "\(row.key) → \(action) ⇒ \(Snapshot(machine))"
    }

    static let table = TableFile("IntentStateMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsActionAndResultingState() throws {
        let header = """
            # IntentStateMachine: every named state (IntentStateMachineTests.State) × every input
            # AuthFlow can make there. Each line: state × input → action ⇒ resulting state.
            # Checked line for line by IntentStateMachineTests. Capacity 3; sessions "a" and "b";
            # scene n shows child "a<n>" or "b<n>"; intent "i<k>" is heard by "w<k>", "x" by "wx".
            # Held intents read "id intent [for session] [in scene] (waiter)", deliveries
            # "id intent to scene (session, child)", ready scenes "scene session (child)".

            """
        try Self.table.check(Self.rows.map(Self.line), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheMachinesInvariants(_ row: Row) {
        var machine = row.state.make()
        _ = Self.apply(row.input, to: &machine)
        #expect(machine.invariantViolations().isEmpty)
    }

    // MARK: - The rules, row by row

    /// Applies `input` in `state`: the machine must return `action` and leave the state
    /// `change` makes of the starting one, keeping its invariants.
    func expectRow(
        _ state: State,
        _ input: Input,
        _ action: Action,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout Snapshot) -> Void = { _ in }
    ) {
        var machine = state.make()
        var expected = Snapshot(machine)
        // A call made: every scene attached is yet to show its outcome.
        if case .callMade = input { expected.unsettled = expected.attached }
        change(&expected)
        #expect(Self.apply(input, to: &machine) == action, sourceLocation: sourceLocation)
        #expect(Snapshot(machine) == expected, sourceLocation: sourceLocation)
        #expect(machine.invariantViolations().isEmpty, sourceLocation: sourceLocation)
    }

    /// Applies `inputs` in turn to `machine`, returning the last one's action.
    @discardableResult
    func apply(_ inputs: Input..., to machine: inout Machine) -> Action {
        var action = Action.none
        for input in inputs {
            action = Self.apply(input, to: &machine)
            #expect(machine.invariantViolations().isEmpty, "after \(input)")
        }
        return action
    }

    @Test func aLogoutDropsEveryHeldIntentAsLoggedOut() {
        expectRow(
            .heldFull,
            .callMade(isLogout: true),
            Action(resolve: ["w1: dropped(loggedOut)", "w2: dropped(loggedOut)", "w3: dropped(loggedOut)"])
        ) { $0.held = [] }
        expectRow(
            .heldNamed,
            .callMade(isLogout: true),
            Action(resolve: ["w1: dropped(loggedOut)", "w2: dropped(loggedOut)"])
        ) {
            $0.held = []
        }
        // The intent being delivered was delivered before the logout: it goes on.
        expectRow(.delivering, .callMade(isLogout: true), Action(resolve: ["w2: dropped(loggedOut)"])) {
            $0.held = []
            $0.ready = []
        }
        // One decided and not started, with as many held behind it as the machine holds: it
        // is dropped as logged out too, never as displaced by those held.
        expectRow(
            .deliveryDecidedFull,
            .callMade(isLogout: true),
            Action(resolve: [
                "w1: dropped(loggedOut)", "w2: dropped(loggedOut)", "w3: dropped(loggedOut)", "w4: dropped(loggedOut)",
            ])
        ) {
            ($0.held, $0.delivering, $0.ready, $0.unsettled) = ([], nil, [], [1, 2])
        }
    }

    @Test func aCallThatIsNoLogoutClearsReadinessSoALaterOpenIsHeld() {
        expectRow(.ready1, .callMade(isLogout: false), .none) { $0.ready = [] }
        expectRow(.heldFull, .callMade(isLogout: false), .none)
        var machine = State.active2.make()
        apply(.callMade(isLogout: false), to: &machine)
        #expect(apply(.open("x"), to: &machine) == Action(id: 1, expire: 1))
        #expect(Snapshot(machine).held == [Snapshot.held(1, "x")])
        // Until a scene shows the newest call's child.
        #expect(apply(.sceneShows(2, "a"), to: &machine) == Action(deliver: "1 x to scene 2 (a, a2)"))
    }

    @Test func anOpenWhileASceneIsReadyIsDeliveredToItAtOnce() {
        expectRow(.ready1, .open("x"), Action(id: 1, deliver: "1 x to scene 1 (a, a1)")) {
            $0.nextID = 2
            $0.delivering = "1 to scene 1 (wx) not started as decision 1"
        }
        expectRow(.ready1, .open("x", session: "a"), Action(id: 1, deliver: "1 x to scene 1 (a, a1)")) {
            $0.nextID = 2
            $0.delivering = "1 to scene 1 (wx) not started as decision 1"
        }
    }

    @Test func heldIntentsGoInOpenOrderOneAtATime() {
        var machine = State.heldFull.make()
        #expect(apply(.sceneShows(1, "a"), to: &machine) == Action(deliver: "1 i1 to scene 1 (a, a1)"))
        #expect(Snapshot(machine).held == [Snapshot.held(2, "i2"), Snapshot.held(3, "i3")])
        // Another scene ready, or another intent, starts nothing while one is delivered.
        #expect(apply(.sceneShows(2, "a"), to: &machine) == .none)
        #expect(apply(.open("x"), to: &machine) == Action(id: 4, expire: 4))
        #expect(
            apply(.deliveryEnded(1), to: &machine)
                == Action(resolve: ["w1: delivered(scene 1)"], deliver: "2 i2 to scene 1 (a, a1)")
        )
        #expect(
            apply(.deliveryEnded(2), to: &machine)
                == Action(resolve: ["w2: delivered(scene 1)"], deliver: "3 i3 to scene 1 (a, a1)")
        )
        #expect(
            apply(.deliveryEnded(3), to: &machine)
                == Action(resolve: ["w3: delivered(scene 1)"], deliver: "4 x to scene 1 (a, a1)")
        )
        #expect(apply(.deliveryEnded(4), to: &machine) == Action(resolve: ["wx: delivered(scene 1)"]))
        #expect(Snapshot(machine).held.isEmpty && Snapshot(machine).delivering == nil)
    }

    @Test func anIntentNamingAnotherSessionIsDroppedAsMismatchedOnceASceneIsReady() {
        // Held: dropped when a scene shows another session, and the next one moves on.
        expectRow(.heldNamed, .sceneShows(1, "a"), Action(resolve: ["w1: dropped(sessionMismatch)"])) {
            $0.held = [Snapshot.held(2, "i2", in: 2)]
            $0.ready = [Snapshot.ready(1, "a")]
        }
        // Behind a delivery: dropped when its turn comes.
        expectRow(
            .deliveringBeforeB,
            .deliveryEnded(1),
            Action(resolve: ["w1: delivered(scene 1)", "w2: dropped(sessionMismatch)"])
        ) {
            $0.held = []
            $0.delivering = nil
        }
        // Opened while one is shown: dropped at once, never held.
        expectRow(.ready2b, .open("x", session: "a"), Action(id: 1, resolve: ["wx: dropped(sessionMismatch)"])) {
            $0.nextID = 2
        }
    }

    @Test func anIntentNamingAnotherSessionOfTheSameAccountIsDelivered() throws {
        // "b" and "b-v2" are one account, as the provider says; "a" is another.
        var machine = Machine(capacity: 4, expiry: .seconds(1)) {
            $0.split(separator: "-").first == $1.split(separator: "-").first
        }
        machine.attached(AuthSceneID(rawValue: 1))
        _ = machine.open("x", session: "b", scene: nil, waiter: "wx")
        _ = machine.open("y", session: "a", scene: nil, waiter: "wy")
        let action = machine.sceneShows(AuthSceneID(rawValue: 1), session: "b-v2", child: "c")
        let delivery = try #require(action.deliver)
        #expect(delivery.intent == "x" && delivery.session == "b-v2")
        #expect(machine.invariantViolations().isEmpty)
        let started = machine.deliveryStarting(delivery.decision)
        #expect(started)
        let next = machine.deliveryEnded(delivery.id)
        #expect(next.resolve.map(\.waiter) == ["wx", "wy"])
        #expect(next.resolve.map(\.result) == [.delivered(AuthSceneID(rawValue: 1)), .dropped(.sessionMismatch)])
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test func anIntentNamingTheSessionShownIsDelivered() {
        expectRow(.heldNamed, .sceneShows(1, "b"), Action(deliver: "1 i1 to scene 1 (b, b1)")) {
            $0.held = [Snapshot.held(2, "i2", in: 2)]
            $0.delivering = "1 to scene 1 (w1) not started as decision 1"
            $0.ready = [Snapshot.ready(1, "b")]
        }
        expectRow(.ready2b, .open("x", session: "b"), Action(id: 1, deliver: "1 x to scene 2 (b, b2)")) {
            $0.nextID = 2
            $0.delivering = "1 to scene 2 (wx) not started as decision 1"
        }
    }

    @Test func anIntentNamingASceneWaitsForThatSceneAndBlocksLaterIntents() {
        // Scene 1 is ready, yet "i1" waits for scene 2 and "i2" waits behind it...
        expectRow(.waitingForScene2, .open("x"), Action(id: 3, expire: 3)) {
            $0.nextID = 4
            $0.held.append(Snapshot.held(3, "x"))
        }
        expectRow(.waitingForScene2, .sceneShows(1, "a"), .none)
        // ...until scene 2 is ready.
        expectRow(.waitingForScene2, .sceneShows(2, "a"), Action(deliver: "1 i1 to scene 2 (a, a2)")) {
            $0.held = [Snapshot.held(2, "i2")]
            $0.delivering = "1 to scene 2 (w1) not started as decision 1"
            $0.ready.append(Snapshot.ready(2, "a"))
        }
        // Opened while scene 2 is not ready, it is held.
        expectRow(.ready1, .open("x", scene: 2), Action(id: 1, expire: 1)) {
            $0.nextID = 2
            $0.held = [Snapshot.held(1, "x", in: 2)]
        }
    }

    @Test func aDetachedNamedSceneDropsItsIntentsAsSceneGone() {
        // The intent blocking the others goes, and the next one is delivered.
        expectRow(
            .waitingForScene2,
            .detached(2),
            Action(resolve: ["w1: dropped(sceneGone)"], deliver: "2 i2 to scene 1 (a, a1)")
        ) {
            $0.held = []
            $0.delivering = "2 to scene 1 (w2) not started as decision 1"
            $0.attached = [1]
        }
        expectRow(.heldNamed, .detached(2), Action(resolve: ["w2: dropped(sceneGone)"])) {
            $0.held = [Snapshot.held(1, "i1", for: "b")]
            $0.attached = [1]
        }
        // An intent naming a scene not attached is dropped at once.
        expectRow(.scenes12, .open("x", scene: 3), Action(id: 0, resolve: ["wx: dropped(sceneGone)"]))
        // A scene being delivered to, once detached, is no longer ready; the delivery goes on.
        expectRow(.delivering, .detached(1), .none) {
            $0.attached = [2]
            $0.ready = []
        }
    }

    @Test func openingBeyondCapacityDropsTheOldestAsDisplaced() {
        expectRow(.heldFull, .open("x"), Action(id: 4, resolve: ["w1: dropped(displaced)"], expire: 4)) {
            $0.nextID = 5
            $0.held = [Snapshot.held(2, "i2"), Snapshot.held(3, "i3"), Snapshot.held(4, "x")]
        }
        // The intent being delivered is not held: it takes no place.
        var machine = State.delivering.make()
        #expect(apply(.open("x"), .open("y"), to: &machine) == Action(id: 4, expire: 4))
        #expect(Snapshot(machine).held.count == 3)
    }

    @Test func withdrawingOrExpiringAHeldIntentDropsIt() {
        expectRow(.heldOne, .withdraw(1), Action(resolve: ["w1: dropped(cancelled)"])) { $0.held = [] }
        expectRow(.heldOne, .expired(1), Action(resolve: ["w1: dropped(expired)"])) { $0.held = [] }
        expectRow(.heldFull, .expired(2), Action(resolve: ["w2: dropped(expired)"])) {
            $0.held = [Snapshot.held(1, "i1"), Snapshot.held(3, "i3")]
        }
        // The one it blocked moves on.
        expectRow(
            .waitingForScene2,
            .withdraw(1),
            Action(resolve: ["w1: dropped(cancelled)"], deliver: "2 i2 to scene 1 (a, a1)")
        ) {
            $0.held = []
            $0.delivering = "2 to scene 1 (w2) not started as decision 1"
        }
    }

    @Test func aCallMadeBeforeADecidedDeliveryStartsTakesItBack_AndALogoutDropsIt() {
        // A call: back at the head of the held intents, no delivery started.
        expectRow(.deliveryDecided, .callMade(isLogout: false), .none) {
            $0.held = [Snapshot.held(1, "i1"), Snapshot.held(2, "i2")]
            $0.delivering = nil
            $0.ready = []
        }
        // A logout: dropped, with the intents held behind it.
        expectRow(
            .deliveryDecided,
            .callMade(isLogout: true),
            Action(resolve: ["w1: dropped(loggedOut)", "w2: dropped(loggedOut)"])
        ) {
            $0.held = []
            $0.delivering = nil
            $0.ready = []
        }
        // Its task then finds it gone and does not deliver it.
        var machine = State.deliveryDecided.make()
        _ = machine.callMade(isLogout: false)
        let startsAfterTheCall = machine.deliveryStarting(1)
        #expect(!startsAfterTheCall)
        // Started, a delivery runs to its end whatever call comes.
        var started = State.deliveryDecided.make()
        let starts = started.deliveryStarting(1)
        #expect(starts)
        _ = started.callMade(isLogout: true)
        #expect(started.delivering?.id == 1)
    }

    @Test func withdrawingOrExpiringTheIntentBeingDeliveredDoesNothing() {
        expectRow(.delivering, .withdraw(1), .none)
        expectRow(.delivering, .expired(1), .none)
        expectRow(.delivering, .withdraw(Self.unknownID), .none)
        // Its opener hears it delivered.
        expectRow(
            .delivering,
            .deliveryEnded(1),
            Action(resolve: ["w1: delivered(scene 1)"], deliver: "2 i2 to scene 1 (a, a1)")
        ) {
            $0.held = []
            $0.delivering = "2 to scene 1 (w2) not started as decision 2"
        }
    }

    @Test func unnamedIntentsGoToTheMostRecentlyActivatedReadyScene() {
        expectRow(.active2, .open("x"), Action(id: 1, deliver: "1 x to scene 2 (a, a2)")) {
            $0.nextID = 2
            $0.delivering = "1 to scene 2 (wx) not started as decision 1"
        }
        // Activating scene 1 last makes it the one.
        var machine = State.active2.make()
        apply(.activated(1), to: &machine)
        #expect(apply(.open("x"), to: &machine) == Action(id: 1, deliver: "1 x to scene 1 (a, a1)"))
        // The most recently activated scene, still to show the newest call's outcome, is
        // waited for: another scene that shows it first does not take the intent.
        machine = State.active2.make()
        apply(.activated(1), .callMade(isLogout: false), .sceneShows(2, "a"), to: &machine)
        #expect(Snapshot(machine).activity == [1, 2])
        #expect(apply(.open("x"), to: &machine) == Action(id: 1, expire: 1))
        #expect(apply(.sceneShows(1, "a"), to: &machine) == Action(deliver: "1 x to scene 1 (a, a1)"))
        // Once it has shown the outcome in no session, the intent goes to a ready scene.
        machine = State.active2.make()
        apply(.activated(1), .callMade(isLogout: false), .sceneShows(2, "a"), .open("x"), to: &machine)
        #expect(apply(.sceneSettled(1), to: &machine) == Action(deliver: "1 x to scene 2 (a, a2)"))
        // Or once the user activates a scene that shows the session.
        machine = State.active2.make()
        apply(.activated(1), .callMade(isLogout: false), .sceneShows(2, "a"), .open("x"), to: &machine)
        #expect(apply(.activated(2), to: &machine) == Action(deliver: "1 x to scene 2 (a, a2)"))
    }

    @Test func unnamedIntentsGoToTheFirstReadySceneInAttachOrderWhenNoneWasActivated() {
        // Scene 2 shown first, scene 1 next: attach order, not the order shown.
        var machine = State.scenes12.make()
        apply(.sceneShows(2, "a"), .sceneShows(1, "a"), to: &machine)
        #expect(apply(.open("x"), to: &machine) == Action(id: 1, deliver: "1 x to scene 1 (a, a1)"))
        // A scene activated before it was attached was not activated.
        machine = State.scenes12.make()
        apply(.activated(3), .attached(3), .sceneShows(3, "a"), .sceneShows(1, "a"), to: &machine)
        #expect(Snapshot(machine).activity.isEmpty)
        #expect(apply(.open("x"), to: &machine) == Action(id: 1, deliver: "1 x to scene 1 (a, a1)"))
    }

    @Test func aSceneShowingAnotherSessionEndsTheReadinessOfTheScenesShowingTheOldOne() {
        expectRow(.ready2b, .sceneShows(1, "a"), .none) { $0.ready = [Snapshot.ready(1, "a")] }
        expectRow(.active2, .sceneShows(1, "b"), .none) { $0.ready = [Snapshot.ready(1, "b")] }
        // A scene not attached is never ready.
        expectRow(.scene1, .sceneShows(2, "a"), .none)
    }

    @Test func finishDropsHeldIntentsAsFinishedAndLaterOpensToo() {
        expectRow(
            .heldFull,
            .finish,
            Action(resolve: ["w1: dropped(finished)", "w2: dropped(finished)", "w3: dropped(finished)"])
        ) {
            $0.held = []
            $0.isFinished = true
        }
        expectRow(.finished, .open("x"), Action(id: 0, resolve: ["wx: dropped(finished)"]))
        expectRow(.finished, .open("x", scene: 3), Action(id: 0, resolve: ["wx: dropped(finished)"]))
        // No scene is ready again.
        expectRow(.finished, .sceneShows(1, "a"), .none)
        // A delivery running goes on to its end.
        expectRow(.finishedDelivering, .deliveryEnded(1), Action(resolve: ["w1: delivered(scene 1)"])) {
            $0.delivering = nil
        }
    }

    /// A second start of the delivery running is refused, so its intent is not handed over
    /// twice, and leaves it running; a start of a decision never made is refused too.
    @Test func aSecondStartOfTheDeliveryRunningIsRefusedAndChangesNothing() {
        var machine = State.deliveryDecided.make()
        let first = machine.deliveryStarting(1)
        let second = machine.deliveryStarting(1)
        let other = machine.deliveryStarting(2)
        #expect(first && !second && !other)
        #expect(machine.delivering?.id == 1 && machine.undelivered == nil)
    }

    /// A delivery taken back by a call and decided again, maybe for another child, starts
    /// only from its new decision: the task of the old one, late, delivers nothing, so the
    /// intent is handed over once, and never to the child the call may have replaced.
    @Test func aDeliveryTakenBackAndDecidedAgainStartsOnlyFromItsNewDecision() {
        expectRow(.deliveryDecidedAgain, .deliveryStarting(1), .starting(false))
        expectRow(.deliveryDecidedAgain, .deliveryStarting(2), .starting(true)) {
            $0.delivering = "1 to scene 1 (w1)"
        }
        // Once the new one started, the old task is still refused.
        var machine = State.deliveryDecidedAgain.make()
        let new = machine.deliveryStarting(2)
        let old = machine.deliveryStarting(1)
        #expect(new && !old)
        // The same holds when a detach takes it back and another scene takes it at once.
        var moved = State.deliveryDecided.make()
        _ = moved.sceneShows(AuthSceneID(rawValue: 2), session: "a", child: "a2")
        let again = moved.detached(AuthSceneID(rawValue: 1))
        #expect(again.deliver?.id == 1 && again.deliver?.child == "a2" && again.deliver?.decision == 2)
        let stale = moved.deliveryStarting(1)
        let fresh = moved.deliveryStarting(2)
        #expect(!stale && fresh)
        #expect(moved.invariantViolations().isEmpty)
    }

    @Test func expireIsSetOnlyWhenTheOpenedIntentStaysHeld() {
        // Held: its expiry starts.
        #expect(Self.row(.scenes12, .open("x")) == Action(id: 1, expire: 1))
        #expect(Self.row(.heldFull, .open("x")).expire == 4)
        #expect(Self.row(.delivering, .open("x")).expire == 3)
        // Delivered, dropped as mismatched, as sceneGone or as finished: no expiry.
        #expect(Self.row(.ready1, .open("x")).expire == nil)
        #expect(Self.row(.ready2b, .open("x", session: "a")).expire == nil)
        #expect(Self.row(.scenes12, .open("x", scene: 3)).expire == nil)
        #expect(Self.row(.finished, .open("x")).expire == nil)
    }

    /// The expiry an intent held gets is the machine's; a machine without one holds it until
    /// it has another outcome.
    @Test func anIntentHeldExpiresAfterTheMachinesExpiryAndNeverWithoutOne() {
        for expiry: Duration? in [.seconds(1), .seconds(600), nil] {
            var machine = Machine(capacity: 3, expiry: expiry)
            machine.attached(AuthSceneID(rawValue: 1))
            let (id, action) = machine.open("x", session: nil, scene: nil, waiter: "wx")
            #expect(action.expire?.id == (expiry == nil ? nil : id))
            #expect(action.expire?.after == expiry)
            #expect(machine.held.map(\.id) == [id])
        }
    }

    /// The action `input` returns in `state`.
    static func row(_ state: State, _ input: Input) -> Action {
        var machine = state.make()
        return apply(input, to: &machine)
    }
}
