#if os(Linux) || os(iOS)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing

#if os(Linux)
import UIKitStandIn
#else
import UIKit
#endif

/// Presented view controllers are part of the switch: what the outgoing child presents is
/// dismissed, and awaited, before it leaves; leaving a session, the session's content is
/// off the screen before the transition begins.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct ModalSwitchTests {
    /// Presents `sheet` from `child` and waits until it appeared.
    func present(_ sheet: RecordingViewController, from child: UIViewController, in scene: Scene) async {
        child.present(sheet, animated: true)
        let appeared = "\(scene.name(of: sheet)).viewDidAppear(true)"
        #expect(await eventually { scene.calls.contains(appeared) }, "\(appeared) never came")
    }

    @Test func aSheetPresentedFromTheOutgoingChildIsDismissedAndAwaitedBeforeTheChildLeaves() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b, sheet) = (scene.screen("a"), scene.screen("b"), scene.screen("sheet"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = await scene.install(host)
        await present(sheet, from: a, in: scene)
        #expect(a.presentedViewController === sheet)
        let mark = scene.calls.count

        let switching = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        // The sheet left with UIKit's animation, and its dismissal ended, before `a` did.
        #expect(
            Array(scene.calls(since: mark).prefix(3)) == [
                "sheet.viewWillDisappear(true)", "sheet.viewDidDisappear(true)", "a.willMove(toParent: nil)",
            ]
        )
        #expect(a.presentedViewController == nil && host.presentedViewController == nil)
        clock.advance(by: .milliseconds(200))

        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(
            Array(scene.calls(since: mark).dropFirst(2))
                == containmentCalls(host: "host", from: "a", to: "b", animated: true)
        )
        expectAtRest(host, showing: b)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func onLogoutTheSessionsSheetAndChildLeaveTheScreenBeforeTheTransitionBegins() async {
        let scene = Scene()
        let clock = ManualClock()
        var provider = ScreenProvider(scene: scene)
        provider.configuration = AuthFlowConfiguration(
            loginAnimation: .immediate,
            logoutAnimation: .fade(duration: .milliseconds(200)),
            startAnimation: .immediate
        )
        let host = scene.authHost(provider: provider, splash: scene.screen("splash"), clock: clock)
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let session = host.children[0]
        let sheet = scene.screen("sheet")
        await present(sheet, from: session, in: scene)
        let mark = scene.calls.count

        let logout = Task { await host.logout() }
        #expect(await eventually { host.children.count == 2 })
        // Hidden, and its sheet gone without animation, before the transition's first call.
        #expect(
            Array(scene.calls(since: mark).prefix(4)) == [
                "in(ann)1.view.isHidden = true", "sheet.viewWillDisappear(false)", "sheet.viewDidDisappear(false)",
                "in(ann)1.willMove(toParent: nil)",
            ]
        )
        #expect(session.view.isHidden && session.presentedViewController == nil)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))

        #expect(await logout.value(within: .seconds(10)) == .completed)
        var expected = containmentCalls(host: "host", from: "in(ann)1", to: "out2", animated: true, leavesSession: true)
        expected.insert(contentsOf: ["sheet.viewWillDisappear(false)", "sheet.viewDidDisappear(false)"], at: 1)
        #expect(scene.calls(since: mark) == expected)
        expectRemoved(session)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aLockHidesTheSessionAtOnceAndTheKeptChildComesBackVisibleOnUnlock() async {
        let scene = Scene()
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let session = host.children[0]
        await present(scene.screen("sheet"), from: session, in: scene)
        let mark = scene.calls.count

        #expect(await host.flow.lock(.cover) == .completed)
        var expected = containmentCalls(
            host: "host",
            from: "in(ann)1",
            to: "lock1",
            animated: false,
            leavesSession: true
        )
        expected.insert(contentsOf: ["sheet.viewWillDisappear(false)", "sheet.viewDidDisappear(false)"], at: 1)
        #expect(scene.calls(since: mark) == expected)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.name(of: host.children[0]) == "lock1")

        #expect(await host.flow.unlock() == .completed)
        // The lock kept the session's child: it comes back as it was, visible.
        expectAtRest(host, showing: session)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aSwitchThatStaysInTheSessionDismissesWithAnimationAndHidesNothing() async {
        let scene = Scene()
        let clock = ManualClock()
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"), clock: clock)
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let session = host.children[0]
        await present(scene.screen("sheet"), from: session, in: scene)
        let mark = scene.calls.count

        // The flow's own child swapped within the session, as a hop does.
        let details = scene.screen("details")
        let hop = Task {
            await host.flow.container.cycle(
                to: AuthScreen(phase: .loggedIn("ann"), child: details),
                animation: .fade(duration: .milliseconds(100))
            )
        }
        #expect(await eventually { host.children.count == 2 })
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(100))
        #expect(await hop.value(within: .seconds(10)) == .completed)
        #expect(
            Array(scene.calls(since: mark).prefix(2)) == [
                "sheet.viewWillDisappear(true)", "sheet.viewDidDisappear(true)",
            ]
        )
        #expect(!scene.calls(since: mark).contains("in(ann)1.view.isHidden = true"))
        expectAtRest(host, showing: details)
        _ = window
    }

    #if os(Linux)
    /// A host whose dismissals never report their end, as UIKit does with a dismissal
    /// asked for while another one runs (stand-in only: the override's signature is the
    /// stand-in's).
    final class SilentDismissalHost: FlowContainerViewController {
        override func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
            super.dismiss(animated: flag, completion: nil)
        }
    }

    @Test func aDismissalThatNeverReportsItsEndHoldsTheSwitchForAtMostItsLimit() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = SilentDismissalHost(initial: a, animation: .immediate, watchdogMargin: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        host.installRootViewController(in: window)
        await present(scene.screen("sheet"), from: a, in: scene)
        let started = ContinuousClock.now
        // Bounded by the 2 s limit; 20 s is only a bound on a hang.
        #expect(await Task { await host.cycle(to: b) }.value(within: .seconds(20)) == .completed)
        #expect(ContinuousClock.now - started >= .seconds(2))
        #expect(host.children == [b])
        _ = window
    }
    #endif
}
#endif
