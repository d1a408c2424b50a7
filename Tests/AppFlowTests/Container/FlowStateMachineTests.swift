import Foundation
import Testing

@testable import AppFlow

/// The container's decisions, tested synchronously as a table: each row is a named state,
/// one input, the action the machine must return and the state it must leave. Waiters
/// are plain integers and finish waiters plain strings, so no task is involved.
@Suite struct FlowStateMachineTests {
    typealias Machine = FlowStateMachine<Int, String>
    typealias Snapshot = Machine.Snapshot
    typealias Running = Machine.Running

    // MARK: - The named states

    /// The states the table starts from, each built from `idle` by the machine's own inputs
    /// (``everyNamedStateIsExactlyTheStateItsNameSays(_:)`` pins each one).
    enum State: String, CaseIterable, Sendable {
        /// Nothing runs.
        case idle
        /// Request 1 owns the container and has not started.
        case alone
        /// Request 1 owns the container; 2 waits on waiter 102, 3 has not suspended yet.
        case busy
        /// Request 1's transition #1 ended; request 2 was handed the turn before it suspended.
        case handedOver
        /// Request 1's factory makes the child of transition #1.
        case makingChild
        /// Transition #1 of request 1 is published, with 2 and 3 waiting as in `busy`.
        case preparing
        /// As `preparing`, with an interrupting request 2 that has not suspended.
        case preparingInterrupted
        /// Transition #1's animation runs, with 2 and 3 waiting as in `busy`.
        case animating
        /// Transition #1's animation runs, cut short by an interrupting request 2.
        case animatingInterrupted
        /// Transition #1's animation finished, with 2 and 3 waiting as in `busy`.
        case settling
        /// Transition #1's animation finished; nothing waits.
        case settlingAlone
        /// Transition #1 was cut short by request 2, which has not suspended.
        case settlingInterrupted
        /// `finish()` came before request 1 started.
        case finishingBeforeStart
        /// `finish()` came while request 1's factory ran.
        case finishingMakingChild
        /// `finish()` came while transition #1 animated, with 2 and 3 waiting as in `busy`.
        case finishing
        /// As `finishing`, after the cut-short animation ended.
        case finishingSettling
        /// `finish()` came while idle; nobody waits for it.
        case closing
        /// As `closing`, with a caller of `finish()` waiting on `"f"`.
        case closingWithWaiter
        /// The container is finished.
        case finished
        /// Request 1's factory ran; request 2 overtook it (1 refused to be waited for) and
        /// owns the container, not started.
        case overtaken
        /// Request 1 was handed the turn but had not started; a `latestWins` request 2
        /// superseded it and owns the container, not started.
        case supersededBeforeStart

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .idle:
                break
            case .alone:
                machine.enqueue()
            case .busy:
                machine = State.alone.make()
                machine.enqueue()
                _ = machine.attach(2, waiter: 102)
                machine.enqueue()
            case .handedOver:
                machine = State.alone.make()
                machine.enqueue()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
                _ = machine.animate(1, isAnimated: false)
                _ = machine.transitionFinished(1)
            case .makingChild:
                machine = State.alone.make()
                _ = machine.start(1, admission: .unconditional, makesChild: true)
            case .preparing:
                machine = State.busy.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
            case .preparingInterrupted:
                machine = State.alone.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
                machine.enqueue(.interrupt)
            case .animating:
                machine = State.preparing.make()
                _ = machine.animate(1, isAnimated: true)
            case .animatingInterrupted:
                machine = State.alone.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
                _ = machine.animate(1, isAnimated: true)
                machine.enqueue(.interrupt)
            case .settling:
                machine = State.animating.make()
                _ = machine.animationEnded(1, .finished, lastFrame: 1)
            case .settlingAlone:
                machine = State.alone.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
                _ = machine.animate(1, isAnimated: false)
            case .settlingInterrupted:
                machine = State.animatingInterrupted.make()
                _ = machine.animationEnded(1, .cutShort, lastFrame: 0.5)
            case .finishingBeforeStart:
                machine = State.alone.make()
                _ = machine.finish(caller: FlowStateMachineTests.ok)
            case .finishingMakingChild:
                machine = State.makingChild.make()
                _ = machine.finish(caller: FlowStateMachineTests.ok)
            case .finishing:
                machine = State.animating.make()
                _ = machine.finish(caller: FlowStateMachineTests.ok)
            case .finishingSettling:
                machine = State.finishing.make()
                _ = machine.animationEnded(1, .cutShort, lastFrame: 0.5)
            case .closing:
                _ = machine.finish(caller: FlowStateMachineTests.ok)
            case .closingWithWaiter:
                _ = machine.finish(caller: FlowStateMachineTests.ok)
                _ = machine.addFinishWaiter("f")
            case .finished:
                _ = machine.finish(caller: FlowStateMachineTests.ok)
                _ = machine.closed()
            case .overtaken:
                machine = State.makingChild.make()
                _ = machine.request(
                    policy: .latestWins,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional,
                    ownerAdmission: .refused
                )
                machine.enqueue(.latestWins)
            case .supersededBeforeStart:
                machine = State.alone.make()
                machine.enqueue(.latestWins)
                machine.enqueue(.latestWins)
            }
            return machine
        }

        /// What `make()` must build.
        var expected: Snapshot {
            let t1 = TransitionID(rawValue: 1)
            let waiting = [Machine.PendingRequest(id: 2, waiter: 102), .init(id: 3, waiter: nil)]
            switch self {
            case .idle:
                return Snapshot(phase: .idle)
            case .alone:
                return Snapshot(phase: .running, owner: Running(id: 1, step: .starting), lastRequestID: 1)
            case .busy:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .starting),
                    pending: waiting,
                    lastRequestID: 3
                )
            case .handedOver:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 2, step: .handedOver),
                    lastRequestID: 2,
                    lastTransitionID: 1
                )
            case .makingChild:
                return Snapshot(phase: .running, owner: Running(id: 1, step: .makingChild(t1)), lastRequestID: 1)
            case .preparing:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .preparing(t1)),
                    pending: waiting,
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .preparingInterrupted:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .preparing(t1), interruption: .overlap),
                    pending: [.init(id: 2, waiter: nil)],
                    lastRequestID: 2,
                    lastTransitionID: 1
                )
            case .animating:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .animating(t1)),
                    pending: waiting,
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .animatingInterrupted:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .animating(t1), interruption: .overlap),
                    pending: [.init(id: 2, waiter: nil)],
                    lastRequestID: 2,
                    lastTransitionID: 1
                )
            case .settling:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .settling(t1, nil)),
                    pending: waiting,
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .settlingAlone:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .settling(t1, nil)),
                    lastRequestID: 1,
                    lastTransitionID: 1
                )
            case .settlingInterrupted:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .settling(t1, .overlap), interruption: .overlap),
                    pending: [.init(id: 2, waiter: nil)],
                    lastRequestID: 2,
                    lastTransitionID: 1
                )
            case .finishingBeforeStart:
                return Snapshot(
                    phase: .finishing,
                    owner: Running(id: 1, step: .starting, interruption: .finish),
                    lastRequestID: 1
                )
            case .finishingMakingChild:
                return Snapshot(
                    phase: .finishing,
                    owner: Running(id: 1, step: .makingChild(t1), interruption: .finish),
                    lastRequestID: 1
                )
            case .finishing:
                return Snapshot(
                    phase: .finishing,
                    owner: Running(id: 1, step: .animating(t1), interruption: .finish),
                    decidedEarly: [3: .cancelled],
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .finishingSettling:
                return Snapshot(
                    phase: .finishing,
                    owner: Running(id: 1, step: .settling(t1, .finish), interruption: .finish),
                    decidedEarly: [3: .cancelled],
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .closing:
                return Snapshot(phase: .closing)
            case .closingWithWaiter:
                return Snapshot(phase: .closing, finishWaiters: ["f"])
            case .finished:
                return Snapshot(phase: .finished)
            case .overtaken, .supersededBeforeStart:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 2, step: .starting),
                    lastRequestID: 2,
                    overtaken: [1: self == .overtaken ? .makingChild : .beforeStart]
                )
            }
        }
    }

    static let ok = RequestCaller(isCancelled: false, isReentrant: false)
    static let cancelled = RequestCaller(isCancelled: true, isReentrant: false)
    static let reentrant = RequestCaller(isCancelled: false, isReentrant: true)

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSays(_ state: State) {
        #expect(state.make().snapshot == state.expected)
    }

    // MARK: - Inputs

    /// How a stamped request or start relates to the newest ``CallStamp``.
    enum Stamp: String, Sendable {
        /// Made with the newest stamp.
        case newest
        /// Made with a stamp issued before the newest one.
        case outdated
    }

    enum Input: Sendable, CustomStringConvertible {
        case request(
            OverlapPolicy,
            maxPending: Int = .max,
            caller: RequestCaller = FlowStateMachineTests.ok,
            admission: AdmissionAnswer = .unconditional,
            owner: AdmissionAnswer = .unconditional
        )
        /// Two stamps are issued, then a request is made with the first (outdated) or the second.
        case stampedRequest(OverlapPolicy, Stamp)
        /// The container's broadcaster reports `subscribers` streams, then a caller asks
        /// to run in place.
        case inPlace(RequestCaller, synchronous: Bool = true, subscribers: Int = 0)
        case stampCall
        case attach(RequestID, waiter: Int)
        case cancel(RequestID)
        case start(RequestID, AdmissionAnswer, makesChild: Bool)
        /// Two stamps are issued, then the owner starts with the first (outdated) or the second.
        case stampedStart(RequestID, Stamp)
        case childReady(RequestID, AdmissionAnswer = .unconditional)
        case animate(RequestID, isAnimated: Bool)
        case animationEnded(RequestID, AnimationEnd, lastFrame: Double?)
        case transitionFinished(RequestID)
        case finish
        case finishFromInside
        case addFinishWaiter(String)
        case closed

        var description: String {
            switch self {
            case .request(let policy, let maxPending, let caller, let admission, let owner):
                let bound = maxPending == .max ? "" : ", maxPending \(maxPending)"
                let who = caller.isCancelled ? "cancelled" : caller.isReentrant ? "re-entrant" : "ordinary"
                let ownerText = owner == .unconditional ? "" : ", owner \(owner)"
                return "request(\(policy)\(bound), \(who), \(admission)\(ownerText))"
            case .stampedRequest(let policy, let stamp):
                return "request(\(policy), \(stamp.rawValue) stamp)"
            case .inPlace(let caller, let synchronous, let subscribers):
                return
                    "inPlace(cancelled: \(caller.isCancelled), re-entrant: \(caller.isReentrant), synchronous: \(synchronous), subscribers: \(subscribers))"
            case .stampCall: return "stampCall"
            case .attach(let id, let waiter): return "attach(\(id), \(waiter))"
            case .cancel(let id): return "cancel(\(id))"
            case .start(let id, let admission, let makesChild):
                return "start(\(id), \(admission), makesChild: \(makesChild))"
            case .stampedStart(let id, let stamp): return "start(\(id), \(stamp.rawValue) stamp)"
            case .childReady(let id, let admission): return "childReady(\(id), \(admission))"
            case .animate(let id, let isAnimated): return "animate(\(id), isAnimated: \(isAnimated))"
            case .animationEnded(let id, let end, let lastFrame):
                return "animationEnded(\(id), \(end), lastFrame: \(lastFrame.map { "\($0)" } ?? "none"))"
            case .transitionFinished(let id): return "transitionFinished(\(id))"
            case .finish: return "finish"
            case .finishFromInside: return "finish(re-entrant)"
            case .addFinishWaiter(let waiter): return "addFinishWaiter(\(waiter))"
            case .closed: return "closed"
            }
        }
    }

    /// Applies `input` and returns the machine's action, as text.
    static func apply(_ input: Input, to machine: inout Machine) -> String {
        switch input {
        case .request(let policy, let maxPending, let caller, let admission, let owner):
            return tableText(
                machine.request(
                    policy: policy,
                    maxPending: maxPending,
                    caller: caller,
                    admission: admission,
                    ownerAdmission: owner
                )
            )
        case .stampedRequest(let policy, let stamp):
            let first = machine.stampCall()
            let second = machine.stampCall()
            return tableText(
                machine.request(
                    policy: policy,
                    maxPending: .max,
                    caller: ok,
                    admission: .unconditional,
                    stamp: stamp == .outdated ? first : second
                )
            )
        case .inPlace(let caller, let synchronous, let subscribers):
            machine.subscribersChanged(to: subscribers)
            return tableText(machine.requestInPlace(caller: caller, canCompleteSynchronously: synchronous))
        case .stampCall:
            return "stamp \(machine.stampCall().rawValue)"
        case .attach(let id, let waiter):
            return tableText(machine.attach(id, waiter: waiter))
        case .cancel(let id):
            return tableText(machine.cancel(id))
        case .start(let id, let admission, let makesChild):
            return tableText(machine.start(id, admission: admission, makesChild: makesChild))
        case .stampedStart(let id, let stamp):
            let first = machine.stampCall()
            let second = machine.stampCall()
            return tableText(
                machine.start(
                    id,
                    admission: .unconditional,
                    makesChild: false,
                    stamp: stamp == .outdated ? first : second
                )
            )
        case .childReady(let id, let admission):
            return tableText(machine.childReady(id, admission: admission))
        case .animate(let id, let isAnimated):
            return tableText(machine.animate(id, isAnimated: isAnimated))
        case .animationEnded(let id, let end, let lastFrame):
            return tableText(machine.animationEnded(id, end, lastFrame: lastFrame))
        case .transitionFinished(let id):
            return tableText(machine.transitionFinished(id))
        case .finish:
            return tableText(machine.finish(caller: ok))
        case .finishFromInside:
            return tableText(machine.finish(caller: reentrant))
        case .addFinishWaiter(let waiter):
            return tableText(machine.addFinishWaiter(waiter))
        case .closed:
            return tableText(machine.closed())
        }
    }

    // MARK: - Which inputs each state takes

    /// The inputs the container can make in `state`, each a row of the table. Requests,
    /// in-place requests, stamps, cancellations and `finish()` can come in every state; the
    /// others only where the machine's owner, queue or phase says.
    static func legalInputs(in state: State) -> [Input] {
        let snapshot = state.expected
        var inputs: [Input] = OverlapPolicy.allCases.map { .request($0) }
        inputs += [
            .request(.enqueue, maxPending: 0),
            .request(.latestWins, caller: cancelled),
            .request(.latestWins, caller: reentrant),
            .request(.latestWins, admission: .unasked),
            .request(.latestWins, admission: .refused),
            .request(.latestWins, admission: .granted),
            .stampedRequest(.latestWins, .newest),
            .stampedRequest(.latestWins, .outdated),
            .inPlace(ok),
            .inPlace(ok, subscribers: 2),
            .inPlace(cancelled),
            .inPlace(reentrant),
            .inPlace(ok, synchronous: false),
            .stampCall,
        ]
        let owner = snapshot.owner
        var known: [RequestID] = owner.map { [$0.id] } ?? []
        known += snapshot.pending.map(\.id) + snapshot.decidedEarly.keys.sorted() + snapshot.overtaken.keys.sorted()
        for entry in snapshot.pending where entry.waiter == nil {
            inputs.append(.attach(entry.id, waiter: 100 + Int(entry.id.rawValue)))
        }
        for id in snapshot.decidedEarly.keys.sorted() {
            inputs.append(.attach(id, waiter: 100 + Int(id.rawValue)))
        }
        if let owner, owner.step == .handedOver {
            inputs.append(.attach(owner.id, waiter: 100 + Int(owner.id.rawValue)))
        }
        inputs += (known + [unknown]).map { .cancel($0) }
        if let owner {
            let id = owner.id
            switch owner.step {
            case .starting:
                inputs += [
                    .start(id, .unconditional, makesChild: false),
                    .start(id, .unconditional, makesChild: true),
                    .start(id, .unasked, makesChild: true),
                    .start(id, .refused, makesChild: true),
                    .start(id, .granted, makesChild: false),
                    .stampedStart(id, .newest),
                    .stampedStart(id, .outdated),
                ]
            case .makingChild:
                inputs += [.unconditional, .unasked, .refused, .granted].map { .childReady(id, $0) }
                inputs += [.unasked, .refused, .granted].map { .request(.latestWins, owner: $0) }
                inputs += [
                    .request(.enqueue, owner: .refused),
                    .request(.latestWins, caller: cancelled, owner: .unasked),
                    .request(.latestWins, admission: .refused, owner: .unasked),
                ]
            case .preparing:
                inputs += [.animate(id, isAnimated: true), .animate(id, isAnimated: false)]
            case .animating:
                inputs += [
                    .animationEnded(id, .finished, lastFrame: 1),
                    .animationEnded(id, .finished, lastFrame: 0.5),
                    .animationEnded(id, .finished, lastFrame: nil),
                    .animationEnded(id, .watchdog, lastFrame: 0.5),
                    .animationEnded(id, .failed, lastFrame: 1),
                ]
                if owner.interruption != nil {
                    inputs.append(.animationEnded(id, .cutShort, lastFrame: 0.5))
                }
            case .settling:
                inputs.append(.transitionFinished(id))
            case .handedOver:
                break
            }
        }
        for (id, step) in snapshot.overtaken.sorted(by: { $0.key < $1.key }) {
            switch step {
            case .makingChild: inputs.append(.childReady(id))
            case .beforeStart: inputs.append(.start(id, .unconditional, makesChild: true))
            }
        }
        inputs += [.finish, .finishFromInside]
        switch snapshot.phase {
        case .finishing, .closing, .finished:
            inputs.append(.addFinishWaiter("a"))
        case .idle, .running:
            break
        }
        if snapshot.phase == .closing {
            inputs.append(.closed)
        }
        return inputs
    }

    /// A request id no state knows.
    static let unknown: RequestID = 9

    /// The inputs the container never makes in `state`: one of each kind the state does
    /// not take. Each must stop the process.
    static func illegalInputs(in state: State) -> [Input] {
        let snapshot = state.expected
        let owner = snapshot.owner
        let id = owner?.id ?? 1
        let legal = Set(legalInputs(in: state).map(\.description))
        var candidates: [Input] = [
            .attach(unknown, waiter: 1),
            .start(id, .unconditional, makesChild: false),
            .childReady(id),
            .animate(id, isAnimated: true),
            .animationEnded(id, .finished, lastFrame: 1),
            .animationEnded(id, .cutShort, lastFrame: 0.5),
            .transitionFinished(id),
            .addFinishWaiter("a"),
            .closed,
        ]
        if let first = snapshot.pending.first, owner != nil {
            candidates.append(.start(first.id, .unconditional, makesChild: false))
        }
        // An overtaken request reports only the step it lost its turn at.
        for (lostID, step) in snapshot.overtaken {
            switch step {
            case .makingChild: candidates.append(.start(lostID, .unconditional, makesChild: true))
            case .beforeStart: candidates.append(.childReady(lostID))
            }
        }
        return candidates.filter { !legal.contains($0.description) }
    }

    static let illegalPairs: [(State, Input)] = State.allCases.flatMap { state in
        illegalInputs(in: state).map { (state, $0) }
    }

    // MARK: - The table

    /// The whole state as one line of the table.
    static func render(_ snapshot: Snapshot) -> String {
        var parts = ["\(snapshot.phase)"]
        if let owner = snapshot.owner {
            let cause = owner.interruption.map { ", cut short by \($0)" } ?? ""
            let step = tableText(owner.step).replacingOccurrences(of: ", nil)", with: ", finished)")
            parts.append("owner \(owner.id) \(step)\(cause)")
        }
        if !snapshot.pending.isEmpty {
            let entries = snapshot.pending.map { entry in "\(entry.id)" + (entry.waiter.map { " on \($0)" } ?? "") }
            parts.append("pending " + entries.joined(separator: ", "))
        }
        if !snapshot.finishWaiters.isEmpty {
            parts.append("finish waiters " + snapshot.finishWaiters.joined(separator: ", "))
        }
        if !snapshot.overtaken.isEmpty {
            let lost = snapshot.overtaken.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            parts.append("overtaken " + lost.joined(separator: ", "))
        }
        if !snapshot.decidedEarly.isEmpty {
            let early = snapshot.decidedEarly.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            parts.append("decided early " + early.joined(separator: ", "))
        }
        var ids = "last request \(snapshot.lastRequestID), last transition \(snapshot.lastTransitionID)"
        if snapshot.lastCallStamp > 0 { ids += ", last stamp \(snapshot.lastCallStamp)" }
        parts.append(ids)
        if snapshot.subscriberCount > 0 { parts.append("\(snapshot.subscriberCount) subscribers") }
        return parts.joined(separator: "; ")
    }

    typealias Row = TableRow<State, Input, Void>

    static let rows: [Row] = State.allCases.flatMap { state in legalInputs(in: state).map { Row(state, $0, ()) } }

    /// The row's line: `state × input → action ⇒ resulting state`.
    static func line(_ row: Row) -> String {
        var machine = row.state.make()
        let action = apply(row.input, to: &machine)
        return "\(row.key) → \(action) ⇒ \(render(machine.snapshot))"
    }

    static let table = TableFile("FlowStateMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryLegalInputInEveryStateWithItsActionAndResultingState() throws {
        let header = """
            # FlowStateMachine: every named state (FlowStateMachineTests.State) × every input the
            # container can make there. Each line: state × input → action ⇒ resulting state.
            # Checked line for line by FlowStateMachineTests; inputs a state never takes are its
            # exit tests. Ids: request ids are plain numbers, transition ids #n; waiters 1xx.

            """
        try Self.table.check(Self.rows.map(Self.line), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheMachinesInvariants(_ row: Row) {
        var machine = row.state.make()
        #expect(machine.invariantViolations().isEmpty, "before")
        _ = Self.apply(row.input, to: &machine)
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test(arguments: State.allCases)
    func everyNamedStateKeepsTheMachinesInvariants(_ state: State) {
        #expect(state.make().invariantViolations().isEmpty)
    }

    @Test func everyPolicyIsTestedAgainstEveryNamedState() {
        for state in State.allCases {
            for policy in OverlapPolicy.allCases {
                #expect(
                    Self.rows.contains { $0.state == state && $0.key == "\(state.rawValue) × \(Input.request(policy))" }
                )
            }
        }
    }

    /// `Semantics.md` and `OverlapPolicies.md` cite rows as `` `state × input` ``; each
    /// cited row must be a row of this table.
    @Test func everyRowTheDocsCiteIsARowOfTheTable() throws {
        let keys = Set(Self.rows.map(\.key))
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/AppFlow.docc")
        var cited = 0
        for name in ["Semantics.md", "OverlapPolicies.md"] {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            for span in text.components(separatedBy: "`").enumerated() where span.offset % 2 == 1 {
                let key = span.element
                guard key.contains(" × "), let state = key.components(separatedBy: " × ").first,
                    State(rawValue: state) != nil
                else { continue }
                cited += 1
                let isRow = keys.contains(key)
                #expect(isRow, "\(name) cites \(key), which is no row")
            }
        }
        #expect(cited > 0)
    }

    static let t1 = TransitionID(rawValue: 1)

    // MARK: - Sequences

    @Test func enqueuedRequestsAreHandedTheContainerInArrivalOrderAndTransitionIDsIncrease() {
        var machine = State.alone.make()
        for raw in UInt64(2)...4 {
            let id = RequestID(rawValue: raw)
            #expect(
                machine.request(policy: .enqueue, maxPending: .max, caller: Self.ok, admission: .unconditional)
                    == .suspend(id, superseded: [], cutShort: false)
            )
            #expect(machine.attach(id, waiter: 100 + Int(raw)) == .wait)
        }
        for raw in UInt64(1)...4 {
            let owner = RequestID(rawValue: raw)
            #expect(
                machine.start(owner, admission: .unconditional, makesChild: false)
                    == .begin(TransitionID(rawValue: raw))
            )
            #expect(machine.animate(owner, isAnimated: false) == .settle(interruption: nil, showLastFrame: false))
            let next: Machine.EndAction =
                raw < 4
                ? .resumeNext(100 + Int(raw) + 1, .run, returning: .completed)
                : .returning(.completed)
            #expect(machine.transitionFinished(owner) == next)
        }
        #expect(machine.snapshot.phase == .idle)
    }

    @Test func aChildDroppedAtTheThirdAdmissionPointLeavesItsReservedIdToTheNextTransition() {
        var machine = Machine()
        let run: Machine.RequestAction = .run(1)
        #expect(machine.request(policy: .enqueue, maxPending: .max, caller: Self.ok, admission: .unconditional) == run)
        #expect(machine.start(1, admission: .unconditional, makesChild: true) == .makeChild(Self.t1))
        #expect(machine.childReady(1, admission: .refused) == .drop(.returning(.superseded)))
        #expect(machine.snapshot.lastTransitionID == 0)
        #expect(
            machine.requestInPlace(caller: Self.ok, canCompleteSynchronously: true)
                == .perform(Self.t1, result: .completed, publish: false)
        )
    }

    @Test func aFactoryLearnsTheIdItsTransitionGetsAndTheInPlacePathContinuesTheCount() {
        var machine = Machine()
        #expect(
            machine.requestInPlace(caller: Self.ok, canCompleteSynchronously: true)
                == .perform(TransitionID(rawValue: 1), result: .completed, publish: false)
        )
        #expect(
            machine.request(policy: .enqueue, maxPending: .max, caller: Self.ok, admission: .unconditional) == .run(1)
        )
        #expect(machine.start(1, admission: .unconditional, makesChild: true) == .makeChild(TransitionID(rawValue: 2)))
        #expect(machine.childReady(1, admission: .unconditional) == .begin(TransitionID(rawValue: 2)))
        #expect(machine.animate(1, isAnimated: false) == .settle(interruption: nil, showLastFrame: false))
        #expect(machine.transitionFinished(1) == .returning(.completed))
        #expect(
            machine.requestInPlace(caller: Self.ok, canCompleteSynchronously: true)
                == .perform(TransitionID(rawValue: 3), result: .completed, publish: false)
        )
    }

    // MARK: - Impossible inputs trap

    /// Inputs the container never makes; each must stop the process with "Internal
    /// inconsistency" rather than go on in a state no one can reason about.
    @Test(arguments: illegalPairs.indices)
    func anInputAStateNeverTakesStopsTheProcess(_ index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            let (state, input) = FlowStateMachineTests.illegalPairs[index]
            var machine = state.make()
            _ = FlowStateMachineTests.apply(input, to: &machine)
        }
        expectInternalInconsistency(in: result)
    }

    @Test func aDuplicatePendingIDStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var queue = PendingQueue<Int>()
            queue.append(1, id: 7)
            queue.append(2, id: 7)
        }
        expectInternalInconsistency(in: result)
    }
}

extension FlowStateMachine where Waiter == Int, FinishWaiter == String {
    /// An ordinary request under `policy`: how the named states are built.
    mutating func enqueue(_ policy: OverlapPolicy = .enqueue) {
        _ = request(policy: policy, maxPending: .max, caller: FlowStateMachineTests.ok, admission: .unconditional)
    }
}
