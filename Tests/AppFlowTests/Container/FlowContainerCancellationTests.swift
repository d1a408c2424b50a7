import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Guarantees 6, 7 and 9: cancellation, `finish()`, and lazy factories.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerCancellationTests {
    /// A container whose first transition is held open at `gate`.
    static func busyContainer(
        gate: Gate,
        policy: OverlapPolicy = .enqueue
    ) async -> (FlowContainer<Screen>, Task<TransitionResult, Never>) {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate, policy: policy)
        let first = launch(container, Screen("first"), animation: gatedAnimation(gate))
        _ = await eventually { gate.waitingCount == 1 }
        return (container, first)
    }

    @Test func aCallerCancelledWhilePendingGetsCancelledAndItsFactoryNeverRuns() async {
        let gate = Gate()
        let (container, first) = await Self.busyContainer(gate: gate)
        let recorder = EventRecorder(container.events())
        let factoryRan = Log<Bool>()
        let pending = Task {
            await container.cycle {
                factoryRan.append(true)
                return Screen("never")
            }
        }
        #expect(await eventually { await container.pendingCount == 1 })
        pending.cancel()
        #expect(await pending.value(within: .seconds(10)) == .cancelled)
        #expect(await container.pendingCount == 0)
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(factoryRan.all.isEmpty)
        #expect(recorder.summaries == ["did start->first"])
        #expect(await container.child.name == "first")
    }

    @Test func aCallerCancelledBeforeItCallsGetsCancelledAndNothingRuns() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await container.cycle(to: Screen("never"))
        }
        #expect(await task.value(within: .seconds(10)) == .cancelled)
        #expect(await container.child.name == "start")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.events.isEmpty)
    }

    @Test func aRequestCancelledBeforeANewerOneArrivesReportsCancelledNotSuperseded() async {
        for _ in 0..<50 {
            let gate = Gate()
            let (container, first) = await Self.busyContainer(gate: gate, policy: .latestWins)
            let older = launch(container, Screen("older"))
            #expect(await eventually { await container.pendingCount == 1 })
            // The cancel handler runs outside the actor; the newer request is sent at once,
            // without waiting for the older call to return.
            older.cancel()
            let newer = launch(container, Screen("newer"))
            #expect(await older.value(within: .seconds(10)) == .cancelled)
            gate.open()
            #expect(await first.value(within: .seconds(10)) == .completed)
            #expect(await newer.value(within: .seconds(10)) == .completed)
        }
    }

    @Test func aCallerCancelledWhileItsTransitionRunsStillCompletes() async {
        let gate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let task = launch(container, Screen("next"), animation: gatedAnimation(gate))
        #expect(await eventually { gate.waitingCount == 1 })
        task.cancel()
        gate.open()
        #expect(await task.value(within: .seconds(10)) == .completed)
        #expect(await container.child.name == "next")
    }

    @Test func finishCancelsPendingInterruptsTheRunningTransitionAndEndsEveryStream() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: Screen("start"), animation: .fade(), clock: clock)
        let recorders = (0..<2).map { _ in EventRecorder(container.events()) }
        let running = launch(container, Screen("running"))
        await clock.waitForSleepers(2)  // the fade's first frame and the watchdog
        let pending = await launchInOrder(container, [Screen("p1"), Screen("p2")])
        await container.finish()
        #expect(await running.value(within: .seconds(10)) == .interrupted)
        for task in pending { #expect(await task.value(within: .seconds(10)) == .cancelled) }
        #expect(await container.isFinished)
        #expect(await container.child.name == "running")
        for recorder in recorders {
            // finish() has returned, so every stream must already have ended.
            await recorder.waitUntilFinished()
            #expect(recorder.grammarViolations == [])
            #expect(recorder.summaries == ["will start->running", "did start->running (cut)"])
            guard case .finish = recorder.snapshot.completed.last?.interruption else {
                Issue.record("the did event must say finish cut it short")
                continue
            }
        }
        #expect(await container.cycle(to: Screen("late")) == .cancelled)
        let late = EventRecorder(container.events())
        await late.waitUntilFinished()
        #expect(late.events.isEmpty)
    }

    @Test func everyStreamHasEndedWhenFinishReturnsEvenMidStorm() async {
        let container = FlowContainer(initial: Screen("start"), animation: .fade(duration: .zero))
        let recorder = EventRecorder(container.events())
        #expect(container.subscriberCount == 1)
        let storm = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask { _ = await container.cycle(to: Screen("s\(index)"), policy: .enqueue) }
                }
            }
        }
        await Task.yield()
        await container.finish()
        // Checked synchronously at the moment finish() returns: no stream is left open.
        #expect(container.subscriberCount == 0)
        #expect(await storm.value(within: .seconds(10)) != nil, "the storm did not end")
        await recorder.waitUntilFinished()
        // The log closes on a did: no transition was left open by finish.
        #expect(recorder.grammarViolations == [])
    }

    @Test func finishCalledTwiceOrConcurrentlyReturnsEveryTime() async {
        let gate = Gate()
        let (container, first) = await Self.busyContainer(gate: gate)
        let finishers = (0..<3).map { _ in Task { await container.finish() } }
        #expect(await eventually { await container.isFinished })
        // The gated animator ignores cancellation, yet finish must not wait for it.
        for finisher in finishers {
            #expect(await finisher.value(within: .seconds(10)) != nil, "finish() did not return")
        }
        #expect(await first.value(within: .seconds(10)) == .interrupted)
        await container.finish()
        gate.open()
    }

    @Test func aFactoryRunsOnlyWhenItsTransitionStarts() async {
        let gate = Gate()
        let (container, first) = await Self.busyContainer(gate: gate)
        let recorder = EventRecorder(container.events())
        let factoryCalls = Log<String>()
        let lazy = Task {
            await container.cycle {
                factoryCalls.append("made")
                return Screen("lazy")
            }
        }
        #expect(await eventually { await container.pendingCount == 1 })
        #expect(factoryCalls.all.isEmpty)
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await lazy.value(within: .seconds(10)) == .completed)
        #expect(factoryCalls.all == ["made"])
        await recorder.waitForEvents { $0.didCount == 2 }
        #expect(recorder.summaries == ["did start->first", "will first->lazy", "did first->lazy"])
    }

    @Test func aSupersededFactoryNeverRuns() async {
        let gate = Gate()
        let (container, first) = await Self.busyContainer(gate: gate, policy: .latestWins)
        let factoryCalls = Log<String>()
        let older = Task {
            await container.cycle {
                factoryCalls.append("older")
                return Screen("older")
            }
        }
        #expect(await eventually { await container.pendingCount == 1 })
        let newer = Task {
            await container.cycle {
                factoryCalls.append("newer")
                return Screen("newer")
            }
        }
        #expect(await older.value(within: .seconds(10)) == .superseded)
        gate.open()
        #expect(await first.value(within: .seconds(10)) != nil, "the first cycle did not return")
        #expect(await newer.value(within: .seconds(10)) == .completed)
        #expect(factoryCalls.all == ["newer"])
    }

    @Test func finishWhileAFactoryRunsCancelsThatRequestAndPublishesNoEvent() async {
        let factoryGate = Gate()
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        let lazy = Task {
            await container.cycle {
                await factoryGate.pass()
                return Screen("late")
            }
        }
        #expect(await eventually { factoryGate.waitingCount == 1 })
        #expect(await container.isTransitioning)
        let finisher = Task { await container.finish() }
        #expect(await eventually { await container.isFinished })
        factoryGate.open()
        #expect(await lazy.value(within: .seconds(10)) == .cancelled)
        #expect(await finisher.value(within: .seconds(10)) != nil, "finish() did not return")
        await recorder.waitUntilFinished()
        #expect(recorder.events.isEmpty)
        #expect(await container.child.name == "start")
    }
}

/// `finish()` while the child in place is still disappearing.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FinishWhileDisappearingTests {
    /// A child whose `flowDidDisappear` waits at a gate.
    final class SlowToLeave: FlowLifecycle {
        let gate = Gate()
        func flowDidDisappear() async { await gate.pass() }
    }

    @Test func aSecondFinishWaitsUntilTheStreamsHaveEnded() async {
        let child = SlowToLeave()
        let container = FlowContainer(initial: child, animation: .immediate)
        let recorder = EventRecorder(container.events())
        let first = Task { await container.finish() }
        #expect(await eventually { child.gate.waitingCount == 1 })
        let second = Task { () -> Int in
            await container.finish()
            return container.subscriberCount  // must be 0: every stream has ended
        }
        for _ in 0..<200 { await Task.yield() }
        child.gate.open()
        #expect(await second.value(within: .seconds(10)) == 0)
        #expect(await first.value(within: .seconds(10)) != nil, "the first finish() did not return")
        await recorder.waitUntilFinished()
    }

    @Test func finishCalledFromTheLastDisappearHookDoesNotDeadlock() async {
        final class Finisher: FlowLifecycle {
            let container = LockedValue<FlowContainer<Finisher>?>(nil)
            func flowDidDisappear() async { await container.withLock({ $0 })?.finish() }
        }
        let child = Finisher()
        let container = FlowContainer(initial: child, animation: .immediate)
        child.container.withLock { $0 = container }
        await container.finish()
        #expect(container.subscriberCount == 0)
        child.container.withLock { $0 = nil }
    }
}
