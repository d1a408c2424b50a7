import AppFlow
import AppFlowTesting

/// One randomised, seeded stress schedule against a `FlowContainer`, and the checks that
/// compare what happened with a small sequential reference model.
///
/// The seed fixes every choice (policies, animations, who cancels, when `finish` comes,
/// which subscribers come and go); the interleaving is up to the scheduler, so the checks
/// hold for any interleaving.
struct StressSchedule {
    /// Sizes of one schedule.
    struct Size {
        var tasks: Int
        var requestsPerTask: Int
    }

    /// What one `cycle` call did.
    struct Call {
        let name: String
        let policy: OverlapPolicy
        let started: UInt64
        let returned: UInt64
        let result: TransitionResult
    }

    /// An event, without the children (so that recording it keeps none alive).
    struct Event {
        enum Kind { case will, progress, did }
        let kind: Kind
        let id: TransitionID
        let from: String
        let to: String
        let interrupted: Bool
    }

    /// The animations a request may pick.
    enum AnimationChoice: CaseIterable {
        case immediate, fade, throwing, overrunning
    }

    struct Boom: Error {}

    let seed: UInt64
    let size: Size

    /// What a run found.
    struct Report {
        /// Every rule broken; empty means the schedule passed.
        var problems: [String]
        /// How many calls ended with each result.
        var results: [TransitionResult: Int]
        /// How many transitions ran.
        var transitions: Int
        /// Whether `finish()` came in the middle of the schedule.
        var finishedEarly: Bool
        /// Whether the run waited out its patience (a hang or an object never released):
        /// the schedules after it would most likely wait it out too.
        var waitedOut = false
    }

    /// Runs the schedule and checks it.
    func run() async -> Report {
        var random = SeededGenerator(seed: seed)
        let clock = ManualClock()
        let ticket = LockedValue<UInt64>(0)
        func next() -> UInt64 {
            ticket.withLock {
                $0 += 1
                return $0
            }
        }
        func ticketValue() -> UInt64 { ticket.withLock { $0 } }
        let inFlight = PeakCounter()
        let animators = PeakCounter()
        let tracker = ReleaseTracker()
        let overrunGate = Gate()
        let hooks = HookLedger()

        // A quarter of the schedules bound the queue.
        let maxPending = Int.random(in: 0..<4, using: &random) > 0 ? Int.max : Int.random(in: 0...64, using: &random)
        let container = FlowContainer(
            initial: Screen("initial", calls: hooks.log),
            animation: .immediate,
            stage: CountingStage(counter: inFlight),
            clock: clock,
            maxPending: maxPending,
            watchdogMargin: .milliseconds(50)
        )
        let mainLog = Self.record(container.events())

        // Subscribers that come and go: each reads a few events, then stops.
        let visitors = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            let stream = container.events()
            let limit = Int.random(in: 1...20, using: &random)
            return Task { () -> [Event] in
                var seen: [Event] = []
                for await event in stream {
                    seen.append(Self.strip(event))
                    if seen.count == limit { break }
                }
                return seen
            }
        }

        // The plan: per task, a list of (policy, animation) and maybe a point to cancel at.
        // A third of the schedules use only enqueue (every request runs), a third mostly
        // enqueue, a third any policy.
        let mix = seed % 3
        func policy() -> OverlapPolicy {
            switch mix {
            case 0: return .enqueue
            case 1:
                return Int.random(in: 0..<10, using: &random) < 7
                    ? .enqueue : OverlapPolicy.allCases.randomElement(using: &random)!
            default: return OverlapPolicy.allCases.randomElement(using: &random)!
            }
        }
        let plans = (0..<size.tasks).map { task in
            (
                requests: (0..<size.requestsPerTask).map { index in
                    (
                        name: "t\(task)-\(index)",
                        policy: policy(),
                        animation: Int.random(in: 0..<2, using: &random) == 0
                            ? .immediate : AnimationChoice.allCases.randomElement(using: &random)!,
                        fade: Duration.milliseconds(Int.random(in: 0...30, using: &random))
                    )
                },
                cancelAfterYields: Int.random(in: 0..<10, using: &random) == 0
                    ? Int.random(in: 0...50, using: &random) : nil
            )
        }
        // In a third of the schedules finish() comes once a random share of the calls were made.
        let totalTickets = UInt64(2 * size.tasks * size.requestsPerTask)
        let finishAtTicket: UInt64? =
            Int.random(in: 0..<3, using: &random) == 0 ? UInt64.random(in: 0..<totalTickets, using: &random) : nil

        let driving = LockedValue(true)
        // Time moves on only when someone sleeps: straight to the next deadline.
        let driver = Task {
            while driving.withLock({ $0 }) {
                await Task.yield()
                if let next = clock.nextDeadline { clock.advance(to: next) }
            }
        }

        let finishReturned = LockedValue<UInt64?>(nil)
        let finisher = finishAtTicket.map { ticket in
            Task {
                while ticketValue() < ticket { await Task.yield() }
                await container.finish()
                finishReturned.withLock { $0 = next() }
            }
        }

        let tasks = plans.map { plan in
            Task { () -> [Call] in
                var calls: [Call] = []
                for request in plan.requests {
                    let screen = Screen(request.name, calls: hooks.log)
                    tracker.track(screen, as: request.name)
                    let animation = Self.animation(
                        request.animation,
                        fade: request.fade,
                        gate: overrunGate,
                        animators: animators
                    )
                    let started = next()
                    let result = await container.cycle(to: screen, animation: animation, policy: request.policy)
                    calls.append(
                        Call(
                            name: request.name,
                            policy: request.policy,
                            started: started,
                            returned: next(),
                            result: result
                        )
                    )
                }
                return calls
            }
        }
        let cancellers = zip(tasks, plans).compactMap { task, plan in
            plan.cancelAfterYields.map { yields in
                Task {
                    for _ in 0..<yields { await Task.yield() }
                    task.cancel()
                }
            }
        }

        // A task that never returns would hang the run, so every wait below is bounded,
        // but generously: under a sanitizer, with the rest of the suite and a build beside
        // it, one schedule can take many seconds of real time, and only a hang may trip a
        // bound. A task's calls have no total bound (the first task may wait behind every
        // other request): it is given up on only once no call of the schedule has started
        // or returned for `patience`. What runs once the calls returned gets `patience`.
        let patience = Duration.seconds(30)
        func valueWhileCallsProgress<Value>(of task: Task<Value, Never>) async -> Value? {
            let wall = ContinuousClock()
            var (seen, since) = (ticketValue(), wall.now)
            while true {
                if let value = await task.value(within: .seconds(1)) { return value }
                let ticket = ticketValue()
                if ticket != seen {
                    (seen, since) = (ticket, wall.now)
                } else if since.duration(to: wall.now) >= patience {
                    return nil
                }
            }
        }
        func abandoned(_ problem: String) -> Report {
            driving.withLock { $0 = false }
            overrunGate.open()
            return Report(
                problems: [problem],
                results: [:],
                transitions: 0,
                finishedEarly: finishAtTicket != nil,
                waitedOut: true
            )
        }
        var calls: [Call] = []
        for task in tasks {
            guard let made = await valueWhileCallsProgress(of: task) else {
                return abandoned("a task's calls did not return, and no call started or returned for \(patience)")
            }
            calls += made
        }
        for canceller in cancellers {
            if await canceller.value(within: patience) == nil {
                return abandoned("a canceller did not end within \(patience)")
            }
        }
        if let finisher, await finisher.value(within: patience) == nil {
            return abandoned("finish() in the middle of the schedule did not return within \(patience)")
        }
        await container.finish()
        driving.withLock { $0 = false }
        if await driver.value(within: patience) == nil {
            return abandoned("the clock's driver did not stop within \(patience)")
        }
        overrunGate.open()
        guard let log = await mainLog.value(within: patience) else {
            return abandoned("the main subscriber's stream did not end within \(patience)")
        }
        let endedVisitors = await withTaskGroup(of: [Event]?.self, returning: [[Event]?].self) { group in
            for visitor in visitors { group.addTask { await visitor.value(within: patience) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let visitorLogs = endedVisitors.compactMap { $0 }
        if visitorLogs.count < endedVisitors.count {
            return abandoned("a subscriber's stream did not end within \(patience)")
        }
        let finalName = await container.child.name
        // Tasks that held old children (an overrunning animation let go by the gate, an
        // event stream) may let go of them a moment after the calls returned.
        let released = await eventually(timeout: patience) {
            animators.current == 0 && tracker.alive.allSatisfy { $0 == finalName }
        }

        var problems = Self.check(
            calls: calls,
            log: log,
            finalName: finalName,
            maxPending: maxPending,
            finishReturned: finishReturned.withLock { $0 }
        )
        for (index, visitor) in visitorLogs.enumerated() where !Self.isContiguousSlice(visitor, of: log) {
            problems.append("subscriber \(index) saw events that are not a contiguous slice of the full log")
        }
        if inFlight.peak > 1 { problems.append("\(inFlight.peak) transitions were in flight at once") }
        problems += hooks.imbalances()
        let alive = tracker.alive.filter { $0 != finalName }
        if !alive.isEmpty { problems.append("old children still alive after \(patience): \(alive.prefix(5))") }
        return Report(
            problems: problems,
            results: calls.reduce(into: [:]) { $0[$1.result, default: 0] += 1 },
            transitions: log.filter { $0.kind == .did }.count,
            finishedEarly: finishAtTicket != nil,
            waitedOut: !released
        )
    }

    // MARK: - Reference model

    /// Compares calls and events with what a sequential container would allow.
    static func check(
        calls: [Call],
        log: [Event],
        finalName: String,
        maxPending: Int,
        finishReturned: UInt64?
    ) -> [String] {
        var problems: [String] = []
        // Grammar: will, frames, did; ids increase.
        var open: Event?
        var lastID: TransitionID?
        var completed: [Event] = []
        for event in log {
            switch event.kind {
            case .will:
                if open != nil { problems.append("will \(event.id) while \(open!.id) is open") }
                if let lastID, event.id <= lastID { problems.append("id \(event.id) after \(lastID)") }
                open = event
                lastID = event.id
            case .progress:
                if open?.id != event.id { problems.append("frame of \(event.id) outside its transition") }
            case .did:
                if open?.id != event.id { problems.append("did \(event.id) without its will") }
                open = nil
                completed.append(event)
            }
        }
        if let open { problems.append("transition \(open.id) never ended") }

        // Sequential replay: each transition starts from where the last one ended.
        var current = "initial"
        for transition in completed {
            if transition.from != current {
                problems.append("\(transition.id) starts from \(transition.from), not \(current)")
            }
            current = transition.to
        }
        if current != finalName { problems.append("final child \(finalName), model says \(current)") }

        // Every call that ran appears exactly once; no other call appears.
        let ran = calls.filter(\.result.didRun)
        let byName = Dictionary(completed.map { ($0.to, $0) }, uniquingKeysWith: { first, _ in first })
        if byName.count != completed.count { problems.append("a child was switched to twice") }
        if Set(ran.map(\.name)) != Set(byName.keys) {
            problems.append("ran calls \(ran.count) and completed transitions \(completed.count) differ")
        }
        for call in ran {
            guard let transition = byName[call.name] else { continue }
            if (call.result == .interrupted) != transition.interrupted {
                problems.append(
                    "\(call.name) returned \(call.result) but its did says interrupted=\(transition.interrupted)"
                )
            }
        }

        // Results allowed by each policy.
        for call in calls {
            // A pending request of any policy is superseded by a newer latestWins or
            // interrupt request; a dropIfBusy request never waits, so it never is.
            let allowed: Set<TransitionResult> =
                switch call.policy {
                case .enqueue:
                    maxPending == .max
                        ? [.completed, .interrupted, .superseded, .cancelled]
                        : [.completed, .interrupted, .superseded, .cancelled, .rejected]
                case .latestWins, .interrupt: [.completed, .interrupted, .superseded, .cancelled]
                case .dropIfBusy: [.completed, .interrupted, .rejected, .cancelled]
                }
            if !allowed.contains(call.result) {
                problems.append("\(call.name) (\(call.policy)) returned \(call.result)")
            }
            if call.result == .superseded
                && !calls.contains(where: {
                    $0.name != call.name && ($0.policy == .latestWins || $0.policy == .interrupt)
                        && $0.started < call.returned
                })
            {
                problems.append("\(call.name) was superseded by nobody")
            }
            if let finishReturned, call.started > finishReturned, call.result != .cancelled {
                problems.append("\(call.name), made after finish returned, got \(call.result)")
            }
        }

        // Real-time order: a call that returned before another started ran before it.
        let ranByStart = ran.sorted { $0.started < $1.started }
        var latestReturned: (returned: UInt64, id: TransitionID)?
        var returnedOrder = ran.sorted { $0.returned < $1.returned }.makeIterator()
        var pendingReturn = returnedOrder.next()
        for call in ranByStart {
            while let done = pendingReturn, done.returned < call.started {
                if let id = byName[done.name]?.id, latestReturned.map({ id > $0.id }) ?? true {
                    latestReturned = (done.returned, id)
                }
                pendingReturn = returnedOrder.next()
            }
            if let before = latestReturned, let id = byName[call.name]?.id, id < before.id {
                problems.append("\(call.name) ran before a transition that returned before it was called")
            }
        }
        return problems
    }

    /// Whether `slice` appears in `log` as consecutive events.
    static func isContiguousSlice(_ slice: [Event], of log: [Event]) -> Bool {
        guard let first = slice.first else { return true }
        let starts = log.indices.filter { log[$0].id == first.id && log[$0].kind == first.kind }
        return starts.contains { start in
            start + slice.count <= log.count
                && zip(slice, log[start...]).allSatisfy { $0.id == $1.id && $0.kind == $1.kind }
        }
    }

    // MARK: - Parts

    static func record(_ stream: AsyncStream<FlowEvent<Screen>>) -> Task<[Event], Never> {
        Task {
            var events: [Event] = []
            for await event in stream { events.append(strip(event)) }
            return events
        }
    }

    static func strip(_ event: FlowEvent<Screen>) -> Event {
        let transition = event.transition
        let kind: Event.Kind =
            switch event {
            case .willTransition: .will
            case .progress: .progress
            case .didTransition: .did
            }
        return Event(
            kind: kind,
            id: transition.id,
            from: transition.from.name,
            to: transition.to.name,
            interrupted: transition.wasInterrupted
        )
    }

    static func animation(
        _ choice: AnimationChoice,
        fade: Duration,
        gate: Gate,
        animators: PeakCounter
    ) -> TransitionAnimation {
        switch choice {
        case .immediate:
            return .immediate
        case .fade:
            return .fade(duration: fade)
        case .throwing:
            return .custom(name: "throwing", duration: .milliseconds(5)) { (_: Screen, _: Screen, context) in
                context.report(0.3)
                throw Boom()
            }
        case .overrunning:
            // Ignores cancellation and outlives its 10 ms: the watchdog must end it.
            return .custom(name: "overrunning", duration: .milliseconds(10)) { (_: Screen, _: Screen, _) in
                animators.enter()
                await gate.pass()
                animators.leave()
            }
        }
    }
}

/// A stage that counts transitions between mount and unmount.
struct CountingStage: FlowStage {
    let counter: PeakCounter

    func mount(_ transition: Transition<Screen>) async { counter.enter() }
    func unmount(_ transition: Transition<Screen>) async { counter.leave() }
}

/// Collects appearance calls of every screen and checks they balance.
final class HookLedger: Sendable {
    let log = Log<String>()

    /// Screens whose will/did calls do not pair up.
    func imbalances() -> [String] {
        var counts: [String: Int] = [:]
        for call in log.all {
            let parts = call.split(separator: ".", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            switch parts[1] {
            case "willAppear": counts[name + " appear", default: 0] += 1
            case "didAppear": counts[name + " appear", default: 0] -= 1
            case "willDisappear": counts[name + " disappear", default: 0] += 1
            case "didDisappear": counts[name + " disappear", default: 0] -= 1
            default: break
            }
        }
        return counts.filter { $0.value != 0 }.map { "unbalanced \($0.key): \($0.value)" }
    }
}
