import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Guarantees that once passed the whole suite while broken; each test here fails when
/// its guarantee breaks, and fails within seconds rather than hang.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct GuaranteeTests {
    @Test func thePendingQueueKeepsItsCountAndOrderAcrossACompaction() {
        var queue = PendingQueue<UInt64>()
        for id in UInt64(1)...200 { queue.append(id * 10, id: RequestID(rawValue: id)) }
        for id in UInt64(1)...50 { #expect(queue.popFirst()?.id.rawValue == id) }
        // A burst of removals behind a long popped head: the queue compacts itself.
        var survivors: [UInt64] = []
        for id in UInt64(51)...200 {
            if id % 10 == 1 {  // the first survivor is the head when the queue compacts
                survivors.append(id)
            } else {
                #expect(queue.remove(id: RequestID(rawValue: id)) == id * 10)
            }
        }
        #expect(queue.count == survivors.count)
        #expect(queue.elements.map(\.id.rawValue) == survivors)
        var popped: [UInt64] = []
        while let next = queue.popFirst() {
            #expect(next.element == next.id.rawValue * 10)
            popped.append(next.id.rawValue)
        }
        #expect(popped == survivors)
        #expect(queue.isEmpty)
    }

    @Test func followBuildsNothingForARepeatOfTheStateShown() async throws {
        let built = Log<String>()
        let container = FlowContainer(initial: "start", animation: .immediate)
        let (states, state) = AsyncStream.makeStream(of: String.self)
        let following = Task {
            try await container.follow(states) { state in
                built.append(state)
                return state
            }
        }
        state.yield("a")
        #expect(await eventually { await container.child == "a" })
        state.yield("a")  // equal to the one shown
        state.finish()
        try await following.value
        #expect(built.all == ["a"])
    }

    @Test func followShowsTheLastStateEvenWhenItsCallsArriveOutOfOrder() async throws {
        // Many rounds: within a round the calls for the states race to the container, so
        // an older state's call often arrives after a newer one's.
        for round in 0..<40 {
            let gate = Gate()
            let held = TransitionAnimation.custom(duration: nil) { (_: String, _: String, _) in await gate.pass() }
            let container = FlowContainer(initial: "start", animation: held)
            let (states, state) = AsyncStream.makeStream(of: Int.self)
            let following = Task {
                try await container.follow(states) { "s\($0)" }
            }
            for value in 0..<12 { state.yield(value) }
            state.finish()
            #expect(await eventually { await container.isTransitioning })
            gate.open()
            try await following.value
            #expect(await container.child == "s11", "round \(round)")
        }
    }

    @Test func theWatchdogSleepsForTheAnimationsLengthPlusItsMargin() async {
        let clock = ManualClock()
        let gate = Gate()
        let stuck = TransitionAnimation.custom(duration: .milliseconds(100)) { (_: Screen, _: Screen, _) in
            await gate.pass()
        }
        let container = FlowContainer(
            initial: Screen("a"),
            animation: stuck,
            clock: clock,
            watchdogMargin: .milliseconds(50)
        )
        let switching = Task { await container.cycle(to: Screen("b")) }
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .milliseconds(150)))
        clock.advance(to: ManualClock.Instant(offset: .milliseconds(149)))
        #expect(clock.sleeperCount == 1, "the watchdog must not fire before 150 ms")
        clock.advance(to: ManualClock.Instant(offset: .milliseconds(150)))
        #expect(await switching.value(within: .seconds(10)) == .interrupted)
        gate.open()
    }

    static let curvePoints: [(String, Double, Double)] = [
        ("linear", 0.25, 0.25), ("linear", 0.5, 0.5), ("linear", 0.75, 0.75),
        ("easeIn", 0.25, 0.0625), ("easeIn", 0.5, 0.25), ("easeIn", 0.75, 0.5625),
        ("easeOut", 0.25, 0.4375), ("easeOut", 0.5, 0.75), ("easeOut", 0.75, 0.9375),
        ("easeInOut", 0.25, 0.15625), ("easeInOut", 0.5, 0.5), ("easeInOut", 0.75, 0.84375),
    ]

    @Test(arguments: curvePoints)
    func eachCurveHasItsValuesInsideTheInterval(_ name: String, _ time: Double, _ expected: Double) {
        let curves: [String: AnimationCurve] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
        ]
        let curve = curves[name] ?? .linear
        #expect(abs(curve.progress(at: time) - expected) < 1e-12)
    }

    /// A stage that notes the clock's time of every frame.
    final class TimingStage: FlowStage {
        let clock: ManualClock
        let frames = Log<Duration>()
        init(clock: ManualClock) { self.clock = clock }
        func mount(_ transition: Transition<Screen>) async {}
        func progress(_ fraction: Double, of transition: Transition<Screen>) async {
            frames.append(clock.now.offset)
        }
        func unmount(_ transition: Transition<Screen>) async {}
    }

    @Test func noProgressFrameComesBeforeTheAnimationsDelay() async {
        let clock = ManualClock()
        let stage = TimingStage(clock: clock)
        let container = FlowContainer(
            initial: Screen("a"),
            animation: .crossDissolve(duration: .milliseconds(100), delay: .milliseconds(100)),
            stage: stage,
            clock: clock
        )
        let switching = Task { await container.cycle(to: Screen("b")) }
        // The clock is stepped by events, not against wall time, so that a loaded machine
        // only slows the test down: the animator and the watchdog sleep, and the clock,
        // still at zero, is where the animation started.
        await clock.waitForSleepers(2)
        #expect(
            clock.nextDeadline == ManualClock.Instant(offset: .milliseconds(100)),
            "the animator's first sleep must end with the delay"
        )
        // Deadline by deadline to the animation's end; the watchdog, at 2.2 s, sleeps on.
        await clock.advance(through: ManualClock.Instant(offset: .milliseconds(200)))
        // Generous: only a transition that never ends takes this long.
        #expect(await switching.value(within: .seconds(30)) == .completed)
        #expect(!stage.frames.all.isEmpty)
        #expect(stage.frames.all.allSatisfy { $0 >= .milliseconds(100) }, "frames at \(stage.frames.all)")
    }

    @Test func finishDuringARunningAnimationCutsItShortPromptly() async {
        let gate = Gate()
        let endless = TransitionAnimation.custom(duration: nil) { (_: Screen, _: Screen, _) in
            await gate.pass()  // never ends by itself
        }
        let container = FlowContainer(initial: Screen("a"), animation: endless)
        let results = Log<TransitionResult>()
        Task { results.append(await container.cycle(to: Screen("b"))) }
        #expect(await eventually { gate.waitingCount == 1 })
        let finished = Log<Bool>()
        Task {
            await container.finish()
            finished.append(true)
        }
        // Bounded: if finish() no longer cuts the animation short, this fails within 30 s.
        #expect(await eventually(timeout: .seconds(30)) { finished.all == [true] })
        #expect(results.all == [.interrupted])
        gate.open()
    }
}
