#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Testing
import UIKitStandIn

/// What a host does around every switch: the child on screen decides the preferences at
/// every moment, touches are off while the switch runs and back after, the outgoing
/// keyboard goes, and a cut-short switch leaves no animator running.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)), .uikitAnimationsHeld)
@MainActor
struct SwitchHousekeepingTests {
    @Test func preferencesComeFromTheChildOnScreenAtEveryMomentOfASwitch() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        a.orientations = .portrait
        b.orientations = .landscape
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(200)), clock: clock)
        // Before the view loads, the initial child already decides.
        #expect(host.childForStatusBarStyle === a && host.supportedInterfaceOrientations == .portrait)
        let window = await scene.install(host)
        #expect(host.childForStatusBarStyle === a && host.supportedInterfaceOrientations == .portrait)
        let mark = scene.calls.count

        let switching = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        // From the mount on, the incoming child decides, and UIKit was told so then.
        #expect(host.childForStatusBarStyle === b)
        #expect(host.childForStatusBarHidden === b)
        #expect(host.childForHomeIndicatorAutoHidden === b)
        #expect(host.childForScreenEdgesDeferringSystemGestures === b)
        #expect(host.supportedInterfaceOrientations == .landscape)
        let landscape = UIInterfaceOrientationMask.landscape.rawValue
        #expect(
            Array(scene.calls(since: mark).dropFirst(6).prefix(4)) == [
                "host.setNeedsStatusBarAppearanceUpdate() with b",
                "host.setNeedsUpdateOfHomeIndicatorAutoHidden() with b",
                "host.setNeedsUpdateOfScreenEdgesDeferringSystemGestures() with b",
                "host.setNeedsUpdateOfSupportedInterfaceOrientations() with \(landscape)",
            ]
        )
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(host.childForStatusBarStyle === b && host.supportedInterfaceOrientations == .landscape)
        _ = window
    }

    @Test func touchesAreOffWhileASwitchRunsAndBackToTheAppsOwnSettingAfter() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b, c) = (scene.screen("a"), scene.screen("b"), scene.screen("c"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = await scene.install(host)
        #expect(host.view.isUserInteractionEnabled)

        let first = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        #expect(!host.view.isUserInteractionEnabled)
        clock.advance(by: .milliseconds(100))
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(host.view.isUserInteractionEnabled)

        // An app that turned touches off itself keeps them off.
        host.view.isUserInteractionEnabled = false
        #expect(await host.cycle(to: c, animation: .immediate) == .completed)
        #expect(!host.view.isUserInteractionEnabled)
        _ = window
    }

    @Test func anInterruptedSwitchLeavesNoAnimatorRunningAndTheViewsAtRest() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b, c) = (scene.screen("a"), scene.screen("b"), scene.screen("c"))
        let host = scene.containerHost(initial: a, animation: .crossDissolve(duration: .seconds(10)), clock: clock)
        let window = await scene.install(host)

        let cutShort = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let animator = host.transitionAnimator
        let ends = Positions()
        animator?.addCompletion { ends.values.append($0) }
        #expect(animator?.state == .active)
        #expect(a.view.alpha == 0, "the cross-dissolve fades the outgoing view out")

        let interrupting = Task { await host.cycle(to: c, animation: .immediate, policy: .interrupt) }
        #expect(await cutShort.value(within: .seconds(10)) == .interrupted)
        #expect(await interrupting.value(within: .seconds(10)) == .completed)
        // Stopped at its end, once.
        #expect(animator?.state == .inactive)
        #expect(ends.values == [.end])
        expectAtRest(host, showing: c)
        expectRemoved(a)
        expectRemoved(b)
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    /// The positions an animator's completions reported.
    @MainActor final class Positions {
        var values: [UIViewAnimatingPosition] = []
    }

    @Test func anAnimatorTheAppStoppedIsFinishedAtItsEndWhenTheSwitchEnds() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a, animation: .fade(duration: .milliseconds(100)), clock: clock)
        let window = await scene.install(host)
        let switching = Task { await host.cycle(to: b) }
        await clock.waitForSleepers()
        let animator = host.transitionAnimator
        let ends = Positions()
        animator?.addCompletion { ends.values.append($0) }
        animator?.stopAnimation(false)
        clock.advance(by: .milliseconds(100))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        // UIKit raises if a stopped animator is released: the host finished it first.
        #expect(animator?.state == .inactive)
        #expect(ends.values == [.end])
        expectAtRest(host, showing: b)
        _ = window
    }

    @Test func eachSwitchAnnouncesTheNewScreenOnceAndOnlyWhileTheHostIsOnScreen() async {
        let scene = Scene()
        let (a, b, c) = (scene.screen("a"), scene.screen("b"), scene.screen("c"))
        let host = scene.containerHost(initial: a)
        host.loadViewIfNeeded()
        #expect(await host.cycle(to: b) == .completed)
        #expect(!scene.calls.contains { $0.contains("announceScreenChange") }, "not on screen: nothing to announce")
        let window = await scene.install(host)
        #expect(await host.cycle(to: c) == .completed)
        #expect(scene.calls.filter { $0.contains("announceScreenChange") } == ["host.announceScreenChange(to: c)"])
        _ = window
    }

    #if os(Linux)
    /// A view that is the first responder until asked to resign (stand-in only: UIKit
    /// finds the first responder itself).
    final class EditingView: UIView {
        var editing = true
        override var isFirstResponder: Bool { editing }
        override func resignFirstResponder() -> Bool {
            editing = false
            return true
        }
    }

    @Test func theAnnouncementPostsScreenChangedWithTheNewChildsView() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a)
        let window = await scene.install(host)
        #expect(await host.cycle(to: b) == .completed)
        // The stand-in's record is shared by every test: count only this test's view.
        let posts = UIAccessibility.posted.filter { ($0.argument as AnyObject?) === b.view }
        #expect(posts.map(\.notification) == [.screenChanged])
        _ = window
    }

    @Test func theOutgoingChildStopsEditingBeforeItLeaves() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a)
        let window = await scene.install(host)
        let field = EditingView()
        a.view.addSubview(field)
        #expect(await host.cycle(to: b) == .completed)
        #expect(!field.editing)
        _ = window
    }
    #endif
}
#endif
