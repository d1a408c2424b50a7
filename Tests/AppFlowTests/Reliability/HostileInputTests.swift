import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Careless and hostile input: each has a defined outcome (see the Reliability article in `Docs/AppFlow.docc`).
/// The rest of the list is covered where the feature is tested: zero and negative
/// durations, wild progress, throwing and never-returning animators
/// (`FlowContainerAnimationTests`); finished containers and double finish
/// (`FlowContainerCancellationTests`); silent and leaving subscribers
/// (`FlowContainerEventsTests`).
@Suite(.timeLimit(.minutes(5)), .endsWithin(.seconds(280)))
struct HostileInputTests {
    @Test func anAnimatorThatIgnoresCancellationIsLeftBehindWhenInterrupted() async {
        let stubborn = Gate()
        let sawCutShort = Log<Bool>()
        let ignoring = TransitionAnimation.custom(name: "stubborn", duration: nil) { (_: Screen, _: Screen, context) in
            sawCutShort.append(context.isCutShort)
            await stubborn.pass()  // never checks cancellation
            sawCutShort.append(context.isCutShort)
            context.report(0.9)  // too late: dropped
        }
        let container = FlowContainer(initial: Screen("a"), animation: ignoring)
        let recorder = EventRecorder(container.events())
        let first = launch(container, Screen("b"))
        #expect(await eventually { stubborn.waitingCount == 1 })
        #expect(await container.cycle(to: Screen("c"), animation: .immediate, policy: .interrupt) == .completed)
        #expect(await first.value(within: .seconds(10)) == .interrupted)
        stubborn.open()
        #expect(await eventually { sawCutShort.all.count == 2 })
        #expect(sawCutShort.all == [false, true])  // it could have known it was cut short
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.grammarViolations == [])
        #expect(!recorder.events.contains { if case .progress(_, 0.9) = $0 { true } else { false } })
    }

    @Test func aCustomAnimatorWithANegativeDurationIsWatchedAsIfItsDurationWereZero() async {
        let clock = ManualClock()
        let never = Gate()
        let negative = TransitionAnimation.custom(name: "negative", duration: .seconds(-3)) {
            (_: Screen, _: Screen, _) in
            await never.pass()
        }
        #expect(negative.duration == .zero)
        let container = FlowContainer(
            initial: Screen("a"),
            animation: negative,
            clock: clock,
            watchdogMargin: .milliseconds(-1)
        )
        #expect(container.watchdogMargin == .zero)
        // The watchdog's deadline is now: it fires without the clock moving at all.
        #expect(await container.cycle(to: Screen("b")) == .interrupted)
        never.open()
    }

    @Test func aSlowStageDelaysOnlyItsOwnTransitionAndItsFramesAreCoalesced() async {
        let clock = ManualClock()
        let stage = SlowStage()
        let container = FlowContainer(
            initial: Screen("a"),
            animation: .fade(duration: .milliseconds(200)),
            stage: stage,
            clock: clock
        )
        let slow = launch(container, Screen("b"))
        await clock.waitForSleepers(2)
        #expect(await eventually { stage.gate.waitingCount == 1 })  // stuck on the first frame
        clock.advance(by: .milliseconds(200))  // the animation ends meanwhile
        let queued = launch(container, Screen("c"), animation: .immediate)
        #expect(await eventually { await container.pendingCount == 1 })
        stage.gate.open()
        #expect(await slow.value(within: .seconds(10)) == .completed)
        #expect(await queued.value(within: .seconds(10)) == .completed)
        let frames = stage.frames.all
        #expect(frames.first == 0)
        #expect(frames.last == 1)
        #expect(frames.count < 12)  // an unhurried stage would have seen 13 frames
    }

    /// A stage whose first progress frame waits for `gate`.
    final class SlowStage: FlowStage {
        let gate = Gate()
        let frames = Log<Double>()

        func mount(_ transition: Transition<Screen>) async {}
        func progress(_ fraction: Double, of transition: Transition<Screen>) async {
            frames.append(fraction)
            if transition.to.name == "b" { await gate.pass() }
        }
        func unmount(_ transition: Transition<Screen>) async {}
    }

    @Test func aSlowHookHoldsItsTransitionWhileLaterRequestsWaitTheirTurn() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("a"), animation: .immediate)
        let slow = launch(container, Screen("slow", appearGate: gate))
        #expect(await eventually { gate.waitingCount == 1 })
        let later = await launchInOrder(container, [Screen("x"), Screen("y")])
        #expect(await container.isTransitioning)
        gate.open()
        #expect(await slow.value(within: .seconds(10)) == .completed)
        for task in later { #expect(await task.value(within: .seconds(10)) == .completed) }
        #expect(await container.child.name == "y")
    }

    @Test func cyclingToTheChildAlreadyInPlaceRunsAnOrdinaryTransition() async {
        let calls = Log<String>()
        let same = Screen("same", calls: calls)
        let container = FlowContainer(initial: same, animation: .immediate)
        let recorder = EventRecorder(container.events())
        #expect(await container.cycle(to: same) == .completed)
        await recorder.waitForEvents { $0.didCount == 1 }
        #expect(recorder.summaries == ["will same->same", "did same->same"])
        #expect(calls.all == ["same.willDisappear", "same.willAppear", "same.didDisappear", "same.didAppear"])
    }

    @Test(arguments: [Int.max, 1_000])
    func oneHundredThousandPendingRequestsAllReturnAndABoundCapsTheQueue(maxPending: Int) async {
        let total = 100_000
        let gate = Gate()
        let container = FlowContainer(initial: Screen("a"), animation: .immediate, maxPending: maxPending)
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        #expect(await eventually { gate.waitingCount == 1 })
        let expectedPending = min(total, maxPending)
        let results = await withTaskGroup(of: TransitionResult.self, returning: [TransitionResult: Int].self) { group in
            for _ in 0..<total {
                group.addTask { await container.cycle(to: Screen("q")) }
            }
            // Every request has either been queued or rejected before the gate opens.
            var rejected = 0
            var tally: [TransitionResult: Int] = [:]
            if maxPending < total {
                while rejected < total - maxPending, let result = await group.next() {
                    #expect(result == .rejected)
                    rejected += 1
                }
                tally[.rejected] = rejected
            }
            _ = await eventually(timeout: .seconds(120)) { await container.pendingCount == expectedPending }
            #expect(await container.pendingCount == expectedPending)
            gate.open()
            for await result in group { tally[result, default: 0] += 1 }
            return tally
        }
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(results[.completed, default: 0] == expectedPending)
        #expect(results[.rejected, default: 0] == total - expectedPending)
        #expect(await container.pendingCount == 0)
    }
}
