import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `follow(_:child:)`: the Gateway pattern, a status stream driving the container.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FollowTests {
    /// The Gateway post's login status, carrying an API key.
    enum LoginStatus: Equatable, Sendable {
        case loggedOut
        case loggedIn(apiKey: String)
    }

    /// The post's other idea: network connectivity.
    enum Connectivity: Equatable, Sendable {
        case online, offline
    }

    @Test func aStatusStreamDrivesTheContainerAndRepeatsAreIgnored() async throws {
        let built = Log<String>()
        let container = FlowContainer(initial: "splash", animation: .immediate)
        let recorder = EventRecorder(container.events())
        // ComingFromGatewayViewController: begin
        let (statuses, status) = AsyncStream.makeStream(of: LoginStatus.self)
        let gateway = Task {
            try await container.follow(statuses) { status in
                switch status {
                case .loggedOut:
                    built.append("login")
                    return "login"
                case .loggedIn(let apiKey):
                    built.append("main")
                    return "main(\(apiKey))"
                }
            }
        }
        status.yield(.loggedOut)
        status.yield(.loggedOut)  // equal to the one before: ignored
        status.yield(.loggedIn(apiKey: "k-123"))
        status.finish()
        try await gateway.value
        // ComingFromGatewayViewController: end
        #expect(await container.child == "main(k-123)")
        // `loggedOut` may be overtaken before its turn; `main` is built exactly once.
        #expect(built.all == ["main"] || built.all == ["login", "main"])
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.grammarViolations.isEmpty)
    }

    @Test func rapidChurnCollapsesAndTheLastStateWins() async throws {
        let gate = Gate()
        let built = Log<String>()
        let container = FlowContainer(initial: Connectivity.online, animation: .immediate)
        // Hold the container busy so that the churn piles up behind it.
        let busy = Task {
            await container.cycle(
                to: .online,
                animation: .custom(duration: nil) { (_: Connectivity, _: Connectivity, _) in await gate.pass() }
            )
        }
        #expect(await eventually { gate.waitingCount == 1 })
        let churn = (0..<200).map { $0 % 2 == 0 ? Connectivity.offline : .online } + [.offline]
        let following = Task {
            try await container.follow(churn.async) { state in
                built.append("\(state)")
                return state
            }
        }
        #expect(await eventually { await container.pendingCount >= 1 })
        gate.open()
        #expect(await busy.value(within: .seconds(10)) != nil, "the busy cycle did not return")
        try await following.value
        #expect(await container.child == .offline)
        #expect(built.all.count < churn.count / 2)
    }

    @Test func cancellingTheFollowerStopsIt() async {
        let container = FlowContainer(initial: "start", animation: .immediate)
        let (states, _) = AsyncStream.makeStream(of: String.self)
        let follower = Task { try await container.follow(states) { $0 } }
        follower.cancel()
        await #expect(throws: Never.self) { try await follower.value }
        #expect(await container.child == "start")
    }
}

extension Array where Element: Sendable {
    /// The array as an `AsyncStream`, already finished.
    var async: AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        for element in self { continuation.yield(element) }
        continuation.finish()
        return stream
    }

}
