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

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .idle:
                break
            case .alone:
                _ = machine.request(
                    policy: .enqueue,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
            case .busy:
                machine = State.alone.make()
                _ = machine.request(
                    policy: .enqueue,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
                _ = machine.attach(2, waiter: 102)
                _ = machine.request(
                    policy: .enqueue,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
            case .handedOver:
                machine = State.alone.make()
                _ = machine.request(
                    policy: .enqueue,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
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
                _ = machine.request(
                    policy: .interrupt,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
            case .animating:
                machine = State.preparing.make()
                _ = machine.animate(1, isAnimated: true)
            case .animatingInterrupted:
                machine = State.alone.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
                _ = machine.animate(1, isAnimated: true)
                _ = machine.request(
                    policy: .interrupt,
                    maxPending: .max,
                    caller: FlowStateMachineTests.ok,
                    admission: .unconditional
                )
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
            }
            return machine
        }

        /// What `make()` must build.
        var expected: Snapshot {
            let t1 = TransitionID(rawValue: 1)
            let waiting = [Machine.PendingEntry(id: 2, waiter: 102), .init(id: 3, waiter: nil)]
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
                    owner: Running(id: 1, step: .settling(t1, .completed)),
                    pending: waiting,
                    lastRequestID: 3,
                    lastTransitionID: 1
                )
            case .settlingAlone:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .settling(t1, .completed)),
                    lastRequestID: 1,
                    lastTransitionID: 1
                )
            case .settlingInterrupted:
                return Snapshot(
                    phase: .running,
                    owner: Running(id: 1, step: .settling(t1, .interrupted(.overlap)), interruption: .overlap),
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
                    owner: Running(id: 1, step: .settling(t1, .interrupted(.finish)), interruption: .finish),
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
            }
        }
    }

    static let ok = Machine.Caller(isCancelled: false, isReentrant: false)
    static let cancelled = Machine.Caller(isCancelled: true, isReentrant: false)
    static let reentrant = Machine.Caller(isCancelled: false, isReentrant: true)

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSays(_ state: State) {
        #expect(state.make().snapshot == state.expected)
    }

    // MARK: - Inputs and actions

    enum Input: Sendable, CustomStringConvertible {
        case request(
            OverlapPolicy,
            maxPending: Int = .max,
            caller: Machine.Caller = FlowStateMachineTests.ok,
            admission: Machine.Admission = .unconditional
        )
        /// The container's broadcaster reports `subscribers` streams, then a caller asks
        /// to run in place.
        case inPlace(Machine.Caller, synchronous: Bool = true, subscribers: Int = 0)
        case attach(UInt64, waiter: Int)
        case cancel(UInt64)
        case start(UInt64, Machine.Admission, makesChild: Bool)
        case childReady(UInt64, Machine.Admission = .unconditional)
        case animate(UInt64, isAnimated: Bool)
        case animationEnded(UInt64, Machine.AnimationEnd, lastFrame: Double?)
        case transitionFinished(UInt64)
        case finish
        case finishFromInside
        case addFinishWaiter(String)
        case closed

        var description: String {
            switch self {
            case .request(let policy, let maxPending, let caller, let admission):
                let bound = maxPending == .max ? "" : ", maxPending \(maxPending)"
                return
                    "request(\(policy)\(bound), \(caller.isCancelled ? "cancelled" : caller.isReentrant ? "re-entrant" : "ordinary"), \(admission))"
            case .inPlace(let caller, let synchronous, let subscribers):
                return
                    "inPlace(cancelled: \(caller.isCancelled), re-entrant: \(caller.isReentrant), synchronous: \(synchronous), subscribers: \(subscribers))"
            case .attach(let id, let waiter): return "attach(\(id), \(waiter))"
            case .cancel(let id): return "cancel(\(id))"
            case .start(let id, let admission, let makesChild):
                return "start(\(id), \(admission), makesChild: \(makesChild))"
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

    /// Any of the machine's actions, so that one table can hold them all.
    enum Action: Equatable {
        case request(Machine.RequestAction)
        case inPlace(Machine.InPlaceAction)
        case attach(Machine.AttachAction)
        case cancel(Machine.CancelAction)
        case start(Machine.StartAction)
        case childReady(Machine.ChildReadyAction)
        case animate(Machine.AnimateAction)
        case animationEnded(Machine.AnimationEndAction)
        case transitionFinished(Machine.EndAction)
        case finish(Machine.FinishAction)
        case addFinishWaiter(Machine.FinishWaiterAction)
        case closed(Machine.ClosedAction)
    }

    static func apply(_ input: Input, to machine: inout Machine) -> Action {
        switch input {
        case .request(let policy, let maxPending, let caller, let admission):
            return .request(
                machine.request(policy: policy, maxPending: maxPending, caller: caller, admission: admission)
            )
        case .inPlace(let caller, let synchronous, let subscribers):
            machine.subscribersChanged(to: subscribers)
            return .inPlace(machine.requestInPlace(caller: caller, canCompleteSynchronously: synchronous))
        case .attach(let id, let waiter):
            return .attach(machine.attach(id, waiter: waiter))
        case .cancel(let id):
            return .cancel(machine.cancel(id))
        case .start(let id, let admission, let makesChild):
            return .start(machine.start(id, admission: admission, makesChild: makesChild))
        case .childReady(let id, let admission):
            return .childReady(machine.childReady(id, admission: admission))
        case .animate(let id, let isAnimated):
            return .animate(machine.animate(id, isAnimated: isAnimated))
        case .animationEnded(let id, let end, let lastFrame):
            return .animationEnded(machine.animationEnded(id, end, lastFrame: lastFrame))
        case .transitionFinished(let id):
            return .transitionFinished(machine.transitionFinished(id))
        case .finish:
            return .finish(machine.finish(caller: Self.ok))
        case .finishFromInside:
            return .finish(machine.finish(caller: Self.reentrant))
        case .addFinishWaiter(let waiter):
            return .addFinishWaiter(machine.addFinishWaiter(waiter))
        case .closed:
            return .closed(machine.closed())
        }
    }

    /// One row: from `state`, `input` must return `action` and leave the state that
    /// `change` makes of `state`'s snapshot.
    struct Row: Sendable, CustomTestStringConvertible {
        let state: State
        let input: Input
        let action: Action
        let change: @Sendable (inout Snapshot) -> Void

        init(
            _ state: State,
            _ input: Input,
            _ action: Action,
            _ change: @escaping @Sendable (inout Snapshot) -> Void = { _ in }
        ) {
            self.state = state
            self.input = input
            self.action = action
            self.change = change
        }

        var testDescription: String { "\(state) × \(input)" }
    }

    static let t1 = TransitionID(rawValue: 1)

    /// A new request: the checks in their order, then the policies.
    static let requestRows: [Row] =
        OverlapPolicy.allCases.map { policy in
            Row(.idle, .request(policy, maxPending: 0), .request(.run(1))) {
                $0.phase = .running
                $0.owner = Running(id: 1, step: .starting)
                $0.lastRequestID = 1
            }
        } + [
            Row(.idle, .request(.enqueue, caller: cancelled), .request(.resolve(.cancelled))),
            Row(.idle, .request(.enqueue, caller: reentrant), .request(.resolve(.rejected))),
            Row(
                .idle,
                .request(.enqueue, caller: .init(isCancelled: true, isReentrant: true)),
                .request(.resolve(.cancelled))
            ),
            Row(.idle, .request(.enqueue, admission: .unasked), .request(.askAdmission(.arrival))),
            Row(.idle, .request(.enqueue, admission: .refused), .request(.resolve(.superseded))),
            Row(.idle, .request(.enqueue, admission: .granted), .request(.run(1))) {
                $0.phase = .running
                $0.owner = Running(id: 1, step: .starting)
                $0.lastRequestID = 1
            },
            Row(.busy, .request(.enqueue), .request(.suspend(4, superseded: [], cutShort: false))) {
                $0.pending.append(.init(id: 4, waiter: nil))
                $0.lastRequestID = 4
            },
            Row(.busy, .request(.enqueue, maxPending: 3), .request(.suspend(4, superseded: [], cutShort: false))) {
                $0.pending.append(.init(id: 4, waiter: nil))
                $0.lastRequestID = 4
            },
            Row(.busy, .request(.enqueue, maxPending: 2), .request(.resolve(.rejected))),
            Row(.busy, .request(.dropIfBusy), .request(.resolve(.rejected))),
            Row(.busy, .request(.latestWins), .request(.suspend(4, superseded: [102], cutShort: false))) {
                $0.pending = [.init(id: 4, waiter: nil)]
                $0.decidedEarly = [3: .superseded]
                $0.lastRequestID = 4
            },
            Row(.busy, .request(.latestWins, admission: .refused), .request(.resolve(.superseded))),
            Row(.busy, .request(.latestWins, admission: .unasked), .request(.askAdmission(.arrival))),
            Row(.busy, .request(.interrupt, caller: reentrant), .request(.resolve(.rejected))),
            Row(.busy, .request(.interrupt), .request(.suspend(4, superseded: [102], cutShort: false))) {
                $0.owner?.interruption = .overlap
                $0.pending = [.init(id: 4, waiter: nil)]
                $0.decidedEarly = [3: .superseded]
                $0.lastRequestID = 4
            },
            Row(.animating, .request(.interrupt), .request(.suspend(4, superseded: [102], cutShort: true))) {
                $0.owner?.interruption = .overlap
                $0.pending = [.init(id: 4, waiter: nil)]
                $0.decidedEarly = [3: .superseded]
                $0.lastRequestID = 4
            },
            Row(.animatingInterrupted, .request(.interrupt), .request(.suspend(3, superseded: [], cutShort: false))) {
                $0.pending = [.init(id: 3, waiter: nil)]
                $0.decidedEarly = [2: .superseded]
                $0.lastRequestID = 3
            },
            Row(.settling, .request(.interrupt), .request(.suspend(4, superseded: [102], cutShort: false))) {
                $0.pending = [.init(id: 4, waiter: nil)]
                $0.decidedEarly = [3: .superseded]
                $0.lastRequestID = 4
            },
            Row(.handedOver, .request(.latestWins), .request(.suspend(3, superseded: [], cutShort: false))) {
                $0.pending = [.init(id: 3, waiter: nil)]
                $0.lastRequestID = 3
            },
        ]
        + [State.finishingBeforeStart, .finishing, .closing, .finished].flatMap { state in
            OverlapPolicy.allCases.map { Row(state, .request($0), .request(.resolve(.cancelled))) }
        } + [
            Row(.finished, .request(.enqueue, admission: .unasked), .request(.resolve(.cancelled))),
            Row(.finishing, .request(.enqueue, caller: reentrant), .request(.resolve(.rejected))),
        ]

    /// The in-place path of an uncontended immediate transition.
    static let inPlaceRows: [Row] =
        [
            Row(.idle, .inPlace(ok), .inPlace(.perform(t1, result: .completed, publish: false))) {
                $0.lastTransitionID = 1
            },
            Row(.idle, .inPlace(ok, subscribers: 2), .inPlace(.perform(t1, result: .completed, publish: true))) {
                $0.lastTransitionID = 1
                $0.subscriberCount = 2
            },
            Row(.idle, .inPlace(cancelled, subscribers: 1), .inPlace(.resolve(.cancelled))) { $0.subscriberCount = 1 },
            Row(.idle, .inPlace(cancelled), .inPlace(.resolve(.cancelled))),
            Row(.idle, .inPlace(reentrant), .inPlace(.resolve(.rejected))),
            Row(.idle, .inPlace(ok, synchronous: false), .inPlace(.useRequest)),
            Row(.idle, .inPlace(cancelled, synchronous: false), .inPlace(.useRequest)),
        ]
        + [State.alone, .animating, .finishing, .closing, .finished].map {
            Row($0, .inPlace(ok), .inPlace(.useRequest))
        }

    /// A caller suspends, or its task is cancelled.
    static let waitingRows: [Row] = [
        Row(.busy, .attach(3, waiter: 103), .attach(.wait)) { $0.pending[1].waiter = 103 },
        Row(.handedOver, .attach(2, waiter: 9), .attach(.resume(9, .run))) { $0.owner?.step = .starting },
        Row(.finishing, .attach(3, waiter: 7), .attach(.resume(7, .resolved(.cancelled)))) { $0.decidedEarly = [:] },
        Row(.settlingInterrupted, .attach(2, waiter: 7), .attach(.wait)) { $0.pending[0].waiter = 7 },
        Row(.busy, .cancel(2), .cancel(.resume(102))) { $0.pending.removeFirst() },
        Row(.busy, .cancel(3), .cancel(.none)) {
            $0.pending.removeLast()
            $0.decidedEarly = [3: .cancelled]
        },
        Row(.busy, .cancel(1), .cancel(.none)),
        Row(.busy, .cancel(99), .cancel(.none)),
        Row(.handedOver, .cancel(2), .cancel(.none)),
        Row(.idle, .cancel(1), .cancel(.none)),
        Row(.finishing, .cancel(3), .cancel(.none)),
        Row(.finished, .cancel(1), .cancel(.none)),
    ]

    /// A turn starts: the admission check at the start, transition ids, skipping.
    static let startRows: [Row] = [
        Row(.alone, .start(1, .unconditional, makesChild: false), .start(.begin(t1))) {
            $0.owner?.step = .preparing(t1)
            $0.lastTransitionID = 1
        },
        Row(.alone, .start(1, .granted, makesChild: false), .start(.begin(t1))) {
            $0.owner?.step = .preparing(t1)
            $0.lastTransitionID = 1
        },
        Row(.alone, .start(1, .unconditional, makesChild: true), .start(.makeChild(t1))) {
            $0.owner?.step = .makingChild(t1)
        },
        Row(.alone, .start(1, .unasked, makesChild: true), .start(.askAdmission(.start))),
        Row(.alone, .start(1, .refused, makesChild: true), .start(.skip(.finish(returning: .superseded)))) {
            $0.phase = .idle
            $0.owner = nil
        },
        Row(.busy, .start(1, .refused, makesChild: true), .start(.skip(.resumeNext(102, .run, returning: .superseded))))
        {
            $0.owner = Running(id: 2, step: .starting)
            $0.pending.removeFirst()
        },
        Row(
            .finishingBeforeStart,
            .start(1, .refused, makesChild: false),
            .start(.skip(.close(returning: .superseded)))
        ) {
            $0.phase = .closing
            $0.owner = nil
        },
        Row(.finishingBeforeStart, .start(1, .unconditional, makesChild: false), .start(.begin(t1))) {
            $0.owner?.step = .preparing(t1)
            $0.lastTransitionID = 1
        },
        Row(.makingChild, .childReady(1), .childReady(.begin(t1))) {
            $0.owner?.step = .preparing(t1)
            $0.lastTransitionID = 1
        },
        Row(.makingChild, .childReady(1, .granted), .childReady(.begin(t1))) {
            $0.owner?.step = .preparing(t1)
            $0.lastTransitionID = 1
        },
        Row(.makingChild, .childReady(1, .unasked), .childReady(.askAdmission(.childMade))),
        Row(.makingChild, .childReady(1, .refused), .childReady(.drop(.finish(returning: .superseded)))) {
            $0.phase = .idle
            $0.owner = nil
        },
        Row(.finishingMakingChild, .childReady(1, .unasked), .childReady(.abandon(.close(returning: .cancelled)))) {
            $0.phase = .closing
            $0.owner = nil
        },
        Row(.finishingMakingChild, .childReady(1), .childReady(.abandon(.close(returning: .cancelled)))) {
            $0.phase = .closing
            $0.owner = nil
        },
    ]

    /// The animation: whether to run it, and how it settled.
    static let animationRows: [Row] = [
        Row(.preparing, .animate(1, isAnimated: true), .animate(.runAnimator)) { $0.owner?.step = .animating(t1) },
        Row(.preparing, .animate(1, isAnimated: false), .animate(.settle(.completed, showLastFrame: false))) {
            $0.owner?.step = .settling(t1, .completed)
        },
        Row(
            .preparingInterrupted,
            .animate(1, isAnimated: true),
            .animate(.settle(.interrupted(.overlap), showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .interrupted(.overlap)) },
        Row(
            .preparingInterrupted,
            .animate(1, isAnimated: false),
            .animate(.settle(.interrupted(.overlap), showLastFrame: false))
        ) { $0.owner?.step = .settling(t1, .interrupted(.overlap)) },
        Row(
            .animating,
            .animationEnded(1, .finished, lastFrame: 1),
            .animationEnded(.settle(.completed, showLastFrame: false))
        ) { $0.owner?.step = .settling(t1, .completed) },
        Row(
            .animating,
            .animationEnded(1, .finished, lastFrame: 0.5),
            .animationEnded(.settle(.completed, showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .completed) },
        Row(
            .animating,
            .animationEnded(1, .finished, lastFrame: nil),
            .animationEnded(.settle(.completed, showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .completed) },
        Row(
            .animating,
            .animationEnded(1, .watchdog, lastFrame: 0.5),
            .animationEnded(.settle(.interrupted(.watchdog), showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .interrupted(.watchdog)) },
        Row(
            .animating,
            .animationEnded(1, .failed, lastFrame: 1),
            .animationEnded(.settle(.interrupted(.animatorFailed), showLastFrame: false))
        ) { $0.owner?.step = .settling(t1, .interrupted(.animatorFailed)) },
        Row(
            .animatingInterrupted,
            .animationEnded(1, .cutShort, lastFrame: 0.5),
            .animationEnded(.settle(.interrupted(.overlap), showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .interrupted(.overlap)) },
        Row(
            .animatingInterrupted,
            .animationEnded(1, .finished, lastFrame: 1),
            .animationEnded(.settle(.completed, showLastFrame: false))
        ) { $0.owner?.step = .settling(t1, .completed) },
        Row(
            .finishing,
            .animationEnded(1, .cutShort, lastFrame: nil),
            .animationEnded(.settle(.interrupted(.finish), showLastFrame: true))
        ) { $0.owner?.step = .settling(t1, .interrupted(.finish)) },
    ]

    /// A turn ends: the result, and the hand-over.
    static let endRows: [Row] = [
        Row(.settling, .transitionFinished(1), .transitionFinished(.resumeNext(102, .run, returning: .completed))) {
            $0.owner = Running(id: 2, step: .starting)
            $0.pending.removeFirst()
        },
        Row(.settlingAlone, .transitionFinished(1), .transitionFinished(.finish(returning: .completed))) {
            $0.phase = .idle
            $0.owner = nil
        },
        Row(.settlingInterrupted, .transitionFinished(1), .transitionFinished(.finish(returning: .interrupted))) {
            $0.owner = Running(id: 2, step: .handedOver)
            $0.pending = []
        },
        Row(.finishingSettling, .transitionFinished(1), .transitionFinished(.close(returning: .interrupted))) {
            $0.phase = .closing
            $0.owner = nil
        },
    ]

    /// `finish()` and its callers.
    static let finishRows: [Row] = [
        Row(.idle, .finish, .finish(.closeNow)) { $0.phase = .closing },
        Row(.busy, .finish, .finish(.wait(cancelled: [102], cutShort: false, suspend: true))) {
            $0.phase = .finishing
            $0.owner?.interruption = .finish
            $0.pending = []
            $0.decidedEarly = [3: .cancelled]
        },
        Row(.animating, .finish, .finish(.wait(cancelled: [102], cutShort: true, suspend: true))) {
            $0.phase = .finishing
            $0.owner?.interruption = .finish
            $0.pending = []
            $0.decidedEarly = [3: .cancelled]
        },
        Row(.animatingInterrupted, .finish, .finish(.wait(cancelled: [], cutShort: false, suspend: true))) {
            $0.phase = .finishing
            $0.pending = []
            $0.decidedEarly = [2: .cancelled]
        },
        Row(.settling, .finish, .finish(.wait(cancelled: [102], cutShort: false, suspend: true))) {
            $0.phase = .finishing
            $0.pending = []
            $0.decidedEarly = [3: .cancelled]
        },
        Row(.finishing, .finish, .finish(.wait(cancelled: [], cutShort: false, suspend: true))),
        Row(.closing, .finish, .finish(.wait(cancelled: [], cutShort: false, suspend: true))),
        Row(.finished, .finish, .finish(.alreadyFinished)),
        // Inside the running transition, a caller of `finish()` must not wait for it.
        Row(.animating, .finishFromInside, .finish(.wait(cancelled: [102], cutShort: true, suspend: false))) {
            $0.phase = .finishing
            $0.owner?.interruption = .finish
            $0.pending = []
            $0.decidedEarly = [3: .cancelled]
        },
        Row(.finishing, .finishFromInside, .finish(.wait(cancelled: [], cutShort: false, suspend: false))),
        Row(.finishing, .addFinishWaiter("a"), .addFinishWaiter(.wait)) { $0.finishWaiters = ["a"] },
        Row(.closingWithWaiter, .addFinishWaiter("a"), .addFinishWaiter(.wait)) { $0.finishWaiters = ["f", "a"] },
        Row(.finished, .addFinishWaiter("a"), .addFinishWaiter(.resume("a"))),
        Row(.closing, .closed, .closed(.resumeFinishWaiters([]))) { $0.phase = .finished },
        Row(.closingWithWaiter, .closed, .closed(.resumeFinishWaiters(["f"]))) {
            $0.phase = .finished
            $0.finishWaiters = []
        },
    ]

    @Test(arguments: requestRows + inPlaceRows + waitingRows + startRows + animationRows + endRows + finishRows)
    func eachInputReturnsItsActionAndLeavesItsState(_ row: Row) {
        var machine = row.state.make()
        var expected = machine.snapshot
        row.change(&expected)
        let action = Self.apply(row.input, to: &machine)
        #expect(action == row.action)
        #expect(machine.snapshot == expected)
    }

    // MARK: - Sequences

    @Test func enqueuedRequestsAreHandedTheContainerInArrivalOrderAndTransitionIDsIncrease() {
        var machine = State.alone.make()
        for id in UInt64(2)...4 {
            #expect(
                machine.request(policy: .enqueue, maxPending: .max, caller: Self.ok, admission: .unconditional)
                    == .suspend(id, superseded: [], cutShort: false)
            )
            #expect(machine.attach(id, waiter: 100 + Int(id)) == .wait)
        }
        for owner in UInt64(1)...4 {
            #expect(
                machine.start(owner, admission: .unconditional, makesChild: false)
                    == .begin(TransitionID(rawValue: owner))
            )
            #expect(machine.animate(owner, isAnimated: false) == .settle(.completed, showLastFrame: false))
            let next: Machine.EndAction =
                owner < 4
                ? .resumeNext(100 + Int(owner) + 1, .run, returning: .completed)
                : .finish(returning: .completed)
            #expect(machine.transitionFinished(owner) == next)
        }
        #expect(machine.snapshot.phase == .idle)
    }

    @Test func aChildDroppedAtTheThirdAdmissionPointLeavesItsReservedIdToTheNextTransition() {
        var machine = Machine()
        let run: Machine.RequestAction = .run(1)
        #expect(machine.request(policy: .enqueue, maxPending: .max, caller: Self.ok, admission: .unconditional) == run)
        #expect(machine.start(1, admission: .unconditional, makesChild: true) == .makeChild(Self.t1))
        #expect(machine.childReady(1, admission: .refused) == .drop(.finish(returning: .superseded)))
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
        #expect(machine.animate(1, isAnimated: false) == .settle(.completed, showLastFrame: false))
        #expect(machine.transitionFinished(1) == .finish(returning: .completed))
        #expect(
            machine.requestInPlace(caller: Self.ok, canCompleteSynchronously: true)
                == .perform(TransitionID(rawValue: 3), result: .completed, publish: false)
        )
    }

    // MARK: - Impossible inputs trap

    /// Inputs the container never makes; each must stop the process with "Internal
    /// inconsistency" rather than go on in a state no one can reason about.
    enum Impossible: String, CaseIterable, Codable, Sendable {
        case closedWhileIdle
        case closedWhileRunning
        case addFinishWaiterWhileIdle
        case addFinishWaiterWhileRunning
        case attachOfAnUnknownRequest
        case startOfARequestThatDoesNotOwnTheContainer
        case startTwice
        case childReadyWithoutAFactory
        case animateBeforeStart
        case animationEndedWithoutAnAnimation
        case cutShortWithoutACause
        case transitionFinishedBeforeItSettled
        case transitionFinishedWhileIdle
        case duplicatePendingID

        func run() {
            switch self {
            case .closedWhileIdle:
                var machine = State.idle.make()
                _ = machine.closed()
            case .closedWhileRunning:
                var machine = State.busy.make()
                _ = machine.closed()
            case .addFinishWaiterWhileIdle:
                var machine = State.idle.make()
                _ = machine.addFinishWaiter("x")
            case .addFinishWaiterWhileRunning:
                var machine = State.animating.make()
                _ = machine.addFinishWaiter("x")
            case .attachOfAnUnknownRequest:
                var machine = State.busy.make()
                _ = machine.attach(99, waiter: 1)
            case .startOfARequestThatDoesNotOwnTheContainer:
                var machine = State.busy.make()
                _ = machine.start(2, admission: .unconditional, makesChild: false)
            case .startTwice:
                var machine = State.preparing.make()
                _ = machine.start(1, admission: .unconditional, makesChild: false)
            case .childReadyWithoutAFactory:
                var machine = State.preparing.make()
                _ = machine.childReady(1, admission: .unconditional)
            case .animateBeforeStart:
                var machine = State.alone.make()
                _ = machine.animate(1, isAnimated: true)
            case .animationEndedWithoutAnAnimation:
                var machine = State.preparing.make()
                _ = machine.animationEnded(1, .finished, lastFrame: 1)
            case .cutShortWithoutACause:
                var machine = State.animating.make()
                _ = machine.animationEnded(1, .cutShort, lastFrame: 0.5)
            case .transitionFinishedBeforeItSettled:
                var machine = State.animating.make()
                _ = machine.transitionFinished(1)
            case .transitionFinishedWhileIdle:
                var machine = State.idle.make()
                _ = machine.transitionFinished(1)
            case .duplicatePendingID:
                var queue = PendingQueue<Int>()
                queue.append(1, id: 7)
                queue.append(2, id: 7)
            }
        }
    }

    @Test(arguments: Impossible.allCases)
    func anImpossibleInputStopsTheProcess(_ impossible: Impossible) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [impossible] in
            impossible.run()
        }
        expectInternalInconsistency(in: result)
    }
}
