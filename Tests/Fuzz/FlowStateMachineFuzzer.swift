// A libFuzzer target over `FlowStateMachine`: the input bytes are decoded into a sequence
// of the inputs a `FlowContainer` makes, and after every step the machine's actions are
// checked against a small reference model. Built with the AppFlow sources by
// `Tests/Fuzz/fuzz.sh`; see `Docs/AppFlow.docc/Reliability.md`.

/// The bytes of one fuzz input, read one at a time; zero once they run out.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { position >= bytes.count }

    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bit() -> Bool { next() & 1 == 1 }

    /// One of `count` choices.
    mutating func choose(_ count: Int) -> Int { Int(next()) % count }
}

/// Stops the fuzzer with a message: a guarantee of the reference model broke.
func violated(_ message: String) -> Never {
    fatalError("Fuzz model violated: \(message)")
}

/// Drives a `FlowStateMachine` as the container would, keeping the reference model.
struct FlowMachineDriver {
    typealias Machine = FlowStateMachine<RequestID, Int>

    /// How a request's admission closure answers.
    enum Admission { case none, grants, refuses }

    /// Where the model has a request.
    enum Status: Equatable {
        /// Waiting for its turn; `attached` once its caller suspended.
        case pending(attached: Bool)
        /// Resolved before its caller suspended: it learns `result` when it attaches.
        case decidedEarly(TransitionResult)
        /// It owns the container.
        case owner
        /// A newer request overtook it while its factory ran (`makingChild`) or before
        /// it started: it returns superseded once it reports its child or starts.
        case overtaken(makingChild: Bool)
        /// Its call returned `result`.
        case resolved(TransitionResult)
    }

    /// How far the owner's transition has come, as the model drives it.
    enum Stage: Equatable {
        case handedOver
        case starting
        case makingChild(TransitionID)
        case preparing(TransitionID)
        case animating
        /// `true` when it settles interrupted.
        case settling(Bool)
    }

    struct Request {
        let policy: OverlapPolicy
        let admission: Admission
        /// The call-order stamp it was made with, if any.
        var stamp: CallStamp? = nil
        let madeAfterFinish: Bool
        var status: Status
    }

    var machine = Machine()
    var requests: [RequestID: Request] = [:]
    /// Waiting requests, oldest first.
    var queue: [RequestID] = []
    var owner: (id: RequestID, stage: Stage)?
    /// Whether the owner's animation has a recorded cause to be cut short.
    var interruptionRecorded = false
    var lastTransitionID: UInt64 = 0
    /// The subscriber count last reported to the machine.
    var subscribers = 0
    var lastStarted: RequestID = 0
    var finishCalled = false
    var closing = false
    var finished = false
    var finishWaiters: [Int] = []
    var resumedFinishWaiters: [Int] = []
    var nextFinishWaiter = 0
    var immediateResults = 0
    /// The newest call-order stamp issued.
    var lastStamp: UInt64 = 0

    /// Whether `stamp` is older than the newest stamp issued.
    func isOutdated(_ stamp: CallStamp?) -> Bool {
        stamp.map { $0.rawValue < lastStamp } ?? false
    }

    // MARK: - Resolutions, exactly once

    mutating func resolve(_ id: RequestID, _ result: TransitionResult, _ context: String) {
        guard var request = requests[id] else { violated("\(context): unknown request \(id)") }
        switch request.status {
        case .resolved:
            violated("\(context): request \(id) resolved twice")
        case .pending, .decidedEarly, .owner, .overtaken:
            request.status = .resolved(result)
            requests[id] = request
        }
    }

    mutating func resumeWaiter(_ id: RequestID, with result: TransitionResult, _ context: String) {
        guard case .pending(attached: true) = requests[id]?.status else {
            violated("\(context): resumed \(id), which was not an attached waiting request")
        }
        queue.removeAll { $0 == id }
        resolve(id, result, context)
    }

    /// The machine resolved every waiting request with `result`: attached ones come back
    /// as `waiters`, the others are decided early.
    mutating func resolveQueue(_ waiters: [RequestID], with result: TransitionResult, _ context: String) {
        let expected = Set(queue.filter { requests[$0]?.status == .pending(attached: true) })
        guard Set(waiters) == expected, waiters.count == expected.count else {
            violated("\(context): resumed \(waiters), expected the attached waiters \(expected.sorted())")
        }
        for id in queue {
            if requests[id]?.status == .pending(attached: true) {
                resolve(id, result, context)
            } else {
                requests[id]?.status = .decidedEarly(result)
            }
        }
        queue = []
    }

    // MARK: - Inputs

    mutating func request(_ input: inout FuzzInput) {
        let policy = OverlapPolicy.allCases[input.choose(OverlapPolicy.allCases.count)]
        let flags = input.next()
        let caller = RequestCaller(isCancelled: flags % 11 == 0, isReentrant: flags % 13 == 0)
        let kind: Admission = [.none, .none, .grants, .refuses][input.choose(4)]
        let maxPending = input.choose(5) == 0 ? input.choose(3) : .max
        // Some requests are stamped, with any stamp issued so far.
        var stamp: CallStamp?
        if lastStamp > 0, input.choose(3) == 0 {
            let oldest = lastStamp > 255 ? lastStamp - 254 : 1
            stamp = CallStamp(rawValue: oldest + UInt64(input.choose(Int(lastStamp - oldest + 1))))
        }
        let outdated = isOutdated(stamp)
        var admission: AdmissionAnswer = kind == .none ? .unconditional : .unasked
        var asked = false
        // How the owner's closure answers if it is asked, when it is making its child.
        let ownerKind: Admission = [.none, .grants, .refuses][input.choose(3)]
        var ownerAdmission: AdmissionAnswer = ownerKind == .none ? .unconditional : .unasked
        while true {
            let action = machine.request(
                policy: policy,
                maxPending: maxPending,
                caller: caller,
                admission: admission,
                stamp: stamp,
                ownerAdmission: ownerAdmission
            )
            let admitted =
                !caller.isCancelled && !caller.isReentrant && !finishCalled && !outdated
                && kind != .refuses
            switch action {
            case .askOwnerAdmission(let ownerID):
                guard admitted, ownerAdmission == .unasked, case .makingChild? = owner?.stage, ownerID == owner?.id
                else {
                    violated("request asked the owner wrongly")
                }
                ownerAdmission = ownerKind == .grants ? .granted : .refused
            case .overtake(let next, let superseded):
                guard admitted, let (ownerID, stage) = owner else { violated("request overtook with no owner") }
                switch stage {
                case .makingChild:
                    guard ownerAdmission == .refused, superseded.isEmpty else {
                        violated("request overtook an owner making its child that did not refuse")
                    }
                    requests[ownerID]?.status = .overtaken(makingChild: true)
                    owner = nil
                    interruptionRecorded = false
                    if let first = queue.first {
                        let attached = requests[first]?.status == .pending(attached: true)
                        queue.removeFirst()
                        requests[first]?.status = .owner
                        started(first)
                        if attached, next == first {
                            owner = (first, .starting)
                        } else if !attached, next == nil {
                            owner = (first, .handedOver)
                        } else {
                            violated("overtaking handed the turn to \(String(describing: next)), not \(first)")
                        }
                    } else if next != nil {
                        violated("overtaking resumed \(String(describing: next)) with nothing waiting")
                    }
                    ownerAdmission = .unconditional
                case .handedOver, .starting:
                    guard policy == .latestWins || policy == .interrupt, next == nil else {
                        violated("a \(policy) request superseded an owner that had not started")
                    }
                    requests[ownerID]?.status =
                        stage == .handedOver ? .decidedEarly(.superseded) : .overtaken(makingChild: false)
                    owner = nil
                    interruptionRecorded = false
                    resolveQueue(superseded, with: .superseded, "a \(policy) request over an unstarted owner")
                    queue = []
                default:
                    violated("request overtook an owner at \(stage)")
                }
            case .askAdmission(let point):
                guard point == .arrival, !asked, kind != .none, !outdated else {
                    violated("request asked \(point) wrongly")
                }
                asked = true
                admission = kind == .grants ? .granted : .refused
            case .resolve(let result):
                immediateResults += 1
                let expected: TransitionResult? =
                    caller.isCancelled
                    ? .cancelled
                    : caller.isReentrant
                        ? .rejected
                        : finishCalled ? .cancelled : outdated || kind == .refuses ? .superseded : nil
                if let expected, result != expected {
                    violated("request resolved \(result), expected \(expected)")
                }
                if expected == nil {
                    // Only the policy can refuse it now: drop-if-busy, or a full queue.
                    guard result == .rejected, owner != nil, policy == .dropIfBusy || queue.count >= maxPending else {
                        violated("request resolved \(result) under \(policy) with \(queue.count) waiting")
                    }
                }
                return
            case .run(let id):
                guard owner == nil, !finishCalled, !caller.isCancelled, !caller.isReentrant, kind != .refuses,
                    !outdated
                else {
                    violated("request \(id) ran while busy, finished or refused")
                }
                addRequest(id, policy: policy, admission: kind, status: .owner)
                requests[id]?.stamp = stamp
                started(id)
                owner = (id, .starting)
                interruptionRecorded = false
                return
            case .suspend(let id, let superseded, let cutShort):
                if case .makingChild? = owner?.stage, ownerKind == .refuses {
                    violated("request \(id) waited behind an owner that refuses to be waited for")
                }
                if let stage = owner?.stage, stage == .handedOver || stage == .starting,
                    policy == .latestWins || policy == .interrupt
                {
                    violated("request \(id) waited behind an owner that had not started")
                }
                guard owner != nil, !finishCalled, policy != .dropIfBusy, !outdated else {
                    violated("request \(id) suspended while idle or finished, under drop-if-busy or outdated")
                }
                if policy == .enqueue, queue.count >= maxPending {
                    violated("request \(id) queued behind \(queue.count) with maxPending \(maxPending)")
                }
                if policy == .latestWins || policy == .interrupt {
                    resolveQueue(superseded, with: .superseded, "a \(policy) request")
                } else if !superseded.isEmpty {
                    violated("an enqueued request superseded \(superseded)")
                }
                let mustCutShort = policy == .interrupt && owner?.stage == .animating && !interruptionRecorded
                guard cutShort == mustCutShort else {
                    violated("request \(id) cut short: \(cutShort), expected \(mustCutShort)")
                }
                if policy == .interrupt { recordInterruption() }
                addRequest(id, policy: policy, admission: kind, status: .pending(attached: false))
                requests[id]?.stamp = stamp
                queue.append(id)
                return
            }
        }
    }

    mutating func addRequest(_ id: RequestID, policy: OverlapPolicy, admission: Admission, status: Status) {
        // That ids are new and in order is the machine's invariant 3, checked after every step.
        requests[id] = Request(policy: policy, admission: admission, madeAfterFinish: finishCalled, status: status)
    }

    /// Requests start in the order they arrived (FIFO), and none made after `finish()`.
    mutating func started(_ id: RequestID) {
        guard id > lastStarted else { violated("request \(id) started after \(lastStarted)") }
        guard requests[id]?.madeAfterFinish == false else { violated("request \(id) made after finish ran") }
        lastStarted = id
    }

    mutating func attach(_ input: inout FuzzInput) {
        let detached = requests.filter {
            switch $0.value.status {
            case .pending(attached: false), .decidedEarly: return true
            case .pending(attached: true), .owner, .overtaken, .resolved: return false
            }
        }.keys.sorted()
        let handedOver = owner.flatMap { $0.stage == .handedOver ? $0.id : nil }
        let candidates = detached + (handedOver.map { [$0] } ?? [])
        guard !candidates.isEmpty else { return }
        let id = candidates[input.choose(candidates.count)]
        switch machine.attach(id, waiter: id) {
        case .wait:
            guard requests[id]?.status == .pending(attached: false) else { violated("attach(\(id)) waits wrongly") }
            requests[id]?.status = .pending(attached: true)
        case .resume(let waiter, let outcome):
            guard waiter == id else { violated("attach(\(id)) resumed \(waiter)") }
            switch outcome {
            case .run:
                guard handedOver == id else { violated("attach(\(id)) ran a request that was not handed over") }
                owner = (id, .starting)
            case .resolved(let result):
                guard case .decidedEarly(let decided) = requests[id]?.status, decided == result else {
                    violated("attach(\(id)) resolved \(result), not what was decided")
                }
                resolve(id, result, "attach")
            }
        }
    }

    mutating func cancel(_ input: inout FuzzInput) {
        guard let maxID = requests.keys.max() else { return }
        let id = RequestID(rawValue: UInt64(input.choose(Int(maxID.rawValue))) + 1)
        guard let status = requests[id]?.status else { return }
        switch machine.cancel(id) {
        case .none:
            if status == .pending(attached: true) { violated("cancel(\(id)) left a waiting request waiting") }
            if status == .pending(attached: false) {
                queue.removeAll { $0 == id }
                requests[id]?.status = .decidedEarly(.cancelled)
            }
        case .resume(let waiter):
            guard waiter == id else { violated("cancel(\(id)) resumed \(waiter)") }
            resumeWaiter(id, with: .cancelled, "cancel")
        }
    }

    mutating func advanceOwner(_ input: inout FuzzInput) {
        guard let (id, stage) = owner, let request = requests[id] else { return }
        switch stage {
        case .handedOver:
            return
        case .starting:
            let makesChild = input.bit()
            let outdated = isOutdated(request.stamp)
            var admission: AdmissionAnswer = request.admission == .none ? .unconditional : .unasked
            while true {
                switch machine.start(id, admission: admission, makesChild: makesChild, stamp: request.stamp) {
                case .askAdmission(let point):
                    guard point == .start, admission == .unasked, request.admission != .none, !outdated else {
                        violated("start asked \(point) wrongly")
                    }
                    // The closure answers afresh at each point: a request admitted on
                    // arrival may have gone stale by its turn.
                    admission = input.choose(3) == 0 ? .refused : .granted
                case .skip(let end):
                    guard admission == .refused || outdated else {
                        violated("start(\(id)) skipped an admitted request")
                    }
                    endTurn(end, expected: .superseded)
                    return
                case .makeChild(let transitionID):
                    // The reserved id is `lastTransitionID + 1`: the machine's invariant 6.
                    guard makesChild, admission != .refused, !outdated else {
                        violated("start(\(id)) reserved wrongly")
                    }
                    owner = (id, .makingChild(transitionID))
                    return
                case .begin(let transitionID):
                    guard !makesChild, admission != .refused, !outdated else {
                        violated("start(\(id)) began wrongly")
                    }
                    beginTransition(id, transitionID)
                    return
                case .overtaken:
                    violated("the owner \(id) started as overtaken")
                }
            }
        case .makingChild(let reserved):
            var admission: AdmissionAnswer = request.admission == .none ? .unconditional : .unasked
            while true {
                switch machine.childReady(id, admission: admission) {
                case .askAdmission(let point):
                    guard point == .childMade, admission == .unasked, !finishCalled else {
                        violated("childReady asked \(point) wrongly")
                    }
                    admission = input.bit() ? .granted : .refused
                case .begin(let transitionID):
                    guard transitionID == reserved, !finishCalled, admission != .refused else {
                        violated("childReady began \(transitionID)")
                    }
                    beginTransition(id, transitionID)
                    return
                case .drop(let end):
                    guard admission == .refused else { violated("childReady dropped an admitted child") }
                    endTurn(end, expected: .superseded)
                    return
                case .abandon(let end):
                    guard finishCalled else { violated("childReady abandoned a child before finish") }
                    endTurn(end, expected: .cancelled)
                    return
                case .overtaken:
                    violated("the owner \(id)'s child was dropped as overtaken")
                }
            }
        case .preparing:
            let isAnimated = input.bit()
            switch machine.animate(id, isAnimated: isAnimated) {
            case .runAnimator:
                guard isAnimated, !interruptionRecorded else { violated("animate(\(id)) ran a cut-short animation") }
                owner = (id, .animating)
            case .settle(let settlement, _):
                let interrupted = settlement != nil
                guard interrupted == interruptionRecorded, interrupted || !isAnimated else {
                    violated("animate(\(id)) settled \(String(describing: settlement))")
                }
                owner = (id, .settling(interrupted))
            }
        case .animating:
            var ends: [AnimationEnd] = [.finished, .watchdog, .failed]
            if interruptionRecorded { ends.append(.cutShort) }
            let end = ends[input.choose(ends.count)]
            switch machine.animationEnded(id, end, lastFrame: input.bit() ? 1 : nil) {
            case .settle(let settlement, _):
                let interrupted = settlement != nil
                guard interrupted == (end != .finished) else {
                    violated("animation ended \(end) as \(String(describing: settlement))")
                }
                owner = (id, .settling(interrupted))
            }
        case .settling(let interrupted):
            endTurn(machine.transitionFinished(id), expected: interrupted ? .interrupted : .completed)
        }
    }

    /// An overtaken request's factory returns, or its task starts: it returns superseded.
    mutating func advanceOvertaken(_ input: inout FuzzInput) {
        let overtaken = requests.filter {
            if case .overtaken = $0.value.status { return true }
            return false
        }.keys.sorted()
        guard !overtaken.isEmpty else { return }
        let id = overtaken[input.choose(overtaken.count)]
        guard case .overtaken(let makingChild) = requests[id]?.status else { return }
        if makingChild {
            guard machine.childReady(id, admission: .unasked) == .overtaken else {
                violated("the child of overtaken request \(id) was not dropped")
            }
        } else {
            guard machine.start(id, admission: .unasked, makesChild: input.bit()) == .overtaken else {
                violated("overtaken request \(id) started")
            }
        }
        resolve(id, .superseded, "overtaken")
    }

    /// The machine records a cause to cut the owner's animation short unless it has one
    /// or the animation is over.
    mutating func recordInterruption() {
        guard let stage = owner?.stage else { return }
        if case .settling = stage { return }
        interruptionRecorded = true
    }

    mutating func beginTransition(_ id: RequestID, _ transitionID: TransitionID) {
        guard transitionID.rawValue == lastTransitionID + 1 else {
            violated("transition \(transitionID) after #\(lastTransitionID)")
        }
        lastTransitionID = transitionID.rawValue
        owner = (id, .preparing(transitionID))
    }

    /// The owner's turn ended: it returns `expected`, and the turn goes to the oldest
    /// waiting request, or the container closes if `finish()` was called.
    mutating func endTurn(_ end: Machine.EndAction, expected: TransitionResult) {
        guard let id = owner?.id else { violated("a turn ended with no owner") }
        owner = nil
        interruptionRecorded = false
        let next = queue.first
        switch end {
        case .returning(let result):
            guard result == expected, !finishCalled else { violated("turn of \(id) ended \(result)") }
            resolve(id, result, "end of turn")
            if let next {
                guard requests[next]?.status == .pending(attached: false) else {
                    violated("the next request \(next) was attached but not resumed")
                }
                queue.removeFirst()
                requests[next]?.status = .owner
                started(next)
                owner = (next, .handedOver)
            }
        case .resumeNext(let waiter, let outcome, let result):
            guard result == expected, !finishCalled, outcome == .run, waiter == next,
                requests[waiter]?.status == .pending(attached: true)
            else {
                violated("turn of \(id) handed over to \(waiter), not the oldest waiting \(String(describing: next))")
            }
            resolve(id, result, "end of turn")
            queue.removeFirst()
            requests[waiter]?.status = .owner
            started(waiter)
            owner = (waiter, .starting)
        case .close(let result):
            guard finishCalled, queue.isEmpty, result == expected else {
                violated("turn of \(id) closed the container with \(result) (finish called: \(finishCalled))")
            }
            resolve(id, result, "end of turn")
            closing = true
        }
    }

    mutating func finish(_ input: inout FuzzInput) {
        let reentrant = input.choose(4) == 0
        switch machine.finish(caller: RequestCaller(isCancelled: false, isReentrant: reentrant)) {
        case .closeNow:
            guard owner == nil, !finishCalled else { violated("finish closed a busy or finished container") }
            finishCalled = true
            closing = true
        case .wait(let cancelled, let cutShort, let suspend):
            guard owner != nil || closing else { violated("finish waited on an idle container") }
            guard suspend == !reentrant else { violated("finish told a re-entrant caller to wait") }
            if !finishCalled {
                resolveQueue(cancelled, with: .cancelled, "finish")
            } else if !cancelled.isEmpty {
                violated("a second finish cancelled \(cancelled)")
            }
            let mustCutShort = !finishCalled && owner?.stage == .animating && !interruptionRecorded
            guard cutShort == mustCutShort else { violated("finish cut short: \(cutShort), expected \(mustCutShort)") }
            recordInterruption()
            finishCalled = true
            if suspend {
                nextFinishWaiter += 1
                switch machine.addFinishWaiter(nextFinishWaiter) {
                case .wait:
                    finishWaiters.append(nextFinishWaiter)
                case .resume(let waiter):
                    guard finished, waiter == nextFinishWaiter else { violated("a finish waiter resumed early") }
                    resumedFinishWaiters.append(waiter)
                }
            }
        case .alreadyFinished:
            guard finished else { violated("finish said already finished too early") }
        }
    }

    mutating func closed() {
        guard closing, owner == nil, !finished else { return }
        switch machine.closed() {
        case .resumeFinishWaiters(let waiters):
            guard waiters == finishWaiters else { violated("closed resumed \(waiters), not \(finishWaiters)") }
            resumedFinishWaiters += waiters
            finishWaiters = []
            closing = false
            finished = true
        }
    }

    mutating func requestInPlace(_ input: inout FuzzInput) {
        if input.bit() {
            subscribers = Int(input.next() % 3)
            machine.subscribersChanged(to: subscribers)
        }
        let synchronous = input.bit()
        let flags = input.next()
        let caller = RequestCaller(isCancelled: flags % 11 == 0, isReentrant: flags % 13 == 0)
        switch machine.requestInPlace(caller: caller, canCompleteSynchronously: synchronous) {
        case .useRequest:
            guard !synchronous || owner != nil || finishCalled else { violated("in place refused while idle") }
        case .resolve(let result):
            guard synchronous, owner == nil, !finishCalled, result == (caller.isCancelled ? .cancelled : .rejected)
            else { violated("in place resolved \(result)") }
        case .perform(let transitionID, let result, let publish):
            guard synchronous, owner == nil, !finishCalled, !caller.isCancelled, !caller.isReentrant,
                result == .completed, transitionID.rawValue == lastTransitionID + 1, publish == (subscribers > 0)
            else { violated("in place performed \(transitionID) wrongly") }
            lastTransitionID = transitionID.rawValue
        }
    }

    mutating func stampCall() {
        let stamp = machine.stampCall()
        guard stamp.rawValue == lastStamp + 1 else { violated("stamp \(stamp.rawValue) after \(lastStamp)") }
        lastStamp += 1
    }

    /// After every step: the machine's queries agree with the model.
    func checkQueries() {
        guard machine.isTransitioning == (owner != nil) else { violated("isTransitioning disagrees") }
        let waiting = owner == nil ? 0 : queue.count
        guard machine.pendingCount == waiting else {
            violated("pendingCount \(machine.pendingCount), model \(waiting)")
        }
        guard machine.isFinished == finishCalled else { violated("isFinished disagrees") }
    }

    /// Runs the decoded input, then drives everything to its end and checks that every
    /// request and every caller of `finish()` was resolved exactly once.
    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(10) {
            case 9: stampCall()
            case 0, 1: request(&input)
            case 2: attach(&input)
            case 3: cancel(&input)
            case 4: advanceOwner(&input)
            case 5: if input.choose(3) == 0 { advanceOvertaken(&input) } else { advanceOwner(&input) }
            case 6: finish(&input)
            case 7: closed()
            default: requestInPlace(&input)
            }
            checkQueries()
            machine.checkInvariants()
        }
        var drain = FuzzInput([])
        var rounds = 0
        while rounds < 100_000 {
            rounds += 1
            if owner?.stage == .handedOver
                || requests.values.contains(where: { $0.status == .pending(attached: false) })
                || requests.values.contains(where: {
                    if case .decidedEarly = $0.status { return true }
                    return false
                })
            {
                attach(&drain)
            } else if requests.values.contains(where: {
                if case .overtaken = $0.status { return true }
                return false
            }) {
                advanceOvertaken(&drain)
            } else if owner != nil {
                advanceOwner(&drain)
            } else if !finishCalled || closing {
                if !finishCalled { finish(&drain) } else { closed() }
            } else {
                break
            }
            checkQueries()
            machine.checkInvariants()
        }
        for (id, request) in requests {
            guard case .resolved = request.status else { violated("request \(id) never resolved: \(request.status)") }
        }
        guard finished, finishWaiters.isEmpty, resumedFinishWaiters.count == nextFinishWaiter else {
            violated("finish waiters left: \(finishWaiters)")
        }
    }
}
