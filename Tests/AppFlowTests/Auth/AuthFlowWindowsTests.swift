import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Every window equal: the flow's events and phase belong to the flow, not to the scene it
/// was made with. Detaching any scene, the first included, ends nothing the app observes,
/// and a scene that comes back shows the session without a login.
@Suite(.endsWithin(.seconds(60))) struct AuthFlowWindowsTests {
    typealias Flow = AuthFlow<SceneAuthProvider>

    @Test func aCallShownInTwoWindowsIsAnnouncedOnce_WithOneWillAndOneDid() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        _ = flow.attachScene(placeholder: Screen("launch"))
        let events = AuthEventRecorder(flow.events())
        await flow.start()
        await flow.login("ada")
        await flow.logout()
        await flow.finish()
        await events.waitUntilFinished()
        #expect(
            events.summaries == [
                "willLogout by start initial", "didLogout by start initial",
                "willLogin by login", "didLogin by login",
                "willLogout by logout", "didLogout by logout",
            ]
        )
        #expect(events.violations.isEmpty)
    }

    @Test func aCallAnimatingInTwoWindowsAtOnceIsAnnouncedOnce() async {
        var provider = SceneAuthProvider()
        provider.configuration = AuthFlowConfiguration(
            loginAnimation: .fade(duration: .seconds(1)),
            logoutAnimation: .immediate
        )
        let clock = ManualClock()
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        let second = flow.attachScene(placeholder: Screen("launch"))
        let events = AuthEventRecorder(flow.events())
        let sceneEvents = [AuthEventRecorder(flow.scene.events()), AuthEventRecorder(second.events())]
        await flow.start()
        let login = Task { await flow.login("ada") }
        // Both scenes have begun the login (each has its own willLogin) before either ends it.
        for recorder in sceneEvents {
            await recorder.waitForEvents(3)
            #expect(recorder.summaries.last == "willLogin by login")
        }
        #expect(await clock.runUntilIdle())
        #expect(await login.value == .completed)
        await flow.finish()
        await events.waitUntilFinished()
        #expect(events.summaries.dropFirst(2) == ["willLogin by login", "didLogin by login"])
        #expect(events.violations.isEmpty)
    }

    @Test func detachingTheFirstSceneEndsNeitherTheFlowsEventsNorItsPhase() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        let events = AuthEventRecorder(flow.events())
        await flow.start()
        await flow.login("ada")
        await flow.detach(flow.scene)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await flow.logout() == .completed)
        await events.waitForEvents(6)
        #expect(!events.isFinished)
        #expect(events.summaries.suffix(2) == ["willLogout by logout", "didLogout by logout"])
        #expect(events.events.last?.child.name == "loggedOut@\(second.id.rawValue)")
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
        await events.waitUntilFinished()
        #expect(events.violations.isEmpty)
    }

    @Test func withNoWindowLeftThePhaseIsTheLastWindowsAndTheEventsGoOn() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        await flow.login("ada")
        await flow.detach(flow.scene)
        await flow.logout()
        await flow.detach(second)
        // The first scene still shows the session it had when it went; the flow does not.
        #expect(await flow.scene.phase == .loggedIn("ada"))
        #expect(await flow.phase == .loggedOut)
        let events = AuthEventRecorder(flow.events())
        let third = flow.attachScene(placeholder: Screen("launch"))
        #expect(await flow.login("bob") == .completed)
        await events.waitForEvents(2)
        #expect(events.summaries == ["willLogin by login", "didLogin by login"])
        #expect(events.events.first?.child.name == "main(bob)@\(third.id.rawValue)")
        #expect(await flow.phase == .loggedIn("bob"))
        await flow.finish()
    }

    @Test func aReclaimedSceneThatReconnectsShowsTheSessionWithoutALogin() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        let events = AuthEventRecorder(flow.events())
        await flow.start()
        await flow.login("ada")
        let calls = flow.callCount
        // UIKit reclaims the only window while the app is in the background.
        await flow.detach(flow.scene)
        #expect(flow.scenes.isEmpty)
        #expect(await flow.phase == .loggedIn("ada"))
        // It reconnects: a new scene is attached and placed in the session.
        let again = flow.attachScene(placeholder: Screen("launch"))
        await again.placed()
        #expect(await again.container.child.child.name == "main(ada)@\(again.id.rawValue)")
        #expect(flow.callCount == calls)
        #expect(await flow.phase == .loggedIn("ada"))
        // The app's observers heard nothing of it, and hear the next call.
        await flow.logout()
        await events.waitForEvents(6)
        #expect(
            events.summaries.dropFirst(2) == [
                "willLogin by login", "didLogin by login", "willLogout by logout", "didLogout by logout",
            ]
        )
        #expect(!events.isFinished)
        await flow.finish()
        await events.waitUntilFinished()
        #expect(events.violations.isEmpty)
    }

    @Test func aStreamWhoseConsumerStopsLetsGoOfEveryScene_AndOneMadeAfterFinishEndsAtOnce() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        let events = AuthEventRecorder(flow.events())
        #expect(flow.scene.container.subscriberCount == 1)
        #expect(second.container.subscriberCount == 1)
        events.cancel()
        #expect(
            await eventually(timeout: .seconds(30)) {
                flow.scene.container.subscriberCount == 0 && second.container.subscriberCount == 0
            }
        )
        // A scene attached later is not subscribed for a stream that stopped.
        let third = flow.attachScene(placeholder: Screen("launch"))
        #expect(third.container.subscriberCount == 0)
        await flow.finish()
        let late = AuthEventRecorder(flow.events())
        await late.waitUntilFinished()
        #expect(late.events.isEmpty)
    }

    /// The flow keeps a detached scene only to read its phase once no scene is attached
    /// (``AuthFlow/AuthCore/detach(_:)`` decides): a scene detached while another is
    /// attached is released.
    @Test func aWindowClosedWhileAnotherIsOpenIsReleased_AndTheLastOneClosedIsKeptForThePhase() async {
        let flow = Flow(provider: SceneAuthProvider(), splash: Screen("splash"))
        await flow.start()
        weak var closed: AuthScene<SceneAuthProvider>?
        do {
            let second = flow.attachScene(placeholder: Screen("launch"))
            await second.placed()
            closed = second
            await flow.detach(second)
        }
        #expect(await eventually(timeout: .seconds(30)) { closed == nil })
        await flow.login("ada")
        let first = flow.scene
        await flow.detach(flow.scene)
        #expect(flow.core.withLock { $0.shownScene } === first)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }
}
