#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// `FlowContainerViewController` against the UIKit stand-in: the calls it makes, in
/// order, for plain, overlapping, interrupted, finished and nested transitions. These
/// tests prove the glue's call sequence, not UIKit's behaviour.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct FlowContainerViewControllerTests {
    /// A host of `initial` named `name`, on a manual clock without a watchdog.
    private func makeHost(
        _ scene: Scene,
        initial: UIViewController,
        animation: TransitionAnimation = .immediate,
        clock: ManualClock = ManualClock(),
        name: String = "host"
    ) -> FlowContainerViewController {
        scene.named(
            FlowContainerViewController(initial: initial, animation: animation, clock: clock, watchdogMargin: nil),
            name
        )
    }

    @Test func installingTheHostContainsTheInitialChildAndForwardsItsAppearance() {
        let scene = Scene()
        let splash = scene.screen("splash")
        let host = makeHost(scene, initial: splash)
        #expect(scene.calls.isEmpty)
        let window = scene.install(host)

        #expect(
            scene.calls == [
                "window.rootViewController = host",
                "window.makeKeyAndVisible()",
                "host.addChild(splash)",
                "splash.willMove(toParent: host)",
                "host.view.addSubview(splash.view)",
                "splash.didMove(toParent: host)",
                "host.beginAppearanceTransition(true, animated: false)",
                "splash.beginAppearanceTransition(true, animated: false)",
                "host.endAppearanceTransition()",
                "splash.endAppearanceTransition()",
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
        let host = makeHost(scene, initial: a)
        let window = scene.install(host)
        let mark = scene.calls.count

        #expect(await host.cycle(to: b) == .completed)

        #expect(
            scene.calls(since: mark) == [
                "a.willMove(toParent: nil)",
                "host.addChild(b)",
                "b.willMove(toParent: host)",
                "a.beginAppearanceTransition(false, animated: false)",
                "b.beginAppearanceTransition(true, animated: false)",
                "host.view.addSubview(b.view)",
                "a.view.removeFromSuperview()",
                "a.endAppearanceTransition()",
                "b.endAppearanceTransition()",
                "a.removeFromParent()",
                "a.didMove(toParent: nil)",
                "b.didMove(toParent: host)",
            ]
        )
        expectAtRest(host, showing: b)
        expectRemoved(a)
        #expect(await host.container.child === b)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aFadeShowsBothViewsOnlyBetweenMountAndUnmount() async {
        let scene = Scene()
        let clock = ManualClock()
        let a = scene.screen("a")
        let b = scene.screen("b")
        let host = makeHost(scene, initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = scene.install(host)
        let mark = scene.calls.count
        let all = containmentCalls(host: "host", from: "a", to: "b", animated: true)

        let transition = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        // Mounted: both children, both views, the new one transparent and in front.
        #expect(scene.calls(since: mark) == Array(all.prefix(6)))
        #expect(host.children.count == 2 && host.children.last === b)
        #expect(host.view.subviews.count == 2 && host.view.subviews.last === b.view)
        #expect(b.view.alpha == 0)
        #expect(a.view.alpha == 1)
        #expect(scene.appearanceViolations(atRest: false).isEmpty)

        clock.advance(by: .milliseconds(100))
        #expect(await eventually { b.view.alpha > 0 && b.view.alpha < 1 })
        #expect(b.view.superview === host.view && a.view.superview === host.view)

        clock.advance(by: .milliseconds(100))
        #expect(await transition.value(within: .seconds(10)) == .completed)
        #expect(scene.calls(since: mark) == all)
        expectAtRest(host, showing: b)
        expectRemoved(a)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func crossDissolveAndSlideAreDrawnFromTheFrames() async {
        let scene = Scene()
        let clock = ManualClock()
        let a = scene.screen("a")
        let b = scene.screen("b")
        let c = scene.screen("c")
        let host = makeHost(scene, initial: a, clock: clock)
        let window = scene.install(host)

        let dissolve = Task { await host.cycle(to: b, animation: .crossDissolve(duration: .milliseconds(200))) }
        await clock.waitForSleepers()
        #expect(b.view.alpha == 0 && a.view.alpha == 1)
        clock.advance(by: .milliseconds(100))
        #expect(await eventually { b.view.alpha > 0 && b.view.alpha < 1 })
        #expect(a.view.alpha == 1 - b.view.alpha)
        clock.advance(by: .milliseconds(100))
        #expect(await dissolve.value(within: .seconds(10)) == .completed)
        expectAtRest(host, showing: b)
        // The old child leaves opaque, ready to be shown again.
        #expect(a.view.alpha == 1)

        let bounds = host.view.bounds
        let slide = Task { await host.cycle(to: c, animation: .slide(from: .trailing, duration: .milliseconds(200))) }
        await clock.waitForSleepers()
        #expect(c.view.frame == bounds.offsetBy(dx: bounds.width, dy: 0))
        #expect(c.view.alpha == 1)
        clock.advance(by: .milliseconds(100))
        #expect(await eventually { c.view.frame.minX > 0 && c.view.frame.minX < bounds.width })
        clock.advance(by: .milliseconds(100))
        #expect(await slide.value(within: .seconds(10)) == .completed)
        expectAtRest(host, showing: c)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func enqueuedCyclesRunOneAfterAnotherEachWithFullContainment() async {
        let scene = Scene()
        let clock = ManualClock()
        let a = scene.screen("a")
        let (b, c, d) = (scene.screen("b"), scene.screen("c"), scene.screen("d"))
        let host = makeHost(scene, initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = scene.install(host)
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
        let host = makeHost(scene, initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = scene.install(host)
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
        #expect(b.view.alpha == 0)
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
        let host = makeHost(scene, initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = scene.install(host)
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
        let host = makeHost(scene, initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        let window = scene.install(host)
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
        let host = makeHost(scene, initial: a)
        let window = scene.install(host)
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
        let host = makeHost(scene, initial: scene.screen("a"), clock: clock)
        let window = scene.install(host)
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
            let inner = makeHost(scene, initial: x, name: "inner")
            outer = scene.named(FlowContainerViewController(initial: inner, animation: .immediate), "outer")
            window = scene.install(outer)
            #expect(
                scene.calls == [
                    "window.rootViewController = outer",
                    "window.makeKeyAndVisible()",
                    "outer.addChild(inner)",
                    "inner.willMove(toParent: outer)",
                    "inner.addChild(x)",
                    "x.willMove(toParent: inner)",
                    "inner.view.addSubview(x.view)",
                    "x.didMove(toParent: inner)",
                    "outer.view.addSubview(inner.view)",
                    "inner.didMove(toParent: outer)",
                    "outer.beginAppearanceTransition(true, animated: false)",
                    "inner.beginAppearanceTransition(true, animated: false)",
                    "x.beginAppearanceTransition(true, animated: false)",
                    "outer.endAppearanceTransition()",
                    "inner.endAppearanceTransition()",
                    "x.endAppearanceTransition()",
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
                    "inner.beginAppearanceTransition(false, animated: false)",
                    "y.beginAppearanceTransition(false, animated: false)",
                    "z.beginAppearanceTransition(true, animated: false)",
                    "outer.view.addSubview(z.view)",
                    "inner.view.removeFromSuperview()",
                    "inner.endAppearanceTransition()",
                    "y.endAppearanceTransition()",
                    "z.endAppearanceTransition()",
                    "inner.removeFromParent()",
                    "inner.didMove(toParent: nil)",
                    "z.didMove(toParent: outer)",
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
