import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// `ManualClock`'s waits and steps, and the animation timeline they rely on.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct ManualClockTests {
    static func instant(_ milliseconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .milliseconds(milliseconds))
    }

    /// A task that sleeps `for: interval` in a loop, noting `now` at each wake-up.
    static func ticker(on clock: ManualClock, every interval: Duration, log: Log<Duration>) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                log.append(clock.now.offset)
            }
        }
    }

    @Test func advancingThroughAnInstantFiresARepeatingSleeperOncePerDeadline() async {
        let clock = ManualClock()
        let ticks = Log<Duration>()
        let ticker = Self.ticker(on: clock, every: .milliseconds(10), log: ticks)
        await clock.waitForSleepers(1)
        await clock.advance(through: Self.instant(35))
        #expect(ticks.all == [10, 20, 30].map { .milliseconds($0) })
        #expect(clock.now == Self.instant(35))
        ticker.cancel()
    }

    @Test func advancingToAnInstantWakesARepeatingSleeperOnceAtTheTarget() async {
        let clock = ManualClock()
        let ticks = Log<Duration>()
        let ticker = Self.ticker(on: clock, every: .milliseconds(10), log: ticks)
        await clock.waitForSleepers(1)
        clock.advance(to: Self.instant(35))
        #expect(await eventually { clock.sleeperCount == 1 && ticks.all == [.milliseconds(35)] })
        ticker.cancel()
    }

    @Test func runningUntilIdlePlaysOutSleepersThatStartWhileItRuns() async {
        let clock = ManualClock()
        let woken = Log<Duration>()
        let chain = Task {
            for _ in 0..<3 {
                try? await clock.sleep(for: .milliseconds(100))
                woken.append(clock.now.offset)
            }
        }
        await clock.waitForSleepers(1)
        #expect(await clock.runUntilIdle())
        #expect(await chain.value(within: .seconds(10)) != nil, "the chain of sleepers did not end")
        #expect(woken.all == [100, 200, 300].map { .milliseconds($0) })
    }

    @Test func runningUntilIdleGivesUpOnATickerAfterItsSteps() async {
        let clock = ManualClock()
        let ticks = Log<Duration>()
        let ticker = Self.ticker(on: clock, every: .milliseconds(1), log: ticks)
        await clock.waitForSleepers(1)
        #expect(await clock.runUntilIdle(maxSteps: 5) == false)
        #expect(ticks.all.count == 5)
        ticker.cancel()
    }

    @Test func waitingForASleeperAtADeadlineIgnoresOtherSleepers() async {
        let clock = ManualClock()
        let other = Task { try? await clock.sleep(until: Self.instant(1_000)) }
        await clock.waitForSleepers(1)
        let waited = Log<Bool>()
        let waiter = Task {
            await clock.waitForSleeper(at: Self.instant(250))
            waited.append(true)
        }
        #expect(await eventually(timeout: .milliseconds(200)) { !waited.all.isEmpty } == false)
        let target = Task { try? await clock.sleep(until: Self.instant(250)) }
        #expect(await waiter.value(within: .seconds(10)) != nil, "the wait for the sleeper did not end")
        #expect(waited.all == [true])
        other.cancel()
        target.cancel()
    }

    @Test func aTimedAnimationCountsFromTheInstantTheContainerStartedIt() async {
        let clock = ManualClock()
        let signal = AnimationSignal()
        let context = AnimationContext(clock: clock, transitionID: TransitionID(rawValue: 1), signal: signal)
        // The animator's task runs only after the clock has moved past the animation's end.
        clock.advance(by: .milliseconds(300))
        let animating = Task {
            try await TimedAnimation.run(duration: .milliseconds(200), delay: .zero, curve: .linear, context: context)
        }
        let ended = Log<Bool>()
        Task {
            _ = try? await animating.value
            ended.append(true)
        }
        #expect(await eventually(timeout: .seconds(30)) { !ended.all.isEmpty }, "no frame waits: all are due")
        animating.cancel()
    }

    @Test func aReleaseTrackerWaitsUntilItsObjectsAreReleased() async {
        final class Object: Sendable {}
        let tracker = ReleaseTracker()
        let gate = Gate()
        let holder = Task { [object = Object()] in
            tracker.track(object, as: "object")
            await gate.pass()
            _ = object
        }
        #expect(await eventually { tracker.alive == ["object"] })
        #expect(await tracker.waitUntilReleased(timeout: .milliseconds(100)) == false)
        gate.open()
        #expect(await holder.value(within: .seconds(10)) != nil, "the holder did not end")
        #expect(await tracker.waitUntilReleased())
    }
}
