import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// The usage example from README.md, kept here so that it keeps compiling and stays true.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct ReadmeExampleTests {
    @Test func theReadmeExampleRunsAsDescribed() async {
        let printed = Log<String>()
        func print(_ line: String) { printed.append(line) }

        // README: begin
        enum Screen: Sendable { case splash, login, main }

        let container = FlowContainer(initial: Screen.splash, animation: .immediate)
        let events = container.events()  // subscribe now: sees every later event
        let observer = Task {
            for await event in events {
                if case .didTransition(let transition) = event {
                    print("now showing \(transition.to)")
                }
            }
        }
        let result = await container.cycle(to: .login)  // .completed
        await container.cycle(to: .main, animation: .fade(), policy: .latestWins)
        await container.finish()  // ends every event stream
        await observer.value
        // README: end

        #expect(result == .completed)
        #expect(await container.child == .main)
        #expect(printed.all == ["now showing login", "now showing main"])
    }
}
