#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// UIKit's animator runs the built-in animations: what it starts from and ends at for a
/// cross-dissolve and for slides in both layout directions, and a slide under Reduce
/// Motion. Serialized: the Reduce Motion test turns the stand-in's setting on for a while.
@Suite(.serialized, .timeLimit(.minutes(1)), .endsWithin(.seconds(45)), .uikitAnimationsHeld)
@MainActor
struct AnimatorTests {
    /// Runs one switch of `host` to `to` with `animation` on `clock`, checking the
    /// animator at the mount, and returns once it completed.
    func switchChildren(
        _ host: FlowContainerViewController,
        to: UIViewController,
        animation: TransitionAnimation,
        clock: ManualClock,
        duration: Double
    ) async -> UIViewPropertyAnimator? {
        let switching = Task { await host.cycle(to: to, animation: animation) }
        await clock.waitForSleepers()
        let animator = host.transitionAnimator
        #expect(animator?.state == .active)
        #expect(animator?.duration == duration)
        clock.advance(by: .seconds(1))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(animator?.state == .inactive)
        expectAtRest(host, showing: to)
        return animator
    }

    func frames(of controller: UIViewController) -> [CGRect] {
        (controller.view as? RecordingView)?.frames ?? []
    }

    func alphas(of controller: UIViewController) -> [CGFloat] {
        (controller.view as? RecordingView)?.alphas ?? []
    }

    @Test func aCrossDissolveFadesTheNewViewInAndTheOldOneOutThenRestoresIt() async {
        let scene = Scene()
        let clock = ManualClock()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a, clock: clock)
        let window = await scene.install(host)
        let animator = await switchChildren(
            host,
            to: b,
            animation: .crossDissolve(duration: .milliseconds(250), delay: .milliseconds(50)),
            clock: clock,
            duration: 0.25
        )
        // UIKit may set more values on the way: the order of these is what counts.
        #expect(alphas(of: b).first == 0 && alphas(of: b).last == 1)
        #expect(alphas(of: a).first == 0 && alphas(of: a).last == 1, "faded out, then back at rest once removed")
        #if os(Linux)
        #expect(animator?.startDelay == 0.05)
        #expect(animator?.curve == .linear)
        #endif
        _ = (window, animator)
    }

    @Test func slidesComeFromTheirEdgeAndLeadingFollowsTheLayoutDirection() async {
        let scene = Scene()
        let clock = ManualClock()
        let host = scene.containerHost(initial: scene.screen("a"), clock: clock)
        let window = await scene.install(host)
        let bounds = host.view.bounds
        let cases: [(TransitionAnimation.SlideEdge, Bool, CGRect)] = [
            (.trailing, false, bounds.offsetBy(dx: bounds.width, dy: 0)),
            (.leading, false, bounds.offsetBy(dx: -bounds.width, dy: 0)),
            (.top, false, bounds.offsetBy(dx: 0, dy: -bounds.height)),
            (.bottom, false, bounds.offsetBy(dx: 0, dy: bounds.height)),
            (.leading, true, bounds.offsetBy(dx: bounds.width, dy: 0)),
            (.trailing, true, bounds.offsetBy(dx: -bounds.width, dy: 0)),
        ]
        for (index, (edge, rightToLeft, start)) in cases.enumerated() {
            host.view.semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
            let next = scene.screen("s\(index)")
            let animator = await switchChildren(
                host,
                to: next,
                animation: .slide(from: edge, duration: .milliseconds(300)),
                clock: clock,
                duration: 0.3
            )
            // Moved to its start before anything else, then animated to the bounds and left
            // there at rest.
            let moves = frames(of: next).drop { $0 == bounds }
            #expect(moves.first == start && moves.last == bounds, "\(edge), right to left: \(rightToLeft)")
            #expect(alphas(of: next).allSatisfy { $0 == 1 }, "a slide does not fade")
            #if os(Linux)
            #expect(animator?.curve == .easeOut)
            #endif
        }
        _ = window
    }

    #if os(Linux)
    @Test func withReduceMotionASlideIsACrossDissolve() async {
        UIAccessibility.isReduceMotionEnabled = true
        defer { UIAccessibility.isReduceMotionEnabled = false }
        let scene = Scene()
        let clock = ManualClock()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a, clock: clock)
        let window = await scene.install(host)
        _ = await switchChildren(host, to: b, animation: .slide(from: .trailing), clock: clock, duration: 0.3)
        #expect(frames(of: b).allSatisfy { $0 == host.view.bounds }, "nothing moved")
        #expect(alphas(of: b).first == 0 && alphas(of: b).last == 1)
        #expect(alphas(of: a).first == 0 && alphas(of: a).last == 1)
        _ = window
    }
    #endif
}
#endif
