import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A child that adopts no lifecycle protocol, so that an uncontended immediate cycle takes
/// the in-place path (one synchronous step on the actor, no suspension).
final class PlainScreen: Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

/// The in-place path must be indistinguishable from the ordinary one: same events, ids,
/// results, cancellation and release of the old child, and never past a running
/// transition.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerInPlaceTests {
    @Test func anUncontendedImmediateCyclePublishesOneWillAndOneDidPerTransition() async {
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        for name in ["one", "two", "three"] {
            #expect(await container.cycle(to: PlainScreen(name)) == .completed)
        }
        #expect(await container.child.name == "three")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.grammarViolations.isEmpty)
        let steps = recorder.events.map { event -> String in
            switch event {
            case .willTransition(let t): "will \(t.id.rawValue) \(t.from)->\(t.to)"
            case .didTransition(let t): "did \(t.id.rawValue) \(t.from)->\(t.to)\(t.wasInterrupted ? " cut" : "")"
            case .progress: "progress"
            }
        }
        #expect(
            steps == [
                "will 1 start->one", "did 1 start->one",
                "will 2 one->two", "did 2 one->two",
                "will 3 two->three", "did 3 two->three",
            ]
        )
    }

    /// A stage that does nothing: a container with it takes the ordinary path for the
    /// very transitions a container without it runs in place.
    struct IdleStage: FlowStage {
        func mount(_ transition: Transition<PlainScreen>) async {}
        func progress(_ fraction: Double, of transition: Transition<PlainScreen>) async {}
        func unmount(_ transition: Transition<PlainScreen>) async {}
    }

    /// The equivalence rule of `FlowContainer+InPlace.swift`: one script on both paths
    /// leaves the same results, events and performer state after every call (the request
    /// ids aside, which only the ordinary path takes).
    @Test func inPlaceAndOrdinaryPathsLeaveTheSameObservableState() async {
        let inPlace = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        let ordinary = FlowContainer(initial: PlainScreen("start"), animation: .immediate, stage: IdleStage())
        let recorders = [EventRecorder(inPlace.events()), EventRecorder(ordinary.events())]
        for name in ["one", "two", "three"] {
            let results = [await inPlace.cycle(to: PlainScreen(name)), await ordinary.cycle(to: PlainScreen(name))]
            #expect(results == [.completed, .completed])
            let states = [await inPlace.performerState, await ordinary.performerState]
            #expect(states[0].machine.lastRequestID == 0, "the first container took the ordinary path")
            #expect(states[1].machine.lastRequestID > 0, "the second container took the in-place path")
            // Everything the machine holds but request ids (waiters are continuations, which
            // do not compare; both containers are idle here, so none waits).
            let machines = states.map(\.machine).map { machine in
                "\(machine.phase) \(String(describing: machine.owner)) \(machine.pending.count) \(machine.finishWaiters.count) "
                    + "\(machine.decidedEarly) \(machine.lastTransitionID) \(machine.subscriberCount) \(machine.lastCallStamp) "
                    + "\(machine.overtaken)"
            }
            #expect(machines[0] == machines[1])
            #expect(states.map(\.shownChild.name) == [name, name])
            #expect(states[0].childAdopts == states[1].childAdopts)
            #expect(states[0].hasChildLeaves == states[1].hasChildLeaves)
            #expect(states[0].runnerTaskHash == states[1].runnerTaskHash)
            #expect(states[0].isAnimating == states[1].isAnimating)
            #expect(states[0].hasChildMaker == states[1].hasChildMaker)
            #expect(await inPlace.child.name == name)
            #expect(await ordinary.child.name == name)
            #expect(inPlace.currentChild.name == ordinary.currentChild.name)
        }
        await inPlace.finish()
        await ordinary.finish()
        var logs: [[String]] = []
        for recorder in recorders {
            await recorder.waitUntilFinished()
            logs.append(
                recorder.events.map { event in
                    switch event {
                    case .willTransition(let t): "will \(t.id) \(t.from)->\(t.to) \(t.animation.isAnimated)"
                    case .didTransition(let t): "did \(t.id) \(t.from)->\(t.to) \(t.interruption == nil)"
                    case .progress(let t, let fraction): "progress \(t.id) \(fraction)"
                    }
                }
            )
        }
        #expect(logs[0] == logs[1])
        #expect(logs[0].count == 6)
    }

    @Test func inPlaceAndAnimatedTransitionsShareOneIdSequence() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate, clock: clock)
        let recorder = EventRecorder(container.events())
        #expect(await container.cycle(to: PlainScreen("a")) == .completed)
        let faded = Task { await container.cycle(to: PlainScreen("b"), animation: .fade()) }
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        #expect(await faded.value(within: .seconds(10)) == .completed)
        #expect(await container.cycle(to: PlainScreen("c")) == .completed)
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.grammarViolations.isEmpty)
        #expect(recorder.snapshot.completed.map(\.id.rawValue) == [1, 2, 3])
    }

    @Test func aCancelledCallerGetsCancelledAndTheChildStays() async {
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await container.cycle(to: PlainScreen("never"))
        }
        #expect(await task.value(within: .seconds(10)) == .cancelled)
        #expect(await container.child.name == "start")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.events.isEmpty)
    }

    @Test func theOldChildIsReleasedOnceTheCycleReturns() async {
        let tracker = ReleaseTracker()
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        for name in ["one", "two"] {
            let screen = PlainScreen(name)
            tracker.track(screen, as: name)
            #expect(await container.cycle(to: screen) == .completed)
        }
        #expect(tracker.alive == ["two"])
    }

    @Test func anImmediateRequestWaitsBehindARunningTransition() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate, clock: clock)
        let recorder = EventRecorder(container.events())
        let faded = Task { await container.cycle(to: PlainScreen("faded"), animation: .fade()) }
        await clock.waitForSleepers(2)
        let immediate = Task { await container.cycle(to: PlainScreen("immediate")) }
        #expect(await eventually { await container.pendingCount == 1 })
        #expect(recorder.snapshot.didCount == 0)
        clock.advance(by: .milliseconds(200))
        #expect(await faded.value(within: .seconds(10)) == .completed)
        #expect(await immediate.value(within: .seconds(10)) == .completed)
        #expect(await container.child.name == "immediate")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.snapshot.completed.map(\.to.name) == ["faded", "immediate"])
    }

    /// Children of mixed kinds: only a switch between two plain children may take the
    /// in-place path; a lifecycle child on either side must get its hooks.
    @Test func aLifecycleChildOnEitherSideStillGetsItsHooks() async {
        let calls = Log<String>()
        let container = FlowContainer<any Sendable>(initial: Screen("hooked", calls: calls), animation: .immediate)
        #expect(await container.cycle(to: PlainScreen("plain1")) == .completed)
        #expect(await container.cycle(to: PlainScreen("plain2")) == .completed)
        #expect(await container.cycle(to: Screen("back", calls: calls)) == .completed)
        #expect(await container.cycle(to: PlainScreen("plain3")) == .completed)
        #expect(
            calls.all == [
                "hooked.willDisappear", "hooked.didDisappear",
                "back.willAppear", "back.didAppear",
                "back.willDisappear", "back.didDisappear",
            ]
        )
    }

    /// A subscriber that reads the child in place right after subscribing, as
    /// `FlowModel`'s synchronous init does, never starts behind the first transition it
    /// is told about, however the subscription races in-place transitions: it starts from
    /// that transition's `from` or a later child (it may also be told of transitions it
    /// already sees), or, told about none, from the last child.
    @Test func aSubscriberReadingTheChildAfterSubscribingNeverStartsBehindItsFirstEvent() async {
        let container = FlowContainer(initial: 0, animation: .immediate)
        let last = 100_000
        let producer = Task {
            for value in 1...last { await container.cycle(to: value) }
        }
        let mismatches = Log<String>()
        var observers: [Task<Void, Never>] = []
        while !producer.isCancelled, container.currentChild < last {
            let events = container.events()
            let start = container.currentChild
            observers.append(
                Task {
                    for await case .willTransition(let transition) in events {
                        if start < transition.from {
                            mismatches.append(
                                "started at \(start), told first of \(transition.from) -> \(transition.to)"
                            )
                        }
                        return
                    }
                    if start != last { mismatches.append("started at \(start), told of nothing, ended at \(last)") }
                }
            )
            await Task.yield()
        }
        _ = await producer.value(within: .seconds(30))
        await container.finish()
        for observer in observers { _ = await observer.value(within: .seconds(30)) }
        #expect(mismatches.all == [])
    }

    @Test func anImmediateCycleAfterFinishIsCancelled() async {
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        await container.finish()
        #expect(await container.cycle(to: PlainScreen("late")) == .cancelled)
        #expect(await container.child.name == "start")
    }

    @Test func aSubscriberDroppedBetweenCyclesStopsReceivingAndLaterOnesStillDo() async {
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        let first = EventRecorder(container.events())
        #expect(await container.cycle(to: PlainScreen("one")) == .completed)
        await first.waitForEvents { $0.didCount == 1 }
        first.cancel()
        await first.waitUntilFinished()
        #expect(await eventually { container.subscriberCount == 0 })
        #expect(await container.cycle(to: PlainScreen("unseen")) == .completed)
        let second = EventRecorder(container.events())
        #expect(await container.cycle(to: PlainScreen("two")) == .completed)
        await container.finish()
        await second.waitUntilFinished()
        #expect(first.snapshot.completed.map(\.to.name) == ["one"])
        #expect(second.snapshot.completed.map(\.to.name) == ["two"])
    }

    /// Many callers mix in-place cycles with animated ones under every policy. One ordered
    /// event stream shows whether an in-place transition ever slipped inside a running one
    /// (a `will` before the previous `did`).
    @Test(arguments: [UInt64(1), 2, 3])
    func inPlaceCyclesNeverOverlapAnimatedOnesUnderLoad(seed: UInt64) async {
        let yielding = TransitionAnimation.custom(name: "yield", duration: nil) {
            (_: PlainScreen, _: PlainScreen, context) in
            await Task.yield()
            context.report(1)
        }
        let container = FlowContainer(initial: PlainScreen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        var random = SeededGenerator(seed: seed)
        let plans = (0..<200).map { task in
            (0..<10).map { index in
                (
                    name: "t\(task)-\(index)",
                    animated: Bool.random(using: &random),
                    policy: OverlapPolicy.allCases.randomElement(using: &random)!
                )
            }
        }
        let results = await withTaskGroup(of: [TransitionResult].self) { group in
            for plan in plans {
                group.addTask {
                    var results: [TransitionResult] = []
                    for step in plan {
                        results.append(
                            await container.cycle(
                                to: PlainScreen(step.name),
                                animation: step.animated ? yielding : .immediate,
                                policy: step.policy
                            )
                        )
                    }
                    return results
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        let finalChild = await container.child.name
        await container.finish()
        await recorder.waitUntilFinished()

        #expect(results.count == 2_000, "every call returns exactly once")
        #expect(recorder.grammarViolations.isEmpty)
        let completed = recorder.snapshot.completed
        #expect(completed.count == results.count { $0 == .completed || $0 == .interrupted })
        #expect(completed.map(\.id.rawValue) == Array(1...UInt64(completed.count)))
        #expect(completed.last?.to.name == finalChild)
    }
}
