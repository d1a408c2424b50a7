import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Guarantees 1 to 5: one transition at a time, event grammar, exactly-once results,
/// arrival order, and the final child.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerOrderingTests {
    @Test func anImmediateCycleOnAnIdleContainerCompletesAndPublishesWillThenDid() async {
        let (a, b) = (Screen("a"), Screen("b"))
        let container = FlowContainer(initial: a, animation: .immediate)
        let recorder = EventRecorder(container.events())
        let result = await container.cycle(to: b)
        #expect(result == .completed)
        #expect(await container.child === b)
        #expect(await !container.isTransitioning)
        await recorder.waitForEvents { $0.didCount == 1 }
        #expect(recorder.summaries == ["will a->b", "did a->b"])
        #expect(recorder.events.first?.transition.id == TransitionID(rawValue: 1))
    }

    @Test(arguments: OverlapPolicy.allCases)
    func atMostOneTransitionIsInFlightUnderLoad(policy: OverlapPolicy) async {
        let animators = PeakCounter()
        let transitions = PeakCounter()
        let animation = TransitionAnimation.custom(name: "yielding", duration: nil) { (_: Screen, _: Screen, _) in
            animators.enter()
            for _ in 0..<5 { await Task.yield() }
            animators.leave()
        }
        let container = FlowContainer(
            initial: Screen("start"),
            animation: animation,
            policy: policy,
            stage: CountingStage(counter: transitions)
        )
        await withTaskGroup(of: TransitionResult.self) { group in
            for index in 0..<300 {
                group.addTask { await container.cycle(to: Screen("s\(index)")) }
            }
        }
        #expect(transitions.total >= 1)
        // Between mount and unmount, never two.
        #expect(transitions.peak == 1)
        // Under .interrupt an animator that is cut short may still be unwinding when the
        // next transition starts (its frames are dropped); under the other policies no
        // animation is cut short, so the animators never overlap either.
        if policy != .interrupt {
            #expect(animators.peak == 1)
        }
    }

    @Test func everySubscriberSeesTheSameWellFormedOrder() async {
        let container = FlowContainer(initial: Screen("start"), animation: .fade(duration: .zero))
        let recorders = (0..<3).map { _ in EventRecorder(container.events()) }
        let results = await withTaskGroup(of: TransitionResult.self, returning: [TransitionResult].self) { group in
            for index in 0..<100 {
                let policy = OverlapPolicy.allCases[index % 4]
                group.addTask { await container.cycle(to: Screen("s\(index)"), policy: policy) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await container.finish()
        for recorder in recorders {
            await recorder.waitUntilFinished()
            #expect(recorder.grammarViolations == [])
        }
        let orders = recorders.map { $0.events.map { "\($0.summary) \($0.transition.id)" } }
        #expect(orders[0] == orders[1])
        #expect(orders[1] == orders[2])
        #expect(recorders[0].snapshot.didCount == results.filter(\.didRun).count)
    }

    @Test(arguments: OverlapPolicy.allCases)
    func everyCallReturnsExactlyOnceWithTheResultsItsPolicyAllows(policy: OverlapPolicy) async {
        let container = FlowContainer(initial: Screen("start"), animation: .fade(duration: .zero), policy: policy)
        let recorder = EventRecorder(container.events())
        let calls = 400
        let results = await withTaskGroup(of: TransitionResult.self, returning: [TransitionResult].self) { group in
            for index in 0..<calls {
                group.addTask { await container.cycle(to: Screen("s\(index)")) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == calls)
        let allowed: Set<TransitionResult> =
            switch policy {
            case .enqueue: [.completed]
            case .latestWins: [.completed, .superseded]
            case .interrupt: [.completed, .interrupted, .superseded]
            case .dropIfBusy: [.completed, .rejected]
            }
        #expect(Set(results).isSubset(of: allowed))
        #expect(results.contains(.completed) || results.contains(.interrupted))
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.snapshot.didCount == results.filter(\.didRun).count)
    }

    @Test func enqueuedTransitionsRunInArrivalOrder() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        #expect(await eventually { await container.isTransitioning })
        let screens = (1...20).map { Screen("q\($0)") }
        let tasks = await launchInOrder(container, screens)
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        for task in tasks { #expect(await task.value(within: .seconds(10)) == .completed) }
        await recorder.waitForEvents { $0.didCount == 21 }
        let destinations = recorder.snapshot.completed.map(\.to.name)
        #expect(destinations == ["first"] + screens.map(\.name))
        #expect(await container.child === screens.last)
    }

    @Test(arguments: [OverlapPolicy.latestWins, .interrupt])
    func theLastRequestWinsAndEveryEarlierPendingOneIsSuperseded(policy: OverlapPolicy) async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        // Held open in a hook, after its animation: an interrupt has nothing left to cut.
        let first = launch(container, Screen("first", appearGate: gate))
        #expect(await eventually { gate.waitingCount == 1 })
        let screens = (1...10).map { Screen("l\($0)") }
        var tasks: [Task<TransitionResult, Never>] = []
        for screen in screens {
            tasks.append(launch(container, screen, policy: policy))
            #expect(await eventually { await container.pendingCount == 1 })
            if tasks.count > 1 {
                // The request before this one must have been superseded by it.
                #expect(await tasks[tasks.count - 2].value(within: .seconds(10)) == .superseded)
            }
        }
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await tasks.last?.value(within: .seconds(10)) == .completed)
        #expect(await container.child === screens.last)
    }

    @Test func dropIfBusyRejectsWhileBusyAndRunsWhenIdle() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate, policy: .dropIfBusy)
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        #expect(await eventually { gate.waitingCount == 1 })
        #expect(await container.cycle(to: Screen("dropped")) == .rejected)
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await container.cycle(to: Screen("later")) == .completed)
        #expect(await container.child.name == "later")
    }

    @Test func aFullPendingQueueRejectsAndNeverGrowsBeyondItsBound() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate, maxPending: 3)
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        #expect(await eventually { gate.waitingCount == 1 })
        let queued = await launchInOrder(container, (1...3).map { Screen("q\($0)") })
        #expect(await container.cycle(to: Screen("overflow")) == .rejected)
        #expect(await container.pendingCount == 3)
        gate.open()
        #expect(await first.value(within: .seconds(10)) != nil, "the first cycle did not return")
        for task in queued { #expect(await task.value(within: .seconds(10)) == .completed) }
    }

    @Test func aNegativeMaxPendingRejectsEveryRequestThatWouldWait() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate, maxPending: -5)
        #expect(container.maxPending == 0)
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        #expect(await eventually { gate.waitingCount == 1 })
        #expect(await container.cycle(to: Screen("waiting")) == .rejected)
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
    }
}
