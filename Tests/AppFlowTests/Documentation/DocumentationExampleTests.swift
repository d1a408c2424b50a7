import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// The examples of the DocC articles, compiled and run. Each region between
/// `// <Article>: begin` and `// <Article>: end` is shown in that article;
/// `DocumentationSnippetTests` checks that the two stay the same.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct DocumentationExampleTests {
    enum Screen: Sendable, Equatable {
        case splash, onboarding, login
        case main(user: String)
    }

    @Test func theGettingStartedExampleSwitchesToLoginThenMain() async {
        let printed = Log<String>()
        func print(_ line: String) { printed.append(line) }

        // GettingStarted: begin
        let container = FlowContainer(initial: Screen.splash, animation: .immediate)

        let result = await container.cycle(to: .login)
        switch result {
        case .completed, .interrupted:
            print("login is in place")
        case .superseded, .rejected, .cancelled:
            print("login never ran; the container is as it was")
        @unknown default:  // a result added later: see "Enums that grow"
            print("login ended another way")
        }

        await container.cycle(to: .main(user: "ada"), policy: .latestWins)
        let shown = await container.child  // .main(user: "ada")
        await container.finish()  // ends every event stream
        // GettingStarted: end

        #expect(printed.all == ["login is in place"])
        #expect(shown == .main(user: "ada"))
    }

    @Test func theEventsExampleSeesWillFramesAndDidInOrder() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: Screen.splash, animation: .fade(), clock: clock)
        let printed = Log<String>()
        func print(_ line: String) { printed.append(line) }

        // EventsAndObservers: begin
        let events = container.events()  // subscribe first: sees every later event
        let logger = Task {
            for await event in events {
                switch event {
                case .willTransition(let transition):
                    print("will \(transition.id): \(transition.from) -> \(transition.to)")
                case .progress(_, let fraction):
                    if fraction == 1 { print("  last frame") }
                case .didTransition(let transition):
                    print("did \(transition.id)" + (transition.wasInterrupted ? " (cut short)" : ""))
                @unknown default: break  // an event added later: see "Enums that grow"
                }
            }
        }
        // EventsAndObservers: end

        let switching = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value == .completed)
        await container.finish()
        await logger.value
        #expect(printed.all == ["will #1: splash -> login", "  last frame", "did #1"])
    }

    @Test func theCustomAnimationExampleRunsOnTheInjectedClock() async {
        // AnimationsStagesAndClocks: begin
        let clock = ManualClock()  // ContinuousClock() in the app
        let container = FlowContainer(initial: Screen.splash, clock: clock)

        let steps = TransitionAnimation.custom(name: "steps", duration: .milliseconds(400)) {
            (from: Screen, to: Screen, context: AnimationContext) in
            for step in 1...4 {
                try await context.clock.sleep(for: .milliseconds(100))
                context.report(Double(step) / 4)
            }
        }
        let switching = Task { await container.cycle(to: .login, animation: steps) }
        // AnimationsStagesAndClocks: end

        let recorder = EventRecorder(container.events())
        for _ in 1...4 {
            await clock.waitForSleepers(2)  // the animator and the watchdog
            clock.advance(by: .milliseconds(100))
        }
        #expect(await switching.value == .completed)
        await container.finish()
        await recorder.waitUntilFinished()
        let frames = recorder.events.compactMap { event -> Double? in
            if case .progress(_, let fraction) = event { fraction } else { nil }
        }
        #expect(frames.last == 1)
        #expect(recorder.snapshot.didCount == 1)
    }
}
