import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Session services live exactly as long as their session: made once, before its first
/// child, in any scene; torn down once every scene has left it, before the next session's.
@Suite(.endsWithin(.seconds(60))) struct SessionServicesTests {
    typealias Flow = AuthFlow<SceneAuthProvider>

    /// The position of the first log entry equal to `entry`, or `Int.max`.
    static func position(_ entry: String, in log: [String]) -> Int {
        log.firstIndex(of: entry) ?? .max
    }

    @Test func servicesAreMadeOncePerSessionBeforeItsFirstChildAndEveryScenesChildGetsThem() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        _ = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        #expect(await Task { await flow.login("ada") }.value(within: .seconds(30)) == .completed)
        #expect(await flow.refresh() == .completed)
        let log = provider.log.all
        #expect(log.filter { $0.hasPrefix("make") } == ["make kit 1 of ada"])
        let builds = log.filter { $0.hasPrefix("build") }
        #expect(
            Set(builds) == [
                "build main(ada)@1 with kit 1 of ada by login", "build main(ada)@2 with kit 1 of ada by login",
                "build main(ada)@1 with kit 1 of ada by refresh", "build main(ada)@2 with kit 1 of ada by refresh",
            ]
        )
        #expect(builds.count == 4)
        #expect(Self.position("make kit 1 of ada", in: log) < log.firstIndex { $0.hasPrefix("build") } ?? 0)
        await flow.finish()
    }

    @Test func aSessionsServicesAreTornDownOnceEverySceneLeftItAndBeforeTheNextSessionsAreMade() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        _ = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        await flow.login("ada")
        #expect(await Task { await flow.logout() }.value(within: .seconds(30)) == .completed)
        #expect(await Task { await flow.login("bob") }.value(within: .seconds(30)) == .completed)
        let log = provider.log.all
        let teardown = Self.position("tear down kit 1 of ada", in: log)
        #expect(Self.position("main(ada)@1.didDisappear", in: log) < teardown)
        #expect(Self.position("main(ada)@2.didDisappear", in: log) < teardown)
        #expect(teardown < Self.position("make kit 2 of bob", in: log))
        #expect(provider.aliveServices.peak == 1)
        await flow.finish()
    }

    @Test func aSwitchToAnotherSessionReleasesTheOldSessionsChildrenBeforeTheNewServicesAreMade() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        _ = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        #expect(await Task { await flow.login("bob") }.value(within: .seconds(30)) == .completed)
        let log = provider.log.all
        let teardown = Self.position("tear down kit 1 of ada", in: log)
        #expect(Self.position("placeholder@1.didAppear", in: log) < teardown)
        #expect(Self.position("placeholder@2.didAppear", in: log) < teardown)
        #expect(Self.position("main(ada)@2.didDisappear", in: log) < teardown)
        #expect(teardown < Self.position("make kit 2 of bob", in: log))
        #expect(provider.aliveServices.peak == 1)
        for scene in flow.scenes {
            #expect(await AuthSceneTests.shown(scene) == "main(bob)@\(scene.id.rawValue)")
        }
        await flow.finish()
    }

    @Test func aLoginSupersededBeforeItsTransitionBeganNeverMakesServices() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let busy = Gate()
        let hop = Task {
            await flow.container.cycle(animation: gatedAnimation(busy), policy: .enqueue) {
                AuthScreen(phase: .loggedOut, child: Screen("busy"))
            }
        }
        #expect(await eventually(timeout: .seconds(30)) { busy.waitingCount == 1 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 2 })
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        busy.open()
        _ = await hop.value(within: .seconds(30))
        #expect(await login.value(within: .seconds(30)) == .superseded)
        _ = await logout.value(within: .seconds(30))
        #expect(!provider.log.all.contains { $0.hasPrefix("make") })
        await flow.finish()
    }

    @Test func aTeardownThatHangsIsCutOffByItsTimeoutAndReportedAndTheNextSessionGoesOn() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let hung = Gate()
        provider.teardownGate = hung
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        await flow.start()
        #expect(await Task { await flow.logout() }.value(within: .seconds(30)) == .completed)
        #expect(await eventually(timeout: .seconds(30)) { hung.waitingCount == 1 })
        let login = Task { await flow.login("bob") }
        #expect(await eventually(timeout: .seconds(30)) { clock.sleeperCount == 1 })
        #expect(provider.timedOut.all.isEmpty)
        clock.advance(by: .seconds(5))
        #expect(await login.value(within: .seconds(30)) == .completed)
        #expect(provider.timedOut.all == ["ada"])
        // Reported before the next session's services are made.
        let reportAndMake = provider.log.all.filter { $0 == "teardown of ada timed out" || $0.hasPrefix("make") }
        #expect(reportAndMake == ["make kit 1 of ada", "teardown of ada timed out", "make kit 2 of bob"])
        hung.open()
        await flow.finish()
    }

    /// A login waiting for the old session's services to go when `finish()` comes is
    /// refused at once: its scene's container finishes without waiting for the teardown,
    /// and no services are made after `finish()`.
    @Test func finishRefusesALoginWaitingForTheOldServicesAndMakesNoNewOnes() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let teardown = Gate()
        provider.teardownGate = teardown
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: ManualClock())
        await flow.start()
        let login = Task { await flow.login("bob") }
        // The old session's child was released and its teardown hangs; bob's child waits.
        #expect(await eventually(timeout: .seconds(30)) { teardown.waitingCount == 1 })
        #expect(await eventually(timeout: .seconds(30)) { await flow.container.isTransitioning })
        let finish = Task { await flow.finish() }
        #expect(await eventually(timeout: .seconds(10)) { await flow.container.isFinished })
        teardown.open()
        #expect(await finish.value(within: .seconds(30)) != nil)
        #expect(await login.value(within: .seconds(30)) != .completed)
        #expect(!provider.log.all.contains("make kit 2 of bob"))
    }

    @Test func finishTearsTheServicesDownAndReleasesEveryChildAndService() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let tracker = ReleaseTracker()
        provider.tracker = tracker
        await Self.runAndFinish(provider)
        #expect(provider.log.all.contains("tear down kit 1 of ada"))
        #expect(provider.aliveServices.current == 0)
        #expect(await tracker.waitUntilReleased(timeout: .seconds(30)), "alive: \(tracker.alive)")
    }

    /// Starts a flow with two scenes, detaches one, finishes, and lets go of the flow.
    static func runAndFinish(_ provider: SceneAuthProvider) async {
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        await flow.detach(second)
        #expect(!provider.log.all.contains("tear down kit 1 of ada"), "a scene left, the session goes on")
        await flow.finish()
        // Only the children in place stay, held by their finished containers; the services go.
        // The two scenes make theirs concurrently, so either may be tracked first.
        #expect(provider.tracker?.alive.sorted() == ["main(ada)@1", "main(ada)@2"])
    }
}
