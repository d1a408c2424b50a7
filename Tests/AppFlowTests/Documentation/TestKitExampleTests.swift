import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// How a user tests a flow with `AppFlowTesting`: the example of the article "Testing your flows".
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct TestKitExampleTests {
    final class LoginScreen: Sendable {}
    final class HomeScreen: Sendable {}
    enum Flow: Sendable {
        case login(LoginScreen)
        case home(HomeScreen)
    }

    @Test func aFadeToHomeFinishesOnTheManualClockAndReleasesTheLoginScreen() async {
        // TestingYourFlows: begin
        let clock = ManualClock()
        let tracker = ReleaseTracker()
        let login = LoginScreen()
        tracker.track(login, as: "login")
        let container = FlowContainer(initial: Flow.login(login), animation: .fade(), clock: clock)
        let recorder = EventRecorder(container.events())

        let switching = Task { await container.cycle(to: .home(HomeScreen())) }
        // The fade's watchdog sleeps until its start + 0.2 s + the 2 s margin; once it
        // sleeps, the fade has started, and its frames count from that start.
        await clock.waitForSleeper(at: clock.now.advanced(by: .milliseconds(2_200)))
        clock.advance(by: .milliseconds(200))  // the whole fade, at once
        #expect(await switching.value == .completed)

        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.grammarViolations.isEmpty)
        #expect(recorder.snapshot.didCount == 1)

        // Events hold their children: drop the recorder, then the login screen goes.
        _ = consume login
        _ = consume recorder
        #expect(await tracker.waitUntilReleased())
        // TestingYourFlows: end
    }

    @Test func theGrammarCheckerReportsAMissingDid() {
        let transition = Transition(id: TransitionID(rawValue: 1), from: 1, to: 2, animation: .immediate)
        let events: [FlowEvent<Int>] = [.willTransition(transition)]
        #expect(FlowEventGrammar.violations(in: events, isComplete: false).isEmpty)
        #expect(FlowEventGrammar.violations(in: events, isComplete: true) == ["transition #1 never ended"])
    }

    @Test func theManualClockWakesSleepersInDeadlineOrderAndOnlyWhenDue() async throws {
        let clock = ManualClock()
        let woken = Log<Int>()
        let sleepers = [30, 10, 20].map { milliseconds in
            Task {
                try await clock.sleep(until: clock.now.advanced(by: .milliseconds(milliseconds)))
                woken.append(milliseconds)
            }
        }
        await clock.waitForSleepers(3)
        clock.advance(by: .milliseconds(15))
        try await sleepers[1].value
        #expect(woken.all == [10])
        #expect(clock.sleeperCount == 2)
        clock.run()
        for sleeper in sleepers { try await sleeper.value }
        #expect(Set(woken.all) == [10, 20, 30])
        #expect(clock.now.offset == .milliseconds(30))
    }

    @Test func aCancelledSleepOnTheManualClockThrows() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
