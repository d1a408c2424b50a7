import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A stage of an auth flow's screens that records every call it gets.
final class AuthRecordingStage: FlowStage {
    let calls = Log<String>()

    func mount(_ transition: Transition<AuthScreen<String, Screen>>) async {
        let animated = transition.animation.kind == TransitionAnimation.immediate.kind ? "" : " animated"
        calls.append("mount \(transition.from.child)->\(transition.to.child)\(animated)")
    }

    func unmount(_ transition: Transition<AuthScreen<String, Screen>>) async {
        calls.append("unmount \(transition.from.child)")
    }
}

/// One session shown in several scenes: every call runs in every scene, a scene attached
/// mid-session meets the session where it is, and a detached scene ends cleanly.
@Suite(.endsWithin(.seconds(60))) struct AuthSceneTests {
    typealias Flow = AuthFlow<SceneAuthProvider>

    /// The name of the child `scene` shows.
    static func shown(_ scene: AuthScene<SceneAuthProvider>) async -> String {
        await scene.container.child.child.name
    }

    @Test func everyCallRunsInEveryScene_EachWithItsOwnChild_AndReturnsOnceAllShowIt() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        let third = flow.attachScene(placeholder: Screen("launch"))
        #expect(flow.scenes.map(\.id) == [flow.scene.id, second.id, third.id])
        #expect(await flow.start() == .completed)
        #expect(await flow.login("ada") == .completed)
        for scene in [flow.scene, second, third] {
            #expect(await Self.shown(scene) == "main(ada)@\(scene.id.rawValue)")
        }
        #expect(await flow.logout() == .completed)
        for scene in [flow.scene, second, third] {
            #expect(await Self.shown(scene) == "loggedOut@\(scene.id.rawValue)")
            #expect(await scene.phase == .loggedOut)
        }
        await flow.finish()
    }

    @Test func aSceneAttachedMidSessionShowsTheSessionAtOnceAndNothingElse() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let stage = AuthRecordingStage()
        let scene = flow.attachScene(placeholder: Screen("launch"), stage: stage)
        await scene.placed()
        #expect(await Self.shown(scene) == "main(ada)@2")
        #expect(await scene.phase == .loggedIn("ada"))
        // One transition, without animation, from the placeholder to the session's child.
        #expect(stage.calls.all == ["mount launch->main(ada)@2", "unmount launch"])
        // Built with the session's services, told the call that brought the flow there.
        #expect(provider.log.all.contains("build main(ada)@2 with kit 1 of ada by start"))
        await flow.finish()
    }

    /// A started, logged-out flow whose login of "ada" has begun and waits at `gate` in its
    /// factory.
    static func loginHeldInItsFactory() async -> (Flow, SceneAuthProvider, Gate, Task<AuthResult, Never>) {
        var provider = SceneAuthProvider()
        let gate = Gate()
        provider.loginGate = gate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        return (flow, provider, gate, login)
    }

    @Test func aSceneAttachedDuringALoginJoinsItAtItsDestination() async {
        let (flow, provider, gate, login) = await Self.loginHeldInItsFactory()
        let scene = flow.attachScene(placeholder: Screen("launch"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 2 })
        gate.open()
        #expect(await login.value(within: .seconds(30)) == .completed)
        await scene.placed()
        #expect(await Self.shown(scene) == "main(ada)@2")
        #expect(!provider.log.all.contains { $0.hasPrefix("loggedOut@2") })
        await flow.finish()
    }

    @Test func aLogoutUnchangedInEverySceneStillEndsTheSessionOfALoginThatBeganAndWasSuperseded() async {
        // The login begins (its services are made), its child is still being made...
        let (flow, provider, gate, login) = await Self.loginHeldInItsFactory()
        // ...and a logout beats it; the scene never left the logged-out child.
        let logout = flow.request(.logout())
        gate.open()
        #expect(await login.value == .superseded)
        #expect(await logout.result == .unchanged)
        // The session is over: a scene attached now shows no child of it, and its services go.
        let scene = flow.attachScene(placeholder: Screen("launch"))
        await scene.placed()
        #expect(await Self.shown(scene) == "loggedOut@2")
        #expect(await eventually { provider.aliveServices.current == 0 })
        await flow.finish()
    }

    @Test func aSceneAttachedDuringALogoutNeverShowsTheSession() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.logoutPreparationGate = gate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let scene = flow.attachScene(placeholder: Screen("launch"))
        let events = scene.container.events()
        gate.open()
        #expect(await logout.value(within: .seconds(30)) == .completed)
        await scene.placed()
        #expect(await Self.shown(scene) == "loggedOut@2")
        #expect(!provider.log.all.contains { $0.contains("@2 with") })
        await flow.finish()
        for await event in events {
            if case .willTransition(let transition) = event {
                #expect(transition.to.phase.session == nil)
            }
        }
    }

    @Test func aSceneAttachedDuringASessionSwitchShowsOnlyTheNewSession() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.teardownGate = gate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        // The switch waits for the old session's services to be torn down, after its
        // child was released.
        let switching = Task { await flow.login("bob") }
        #expect(await eventually(timeout: .seconds(30)) { await flow.container.child.isSwitchingPlaceholder })
        let scene = flow.attachScene(placeholder: Screen("launch"))
        gate.open()
        #expect(await switching.value(within: .seconds(30)) == .completed)
        await scene.placed()
        #expect(await Self.shown(scene) == "main(bob)@2")
        #expect(!provider.log.all.contains { $0.hasPrefix("build main(ada)@2") })
        await flow.finish()
    }

    @Test func aSceneDetachedMidTransitionGetsBalancedHooksAndTheSessionGoesOnInTheOthers() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        let gate = Gate()
        let logout = Task { await flow.logout(.signedOut, animation: gatedAnimation(gate)) }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 2 })
        await flow.detach(second)
        #expect(flow.scenes.map(\.id) == [flow.scene.id])
        gate.open()
        #expect(await logout.value(within: .seconds(30)) == .completed)
        let hooks = provider.log.all.filter { $0.contains("@2.") }
        for name in ["main(ada)@2", "loggedOut@2"] {
            let will = hooks.filter { $0.hasPrefix(name) && $0.contains(".will") }.count
            let did = hooks.filter { $0.hasPrefix(name) && $0.contains(".did") }.count
            #expect(will == did)
        }
        #expect(await second.container.isFinished)
        #expect(await flow.container.isFinished == false)
        #expect(await flow.scene.phase == .loggedOut)
        await flow.finish()
    }

    @Test func detachingTheLastSceneDoesNotLogOutAndALaterSceneShowsTheSession() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        await flow.detach(flow.scene)
        #expect(flow.scenes.isEmpty)
        #expect(flow.requestedPhase == .loggedIn("ada"))
        #expect(!provider.log.all.contains { $0.hasPrefix("tear down") })
        let scene = flow.attachScene(placeholder: Screen("launch"))
        await scene.placed()
        #expect(await Self.shown(scene) == "main(ada)@2")
        await flow.finish()
    }

    @Test func aCallWithNoSceneAttachedMovesTheFlowAndALaterSceneShowsWhereItWent() async {
        var provider = SceneAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        await flow.detach(flow.scene)
        #expect(await flow.logout(LogoutVariant("softLogout")) == .completed)
        #expect(await flow.logout(LogoutVariant("softLogout")) == .unchanged)
        let scene = flow.attachScene(placeholder: Screen("launch"))
        await scene.placed()
        #expect(await Self.shown(scene) == "loggedOut@2")
        #expect(await scene.container.child.logoutVariant == LogoutVariant("softLogout"))
        await flow.finish()
    }

    @Test func aCallCancelledAfterItBeganInOneSceneStillReachesTheOthers() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let second = flow.attachScene(placeholder: Screen("launch"))
        await flow.start()
        // The second scene is busy, so the login waits there while it begins in the first.
        let busy = Gate()
        let hop = Task {
            await second.container.cycle(animation: gatedAnimation(busy), policy: .enqueue) {
                AuthScreen(phase: .loggedOut, child: Screen("busy"))
            }
        }
        #expect(await eventually(timeout: .seconds(30)) { busy.waitingCount == 1 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { await Self.shown(flow.scene) == "main(ada)@1" })
        login.cancel()
        busy.open()
        _ = await hop.value(within: .seconds(30))
        #expect(await login.value(within: .seconds(30)) == .completed)
        #expect(await Self.shown(second) == "main(ada)@2")
        await flow.finish()
    }

    @Test func afterFinishCallsReturnCancelledAndAnAttachedSceneKeepsItsPlaceholder() async {
        let provider = SceneAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.finish()
        #expect(await flow.login("ada") == .cancelled)
        let scene = flow.attachScene(placeholder: Screen("launch"))
        await scene.placed()
        #expect(await Self.shown(scene) == "launch")
    }
}
