#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Testing
import UIKitStandIn

/// `AuthFlowViewController`: AppController's API with the provider's view controllers
/// contained as `FlowContainerViewController` contains its children.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct AuthFlowViewControllerTests {
    @Test func startLoginAndLogoutContainTheProvidersViewControllersInOrder() async {
        let scene = Scene()
        let splash = scene.screen("splash")
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: splash)
        let window = await scene.install(host)
        expectAtRest(host, showing: splash)
        let mark = scene.calls.count

        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        #expect(await host.logout() == .completed)

        #expect(
            scene.calls(since: mark)
                == containmentCalls(host: "host", through: ["splash", "out1", "in(ann)1", "out2"], animated: false)
        )
        let screen = await host.flow.container.child
        #expect(scene.name(of: screen.child) == "out2")
        #expect(screen.phase == .loggedOut)
        expectAtRest(host, showing: screen.child)
        expectRemoved(splash)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aLogoutCalledDuringALoginFadeRunsAfterItWithBalancedCalls() async {
        let scene = Scene()
        let clock = ManualClock()
        var provider = ScreenProvider(scene: scene)
        provider.configuration = AuthFlowConfiguration(
            loginAnimation: .fade(duration: .milliseconds(100)),
            logoutAnimation: .fade(duration: .milliseconds(100)),
            startAnimation: .immediate
        )
        let host = scene.authHost(provider: provider, splash: scene.screen("splash"), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count
        #expect(await host.start() == .completed)

        let login = Task { await host.login("ann") }
        // Mounted (the preparation's timeout sleeps no more), then the animator and the
        // container's watchdog asleep: the fade's frames count from the clock's now.
        #expect(await eventually { host.children.count == 2 })
        await clock.waitForSleepers(2)
        let logout = Task { await host.logout() }
        #expect(await eventually { await host.flow.container.pendingCount == 1 })
        clock.advance(by: .milliseconds(100))
        #expect(await login.value(within: .seconds(10)) == .completed)
        #expect(await eventually { host.children.count == 2 })
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(100))
        #expect(await logout.value(within: .seconds(10)) == .completed)

        #expect(
            scene.calls(since: mark)
                == containmentCalls(host: "host", from: "splash", to: "out1", animated: false)
                + containmentCalls(host: "host", through: ["out1", "in(ann)1", "out2"], animated: true)
        )
        let shown = await host.flow.container.child.child
        #expect(scene.name(of: shown) == "out2")
        expectAtRest(host, showing: shown)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func concurrentLoginsAndLogoutsLeaveOneChildAndNeverInterleave() async {
        let scene = Scene()
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let window = await scene.install(host)
        let mark = scene.calls.count
        #expect(await host.start() == .completed)

        var calls: [Task<AuthResult, Never>] = []
        for index in 0..<40 {
            calls.append(
                Task {
                    if index.isMultiple(of: 3) {
                        return await host.logout()
                    }
                    return await host.login("u\(index % 4)")
                }
            )
        }
        for call in calls {
            #expect(await call.value(within: .seconds(10)) != nil, "a call did not return within 10 s")
        }

        let shown = ["splash"] + scene.childrenAdded(by: "host", since: mark)
        #expect(scene.calls(since: mark) == containmentCalls(host: "host", through: shown, animated: false))
        let last = await host.flow.container.child.child
        #expect(scene.name(of: last) == shown.last)
        expectAtRest(host, showing: last)
        #expect(scene.appearanceViolations().isEmpty)
        #expect(scene.hierarchyViolations(host: "host").isEmpty)
        await host.finish()
        #expect(await host.login("late") == .cancelled)
        expectAtRest(host, showing: last)
        _ = window
    }
}
#endif
