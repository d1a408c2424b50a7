import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Guarantee 10 and memory: subscribers, buffering, and the release of old children.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerEventsTests {
    /// Cycles `container` to a new screen that only `tracker` sees, so that nothing in the
    /// test keeps it alive.
    static func cycleToTracked(
        _ container: FlowContainer<Screen>,
        _ name: String,
        tracker: ReleaseTracker,
        policy: OverlapPolicy? = nil
    ) -> Task<TransitionResult, Never> {
        let screen = Screen(name, calls: Log())
        tracker.track(screen, as: name)
        return launch(container, screen, policy: policy)
    }

    @Test func theContainerHoldsNoReferenceToTheOldChildAfterDidTransition() async {
        let tracker = ReleaseTracker()
        let clock = ManualClock()
        let container = FlowContainer(
            initial: Screen("start"),
            animation: .fade(),
            stage: RecordingStage(),
            clock: clock
        )
        for name in ["one", "two", "three"] {
            let task = Self.cycleToTracked(container, name, tracker: tracker)
            await clock.waitForSleepers(2)
            clock.advance(by: .milliseconds(200))
            #expect(await task.value(within: .seconds(10)) == .completed)
        }
        // Only the child in place now may be alive.
        #expect(tracker.alive == ["three"])
        await container.finish()
    }

    @Test func anInterruptedTransitionReleasesItsOldChildToo() async {
        let tracker = ReleaseTracker()
        let clock = ManualClock()
        let container = FlowContainer(initial: Screen("start"), animation: .fade(), clock: clock)
        let first = Self.cycleToTracked(container, "cut", tracker: tracker)
        await clock.waitForSleepers(2)
        let second = Self.cycleToTracked(container, "after", tracker: tracker, policy: .interrupt)
        #expect(await first.value(within: .seconds(10)) == .interrupted)
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        #expect(await second.value(within: .seconds(10)) == .completed)
        // The cut-short built-in fade may still be unwinding, but it never held a child.
        #expect(tracker.alive == ["after"])
    }

    @Test func eventsNotYetConsumedKeepTheirChildrenAliveUntilTheStreamIsDropped() async {
        let tracker = ReleaseTracker()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        var stream: AsyncStream<FlowEvent<Screen>>? = container.events()
        for name in ["old", "new"] {
            let cycling = Self.cycleToTracked(container, name, tracker: tracker)
            #expect(await cycling.value(within: .seconds(10)) != nil, "the cycle to \(name) did not return")
        }
        #expect(tracker.alive == ["old", "new"])
        #expect(stream != nil)
        stream = nil
        #expect(await eventually { container.subscriberCount == 0 })
        #expect(tracker.alive == ["new"])
    }

    @Test func aBoundedSubscriberMissesEventsAndNeverSlowsTheContainer() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let bounded = container.events(bufferingPolicy: .bufferingNewest(2))
        for index in 0..<10 {
            #expect(await container.cycle(to: Screen("s\(index)")) == .completed)
        }
        await container.finish()
        var received: [String] = []
        for await event in bounded { received.append(event.summary) }
        #expect(received == ["will s8->s9", "did s8->s9"])
    }

    @Test func aSubscriberThatNeverReadsNeverBlocksTransitions() async {
        let container = FlowContainer(initial: Screen("start"), animation: .fade(duration: .zero))
        let idle = container.events()
        let results = await withTaskGroup(of: TransitionResult.self, returning: [TransitionResult].self) { group in
            for index in 0..<1_000 {
                group.addTask { await container.cycle(to: Screen("s\(index)")) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == .completed })
        _ = idle
    }

    @Test func aSubscriberThatStopsIteratingIsRemoved() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let firstEvent = Gate()
        let consumer = Task {
            for await _ in container.events() {
                firstEvent.open()
            }
        }
        #expect(await eventually { container.subscriberCount == 1 })
        await container.cycle(to: Screen("a"))
        await firstEvent.pass()
        consumer.cancel()
        #expect(await eventually { container.subscriberCount == 0 })
        #expect(await container.cycle(to: Screen("b")) == .completed)
    }

    @Test func aLateSubscriberSeesOnlyWhatIsPublishedAfterItSubscribed() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        await container.cycle(to: Screen("before"))
        let recorder = EventRecorder(container.events())
        await container.cycle(to: Screen("after"))
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.summaries == ["will before->after", "did before->after"])
    }

    @Test func aDroppedRecorderEndsItsSubscriptionOnAContainerThatLivesOn() async {
        let container = FlowContainer(initial: "a", animation: .immediate)
        var recorder: EventRecorder<String>? = EventRecorder(container.events())
        #expect(container.subscriberCount == 1)
        _ = recorder
        recorder = nil
        #expect(await eventually { container.subscriberCount == 0 }, "the recorder's task still subscribes")
        #expect(await container.cycle(to: "b") == .completed)
    }
}
