#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// `FlowContainerViewController`: the calls it makes, in order, for plain, overlapping,
/// interrupted, finished and nested transitions, recorded by the test's own subclasses
/// (against the stand-in on Linux, against UIKit in the iOS simulator).
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)), .uikitAnimationsHeld)
@MainActor
struct FlowContainerViewControllerTests {
    @Test func installingTheHostContainsTheInitialChildAndForwardsItsAppearance() async {
        let scene = Scene()
        let splash = scene.screen("splash")
        let host = scene.containerHost(initial: splash)
        #expect(scene.calls.isEmpty)
        let window = await scene.install(host)

        // As UIKit, the window installs its root when it is set, and the root's
        // viewDidAppear comes on a later turn.
        #expect(
            scene.calls == [
                "host.addChild(splash)",
                "splash.willMove(toParent: host)",
                "host.view.addSubview(splash.view)",
                "splash.didMove(toParent: host)",
                "window.rootViewController = host",
                "window.makeKeyAndVisible()",
                "host.viewWillAppear(false)",
                "splash.viewWillAppear(false)",
                "host.viewDidAppear(false)",
                "splash.viewDidAppear(false)",
            ]
        )
        #expect(window.rootViewController === host)
        #expect(window.isKeyWindow)
        #expect(!host.shouldAutomaticallyForwardAppearanceMethods)
        expectAtRest(host, showing: splash)
    }

    @Test func oneTransitionMakesUIKitsContainmentCallsInOrder() async {
        let scene = Scene()
        let a = scene.screen("a")
        let b = scene.screen("b")
        let host = scene.containerHost(initial: a)
        let window = await scene.install(host)
        let mark = scene.calls.count

        #expect(await host.cycle(to: b) == .completed)

        #expect(
            scene.calls(since: mark) == [
                "a.willMove(toParent: nil)",
                "host.addChild(b)",
                "b.willMove(toParent: host)",
                "a.viewWillDisappear(false)",
                "b.viewWillAppear(false)",
                "host.view.addSubview(b.view)",
                "host.setNeedsStatusBarAppearanceUpdate() with b",
                "host.setNeedsUpdateOfHomeIndicatorAutoHidden() with b",
                "host.setNeedsUpdateOfScreenEdgesDeferringSystemGestures() with b",
                "host.setNeedsUpdateOfSupportedInterfaceOrientations() with 26",
                "a.view.removeFromSuperview()",
                "a.viewDidDisappear(false)",
                "b.viewDidAppear(false)",
                "a.removeFromParent()",
                "a.didMove(toParent: nil)",
                "b.didMove(toParent: host)",
                "host.announceScreenChange(to: b)",
            ]
        )
        expectAtRest(host, showing: b)
        expectRemoved(a)
        #expect(await host.container.child === b)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aFadeShowsBothViewsOnlyBetweenMountAndUnmountWithUIKitsAnimatorRunning() async {
        let scene = Scene()
        let clock = ManualClock()
        let a = scene.screen("a")
        let b = scene.screen("b")
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count
        let all = containmentCalls(host: "host", from: "a", to: "b", animated: true)

        let transition = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        // Mounted: both children, both views, the new one in front, faded in by UIKit's
        // animator, which set its end value (as UIKit's model layer does).
        #expect(scene.calls(since: mark) == Array(all.prefix(10)))
        #expect(host.children.count == 2 && host.children.last === b)
        #expect(host.view.subviews.count == 2 && host.view.subviews.last === b.view)
        let animator = host.transitionAnimator
        #expect(animator?.state == .active)
        #expect(animator?.duration == 0.2)
        #expect((b.view as? RecordingView)?.alphas.suffix(2) == [0, 1])
        #expect(a.view.alpha == 1)
        #expect(!host.view.isUserInteractionEnabled, "no touches while the switch runs")
        #expect(a.view.accessibilityElementsHidden && !b.view.accessibilityElementsHidden)
        #expect(scene.appearanceViolations(atRest: false).isEmpty)

        clock.advance(by: .milliseconds(100))
        #expect(b.view.superview === host.view && a.view.superview === host.view)

        clock.advance(by: .milliseconds(100))
        #expect(await transition.value(within: .seconds(10)) == .completed)
        #expect(scene.calls(since: mark) == all)
        // The unmount stopped the animator at its end.
        #expect(animator?.state == .inactive)
        expectAtRest(host, showing: b)
        expectRemoved(a)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func enqueuedCyclesRunOneAfterAnotherEachWithFullContainment() async {
        let scene = Scene()
        let clock = ManualClock()
        let a = scene.screen("a")
        let (b, c, d) = (scene.screen("b"), scene.screen("c"), scene.screen("d"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count

        let first = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let second = Task { await host.cycle(to: c, policy: .enqueue) }
        #expect(await eventually { await host.container.pendingCount == 1 })
        let third = Task { await host.cycle(to: d, policy: .enqueue) }
        #expect(await eventually { await host.container.pendingCount == 2 })
        // Waiting requests touch nothing.
        #expect(scene.calls(of: "c").isEmpty && scene.calls(of: "d").isEmpty)
        #expect(host.children.count == 2)

        for _ in 0..<2 {
            clock.advance(by: .milliseconds(100))
            await clock.waitForSleepers()
            #expect(host.children.count == 2)
            #expect(scene.appearanceViolations(atRest: false).isEmpty)
        }
        clock.advance(by: .milliseconds(100))

        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await second.value(within: .seconds(10)) == .completed)
        #expect(await third.value(within: .seconds(10)) == .completed)
        let expected = containmentCalls(host: "host", through: ["a", "b", "c", "d"], animated: true)
        #expect(scene.calls(since: mark) == expected)
        expectAtRest(host, showing: d)
        for child in [a, b, c] { expectRemoved(child) }
        #expect(scene.appearanceViolations().isEmpty)
        #expect(scene.hierarchyViolations(host: "host").isEmpty)
        _ = window
    }

    @Test func latestWinsDuringAFadeSupersedesTheWaitingChildWhichGetsNoCall() async {
        let scene = Scene()
        let clock = ManualClock()
        let tracker = ReleaseTracker()
        let a = scene.screen("a")
        let (b, d) = (scene.screen("b"), scene.screen("d"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count

        let first = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let last: Task<TransitionResult, Never>
        do {
            let c = scene.screen("c")
            tracker.track(c, as: "c")
            let superseded = Task { await host.cycle(to: c, policy: .latestWins) }
            #expect(await eventually { await host.container.pendingCount == 1 })
            last = Task { await host.cycle(to: d, policy: .latestWins) }
            #expect(await superseded.value(within: .seconds(10)) == .superseded)
        }
        // latest-wins lets the running fade finish.
        #expect(host.transitionAnimator?.state == .active)
        #expect(host.children.last === b)
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(100))

        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await last.value(within: .seconds(10)) == .completed)
        #expect(scene.calls(since: mark) == containmentCalls(host: "host", through: ["a", "b", "d"], animated: true))
        #expect(scene.calls(of: "c").isEmpty)
        expectAtRest(host, showing: d)
        #expect(scene.appearanceViolations().isEmpty)
        #expect(await eventually { tracker.allReleased })
        _ = window
    }

    @Test func anInterruptingRequestCutsTheFadeShortWithItsCallsBalanced() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b, c) = (scene.screen("a"), scene.screen("b"), scene.screen("c"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count

        let cutShort = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let interrupting = Task { await host.cycle(to: c, animation: .immediate, policy: .interrupt) }

        #expect(await cutShort.value(within: .seconds(10)) == .interrupted)
        #expect(await interrupting.value(within: .seconds(10)) == .completed)
        #expect(
            scene.calls(since: mark)
                == containmentCalls(host: "host", from: "a", to: "b", animated: true)
                + containmentCalls(host: "host", from: "b", to: "c", animated: false)
        )
        expectAtRest(host, showing: c)
        // The cut-short child leaves opaque, ready to be shown again.
        #expect(b.view.alpha == 1)
        expectRemoved(b)
        #expect(scene.appearanceViolations().isEmpty)
        #expect(scene.hierarchyViolations(host: "host").isEmpty)
        _ = window
    }

    @Test func finishingDuringAFadeUnmountsTheRunningTransitionAndLeavesOneChild() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b, c, d) = (scene.screen("a"), scene.screen("b"), scene.screen("c"), scene.screen("d"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = await scene.install(host)
        let mark = scene.calls.count

        let running = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let waiting = Task { await host.cycle(to: c) }
        #expect(await eventually { await host.container.pendingCount == 1 })
        await host.finish()

        #expect(await running.value(within: .seconds(10)) == .interrupted)
        #expect(await waiting.value(within: .seconds(10)) == .cancelled)
        #expect(await host.cycle(to: d) == .cancelled)
        #expect(scene.calls(since: mark) == containmentCalls(host: "host", from: "a", to: "b", animated: true))
        #expect(scene.calls(of: "c").isEmpty && scene.calls(of: "d").isEmpty)
        expectAtRest(host, showing: b)
        expectRemoved(a)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func concurrentCyclesUnderEveryPolicyLeaveOneChildAndNeverInterleave() async {
        let scene = Scene()
        let a = scene.screen("a")
        let host = scene.containerHost(initial: a)
        let window = await scene.install(host)
        let mark = scene.calls.count
        let policies: [OverlapPolicy] = [.enqueue, .latestWins, .interrupt, .dropIfBusy]

        var calls: [Task<TransitionResult, Never>] = []
        for index in 0..<60 {
            let child = scene.screen("c\(index)")
            calls.append(Task { await host.cycle(to: child, policy: policies[index % policies.count]) })
        }
        var ran = 0
        for call in calls {
            // Generous: the cycles need only the CPU (immediate, on a manual clock without a
            // watchdog), so only a hang keeps one waiting this long after the one before.
            guard let result = await call.value(within: .seconds(30)) else {
                Issue.record("a cycle did not return within 30 s")
                return
            }
            if result.didRun { ran += 1 }
        }

        let shown = ["a"] + scene.childrenAdded(by: "host", since: mark)
        #expect(shown.count == ran + 1)
        #expect(scene.calls(since: mark) == containmentCalls(host: "host", through: shown, animated: false))
        let last = await host.container.child
        #expect(scene.name(of: last) == shown.last)
        expectAtRest(host, showing: last)
        #expect(scene.appearanceViolations().isEmpty)
        #expect(scene.hierarchyViolations(host: "host").isEmpty)
        _ = window
    }

    @Test func theOldChildIsReleasedOnceItsTransitionEnds() async {
        let scene = Scene()
        let clock = ManualClock()
        let tracker = ReleaseTracker()
        let c = scene.screen("c")
        let host = scene.containerHost(initial: scene.screen("a"), clock: clock)
        let window = await scene.install(host)
        tracker.track(host.children[0], as: "a")

        do {
            let b = scene.screen("b")
            tracker.track(b, as: "b")
            #expect(await host.cycle(to: b) == .completed)
        }
        #expect(await eventually { tracker.alive == ["b"] })

        let fade = Task { await host.cycle(to: c, animation: .fade(duration: .milliseconds(100))) }
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(100))
        #expect(await fade.value(within: .seconds(10)) == .completed)
        #expect(await eventually { tracker.allReleased })
        expectAtRest(host, showing: c)
        _ = window
    }

    @Test func aHostNestedInAHostContainsAndForwardsThroughBothLevels() async {
        let scene = Scene()
        let tracker = ReleaseTracker()
        let z = scene.screen("z")
        let outer: FlowContainerViewController
        let window: UIWindow
        do {
            let x = scene.screen("x")
            let inner = scene.containerHost("inner", initial: x)
            outer = scene.containerHost("outer", initial: inner)
            window = await scene.install(outer)
            #expect(
                scene.calls == [
                    "outer.addChild(inner)",
                    "inner.willMove(toParent: outer)",
                    "inner.addChild(x)",
                    "x.willMove(toParent: inner)",
                    "inner.view.addSubview(x.view)",
                    "x.didMove(toParent: inner)",
                    "outer.view.addSubview(inner.view)",
                    "inner.didMove(toParent: outer)",
                    "window.rootViewController = outer",
                    "window.makeKeyAndVisible()",
                    "outer.viewWillAppear(false)",
                    "inner.viewWillAppear(false)",
                    "x.viewWillAppear(false)",
                    "outer.viewDidAppear(false)",
                    "inner.viewDidAppear(false)",
                    "x.viewDidAppear(false)",
                ]
            )
            expectAtRest(outer, showing: inner)
            expectAtRest(inner, showing: x)

            var mark = scene.calls.count
            let y = scene.screen("y")
            #expect(await inner.cycle(to: y) == .completed)
            #expect(scene.calls(since: mark) == containmentCalls(host: "inner", from: "x", to: "y", animated: false))
            expectAtRest(inner, showing: y)
            expectAtRest(outer, showing: inner)

            mark = scene.calls.count
            #expect(await outer.cycle(to: z) == .completed)
            #expect(
                scene.calls(since: mark) == [
                    "inner.willMove(toParent: nil)",
                    "outer.addChild(z)",
                    "z.willMove(toParent: outer)",
                    "inner.viewWillDisappear(false)",
                    "y.viewWillDisappear(false)",
                    "z.viewWillAppear(false)",
                    "outer.view.addSubview(z.view)",
                    "outer.setNeedsStatusBarAppearanceUpdate() with z",
                    "outer.setNeedsUpdateOfHomeIndicatorAutoHidden() with z",
                    "outer.setNeedsUpdateOfScreenEdgesDeferringSystemGestures() with z",
                    "outer.setNeedsUpdateOfSupportedInterfaceOrientations() with \(RecordingViewController.defaultOrientations.rawValue)",
                    "inner.view.removeFromSuperview()",
                    "inner.viewDidDisappear(false)",
                    "y.viewDidDisappear(false)",
                    "z.viewDidAppear(false)",
                    "inner.removeFromParent()",
                    "inner.didMove(toParent: nil)",
                    "z.didMove(toParent: outer)",
                    "outer.announceScreenChange(to: z)",
                ]
            )
            // The inner host keeps its own child; only the outer one changed.
            expectAtRest(inner, showing: y)
            expectRemoved(inner)
            for (controller, name) in [(inner, "inner"), (x, "x"), (y, "y")] as [(UIViewController, String)] {
                tracker.track(controller, as: name)
            }
        }
        expectAtRest(outer, showing: z)
        #expect(scene.appearanceViolations().isEmpty)
        #expect(scene.hierarchyViolations(host: "outer").isEmpty)
        #expect(scene.hierarchyViolations(host: "inner").isEmpty)
        #expect(await eventually { tracker.allReleased })
        _ = window
    }
}
#endif
