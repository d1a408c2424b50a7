import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A scene lets one of the flow's requests at a time be on its way to its container, and
/// keeps only the newest call waiting: a call beaten there ends without joining the
/// container's queue, so a logout never waits behind the arrivals of the logins
/// it beat. The tests hold a request on its way by hand.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthFlowArrivalGateTests {
    /// A started flow on `provider` with a tracer, and a request of stamp 0 held on its way
    /// to its scene's container: every call after `start` waits at the gate until the test
    /// lets it go.
    static func flowWithRequestOnItsWay(
        _ provider: TestAuthProvider = TestAuthProvider()
    ) async -> (AuthFlow<TestAuthProvider>, FlowTraceRecorder) {
        let recorder = FlowTraceRecorder()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), tracer: recorder)
        await flow.start()
        #expect(await flow.scene.passGate(0), "the gate was open")
        return (flow, recorder)
    }

    /// Requests `request` and waits until it waits at the scene's gate; returns its handle
    /// and stamp.
    static func waitingAtTheGate(
        _ request: AuthRequest<String>,
        on flow: AuthFlow<TestAuthProvider>
    ) async -> (handle: AuthCallHandle, stamp: UInt64) {
        let handle = flow.request(request)
        let stamp = flow.callCount
        #expect(await eventually(timeout: .seconds(30)) { flow.scene.gate.parked?.stamp == stamp })
        return (handle, stamp)
    }

    static func admissions(of stamp: UInt64, in recorder: FlowTraceRecorder) -> [String] {
        recorder.entries.compactMap { entry in
            guard case .admission(stamp, _, let point, let admitted) = entry.event else { return nil }
            return "\(point): \(admitted)"
        }
    }

    @Test func aLoginBeatenWhileItWaitsAtTheGateNeverReachesTheContainer() async {
        let (flow, recorder) = await Self.flowWithRequestOnItsWay()
        let scene = flow.scene
        let (login, loginStamp) = await Self.waitingAtTheGate(.login("ada"), on: flow)
        let logout = flow.request(.logout(LogoutVariant("soft")))
        let logoutStamp = flow.callCount
        // The logout takes the login's place at the gate: the login returns at once.
        #expect(await login.result == .superseded)
        #expect(scene.gate.parked?.stamp == logoutStamp)
        #expect(Self.admissions(of: loginStamp, in: recorder) == ["gate: false"])
        // The request on its way arrives: the logout goes on and completes.
        scene.arrived(0)
        #expect(await logout.result == .completed)
        #expect(Self.admissions(of: logoutStamp, in: recorder).first == "arrival: true")
        await flow.finish()
    }

    @Test func ofTwoCallsAtTheGateOnlyTheNewerGoesOnWhicheverTaskRunsFirst() async {
        let (flow, recorder) = await Self.flowWithRequestOnItsWay()
        let scene = flow.scene
        let first = flow.request(.login("ada"))
        let firstStamp = flow.callCount
        let second = flow.request(.login("bob"))
        let secondStamp = flow.callCount
        // However their tasks run, the older login is beaten at the gate and the newer one
        // waits there.
        #expect(await first.result == .superseded)
        #expect(await eventually(timeout: .seconds(30)) { scene.gate.parked?.stamp == secondStamp })
        scene.arrived(0)
        #expect(await second.result == .completed)
        #expect(Self.admissions(of: firstStamp, in: recorder) == ["gate: false"])
        #expect(await flow.container.child.child.name == "main(bob)")
        await flow.finish()
    }

    /// A call that comes to the gate after a newer one is beaten at once, without waiting:
    /// here the start, held while the provider answers, comes after a login made meanwhile.
    @Test func aCallThatComesAfterANewerOneIsBeatenAtOnce() async {
        var provider = TestAuthProvider()
        let answer = Gate()
        provider.sessionGate = answer
        let recorder = FlowTraceRecorder()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), tracer: recorder)
        let scene = flow.scene
        #expect(await scene.passGate(0), "the gate was open")
        let start = Task { await flow.start() }
        #expect(await eventually(timeout: .seconds(30)) { answer.waitingCount == 1 })
        let (login, loginStamp) = await Self.waitingAtTheGate(.login("bob"), on: flow)
        answer.open()
        #expect(await start.value(within: .seconds(30)) == .superseded)
        #expect(Self.admissions(of: 1, in: recorder) == ["gate: false"])
        #expect(scene.gate.parked?.stamp == loginStamp)
        scene.arrived(0)
        #expect(await login.result == .completed)
        #expect(await flow.container.child.child.name == "main(bob)")
        await flow.finish()
    }

    /// A call beaten at the gate returns what the container would have answered on its
    /// arrival: `cancelled` for a cancelled caller, as it checks that first.
    @Test func aCancelledCallBeatenAtTheGateReturnsCancelled() async {
        let (flow, _) = await Self.flowWithRequestOnItsWay()
        let scene = flow.scene
        let (login, _) = await Self.waitingAtTheGate(.login("ada"), on: flow)
        login.cancel()
        let logout = flow.request(.logout())
        #expect(await login.result == .cancelled)
        scene.arrived(0)
        #expect(await logout.result == .unchanged)
        await flow.finish()
    }

    /// A session switch's release step passes the gate too: a switch beaten there ends
    /// without preparing the session's child to leave, and its own step is beaten as well.
    @Test func aSwitchBeatenAtTheGateInItsReleaseStepNeverReleasesTheSession() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        provider.configuration.releasesSessionBeforeSwitch = true
        let (flow, recorder) = await Self.flowWithRequestOnItsWay(provider)
        let scene = flow.scene
        let (bob, bobStamp) = await Self.waitingAtTheGate(.login("bob"), on: flow)
        let carol = flow.request(.login("carol"))
        #expect(await bob.result == .superseded)
        // Beaten in its release step, then in its own step.
        #expect(Self.admissions(of: bobStamp, in: recorder) == ["gate: false", "gate: false"])
        #expect(provider.prepared.all == ["splash login"], "only the start's splash prepared to leave")
        scene.arrived(0)
        #expect(await carol.result == .completed)
        #expect(await flow.container.child.child.name == "main(carol)")
        await flow.finish()
    }

    /// The gate opens once the container has taken a request in, even one it resolves at
    /// once: here a call whose caller was cancelled before it arrived.
    @Test func theGateOpensAfterACallTheContainerResolvesAtOnce() async {
        let flow = await TestAuthProvider().startedFlow()
        let login = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await flow.login("ada")
        }
        #expect(await login.value(within: .seconds(30)) == .cancelled)
        #expect(flow.scene.gate.onItsWay == nil)
        #expect(await flow.login("bob") == .completed)
        await flow.finish()
    }

    /// The container reports each arrival: the gate opens after every call, so calls made
    /// one after another each reach it.
    @Test func theGateOpensOnceTheContainerHasTakenACallIn() async {
        let flow = await TestAuthProvider().startedFlow()
        #expect(await flow.login("ada") == .completed)
        #expect(flow.scene.gate.onItsWay == nil)
        #expect(await flow.logout() == .completed)
        #expect(await flow.login("bob") == .completed)
        #expect(flow.scene.gate.onItsWay == nil)
        await flow.finish()
    }
}
