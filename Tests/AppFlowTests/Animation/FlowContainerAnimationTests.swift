import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Animation strategies on an injected clock, the watchdog, the stage and lifecycle hooks.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerAnimationTests {
    struct Boom: Error, Equatable {}

    @Test func aFadeRunsOnTheInjectedClockAndReportsFramesUpToOne() async {
        let clock = ManualClock()
        let stage = RecordingStage()
        let container = FlowContainer(initial: Screen("a"), animation: .fade(), stage: stage, clock: clock)
        let recorder = EventRecorder(container.events())
        let task = launch(container, Screen("b"))
        await clock.waitForSleepers(2)  // the fade's first frame and the watchdog
        #expect(await container.isTransitioning)
        clock.advance(by: .milliseconds(100))
        #expect(await container.isTransitioning)
        clock.advance(by: .milliseconds(100))
        #expect(await task.value(within: .seconds(10)) == .completed)
        await recorder.waitForEvents { $0.didCount == 1 }
        let frames = recorder.events.compactMap { event -> Double? in
            if case .progress(_, let fraction) = event { fraction } else { nil }
        }
        #expect(frames.count >= 2)
        #expect(frames == frames.sorted())
        #expect(frames.last == 1)
        #expect(recorder.grammarViolations == [])
        let calls = stage.calls.all
        #expect(calls.first == "mount a->b")
        #expect(calls.last == "unmount a")
        #expect(calls.dropFirst().dropLast().allSatisfy { $0.hasPrefix("progress") })
        #expect(calls[calls.count - 2] == "progress 1.0")
    }

    @Test func aCrossDissolveWaitsForItsDelayBeforeItEnds() async {
        let clock = ManualClock()
        let container = FlowContainer(
            initial: Screen("a"),
            animation: .crossDissolve(duration: .milliseconds(100), delay: .milliseconds(300)),
            clock: clock
        )
        let task = launch(container, Screen("b"))
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(350))
        #expect(await container.isTransitioning)
        clock.advance(by: .milliseconds(50))
        #expect(await task.value(within: .seconds(10)) == .completed)
    }

    @Test(arguments: [Duration.zero, .milliseconds(-50)])
    func aTimedAnimationOfZeroOrNegativeLengthReportsOneFrameAndEnds(duration: Duration) async {
        let container = FlowContainer(initial: Screen("a"), animation: .slide(duration: duration), clock: ManualClock())
        let recorder = EventRecorder(container.events())
        #expect(await container.cycle(to: Screen("b")) == .completed)
        await recorder.waitForEvents { $0.didCount == 1 }
        #expect(recorder.events.map(\.summary) == ["will a->b", "progress", "did a->b"])
    }

    @Test func anInterruptCutsTheRunningAnimationShortAndTheNewRequestRuns() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: Screen("a"), animation: .fade(), clock: clock)
        let recorder = EventRecorder(container.events())
        let fading = launch(container, Screen("b"))
        await clock.waitForSleepers(2)
        let cutter = launch(container, Screen("c"), animation: .immediate, policy: .interrupt)
        #expect(await fading.value(within: .seconds(10)) == .interrupted)
        #expect(await cutter.value(within: .seconds(10)) == .completed)
        #expect(await container.child.name == "c")
        await recorder.waitForEvents { $0.didCount == 2 }
        #expect(recorder.grammarViolations == [])
        guard case .overlap = recorder.snapshot.completed.first?.interruption else {
            Issue.record("the first did must say an overlap cut it short")
            return
        }
    }

    @Test func anAnimatorThatThrowsStillSwitchesTheChildAndShowsTheError() async {
        let failing = TransitionAnimation.custom(name: "failing", duration: .milliseconds(10)) {
            (_: Screen, _: Screen, context) in
            context.report(0.5)
            throw Boom()
        }
        let container = FlowContainer(initial: Screen("a"), animation: failing, clock: ManualClock())
        let recorder = EventRecorder(container.events())
        #expect(await container.cycle(to: Screen("b")) == .interrupted)
        #expect(await container.child.name == "b")
        await recorder.waitForEvents { $0.didCount == 1 }
        guard case .failed(let error) = recorder.snapshot.completed.first?.interruption else {
            Issue.record("the did event must carry the error")
            return
        }
        #expect(error as? Boom == Boom())
        #expect(recorder.grammarViolations == [])
    }

    @Test func anAnimatorForAnotherChildTypeFailsWithATypeMismatch() async {
        let wrongType = TransitionAnimation.custom(duration: .zero) { (_: Int, _: Int, _) in }
        let container = FlowContainer(initial: Screen("a"), animation: wrongType)
        let recorder = EventRecorder(container.events())
        #expect(await container.cycle(to: Screen("b")) == .interrupted)
        await recorder.waitForEvents { $0.didCount == 1 }
        guard case .failed(let error) = recorder.snapshot.completed.first?.interruption else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is AnimatorChildTypeMismatch)
    }

    @Test func theWatchdogEndsAnAnimatorThatNeverReturns() async {
        let clock = ManualClock()
        let never = Gate()
        let stuck = TransitionAnimation.custom(name: "stuck", duration: .milliseconds(100)) {
            (_: Screen, _: Screen, _) in
            await never.pass()  // ignores cancellation
        }
        let container = FlowContainer(initial: Screen("a"), animation: stuck, clock: clock, watchdogMargin: .seconds(1))
        let recorder = EventRecorder(container.events())
        let task = launch(container, Screen("b"))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1_099))
        #expect(await container.isTransitioning)
        clock.advance(by: .milliseconds(1))
        #expect(await task.value(within: .seconds(10)) == .interrupted)
        await recorder.waitForEvents { $0.didCount == 1 }
        guard case .watchdog = recorder.snapshot.completed.first?.interruption else {
            Issue.record("expected the watchdog")
            return
        }
        never.open()
    }

    @Test func anAnimatorOfUnknownLengthIsNeverCutShortByTheWatchdog() async {
        let clock = ManualClock()
        let gate = Gate()
        let container = FlowContainer(
            initial: Screen("a"),
            animation: gatedAnimation(gate, duration: nil),
            clock: clock
        )
        let task = launch(container, Screen("b"))
        #expect(await eventually { gate.waitingCount == 1 })
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(3_600))
        #expect(await container.isTransitioning)
        gate.open()
        #expect(await task.value(within: .seconds(10)) == .completed)
    }

    @Test func progressThatIsNotFiniteIsDroppedAndOutOfRangeProgressIsClamped() async {
        let wild = TransitionAnimation.custom(name: "wild", duration: .zero) { (_: Screen, _: Screen, context) in
            for value in [Double.nan, -3, .infinity, 0.5, 7] {
                context.report(value)
                await Task.yield()
            }
        }
        let stage = RecordingStage()
        // No watchdog: the animation's length on the real clock is up to the scheduler.
        let container = FlowContainer(initial: Screen("a"), animation: wild, stage: stage, watchdogMargin: nil)
        #expect(await container.cycle(to: Screen("b")) == .completed)
        let frames = stage.calls.all.filter { $0.hasPrefix("progress") }.map { Double($0.dropFirst(9))! }
        #expect(frames.allSatisfy { (0...1).contains($0) })
        #expect(frames.last == 1)
    }

    @Test func lifecycleCallsAreBalancedAndInUIKitOrderEvenWhenInterrupted() async {
        let clock = ManualClock()
        let calls = Log<String>()
        let stage = RecordingStage()
        let container = FlowContainer(
            initial: Screen("a", calls: calls),
            animation: .fade(),
            stage: stage,
            clock: clock
        )
        let fading = launch(container, Screen("b", calls: calls))
        await clock.waitForSleepers(2)
        let cutter = launch(container, Screen("c", calls: calls), animation: .immediate, policy: .interrupt)
        #expect(await fading.value(within: .seconds(10)) == .interrupted)
        #expect(await cutter.value(within: .seconds(10)) == .completed)
        #expect(
            calls.all == [
                "a.willDisappear", "b.willAppear", "a.didDisappear", "b.didAppear",
                "b.willDisappear", "c.willAppear", "b.didDisappear", "c.didAppear",
            ]
        )
        for name in ["a", "b", "c"] {
            let own = calls.all.filter { $0.hasPrefix(name + ".") }
            #expect(own.filter { $0.hasSuffix("willAppear") }.count == own.filter { $0.hasSuffix("didAppear") }.count)
            #expect(
                own.filter { $0.hasSuffix("willDisappear") }.count == own.filter { $0.hasSuffix("didDisappear") }.count
            )
        }
        #expect(stage.calls.all.filter { $0.hasPrefix("mount") }.count == 2)
        #expect(stage.calls.all.filter { $0.hasPrefix("unmount") }.count == 2)
    }

    @Test func aFadeOnTheRealClockTakesAboutItsDuration() async {
        // No watchdog: under ThreadSanitizer, with other tests loading both cores, a
        // 200 ms fade has been seen to overrun the default 2 s margin.
        let container = FlowContainer(
            initial: Screen("a"),
            animation: .fade(duration: .milliseconds(200)),
            watchdogMargin: nil
        )
        let clock = ContinuousClock()
        let started = clock.now
        #expect(await container.cycle(to: Screen("b")) == .completed)
        let elapsed = started.duration(to: clock.now)
        // Generous bounds: this machine may be loaded.
        #expect(elapsed >= .milliseconds(190))
        #expect(elapsed < .seconds(30))
    }
}

/// A user strategy as a type: it fades by reporting quarters on the container's clock.
struct QuarterSteps: TransitionAnimator {
    let frames: Log<String>
    var name: String { "quarters" }
    var duration: Duration? { .milliseconds(40) }

    func animate(from: Screen, to: Screen, context: AnimationContext) async throws {
        frames.append("\(from)->\(to)")
        for step in 1...4 {
            try await context.clock.sleep(for: .milliseconds(10))
            context.report(Double(step) / 4)
        }
    }
}

@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct TransitionAnimatorTests {
    @Test func aTransitionAnimatorTypeGetsBothChildrenAndRunsOnTheContainersClock() async {
        let clock = ManualClock()
        let frames = Log<String>()
        let stage = RecordingStage()
        let animation = TransitionAnimation.custom(QuarterSteps(frames: frames))
        #expect(animation.kind == .custom("quarters"))
        #expect(animation.duration == .milliseconds(40))
        let container = FlowContainer(initial: Screen("a"), animation: animation, stage: stage, clock: clock)
        let task = launch(container, Screen("b"))
        for _ in 1...4 {
            await clock.waitForSleepers(2)  // the animator's step and the watchdog
            clock.advance(by: .milliseconds(10))
        }
        #expect(await task.value(within: .seconds(10)) == .completed)
        #expect(frames.all == ["a->b"])
        #expect(stage.calls.all.filter { $0.hasPrefix("progress") }.last == "progress 1.0")
    }
}
