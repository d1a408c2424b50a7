#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// The stand-in's timing is UIKit's: an animated presentation or dismissal ends, with its
/// completion, when its animation ends, and UIKit refuses another one meanwhile; a
/// property animator ends by itself after its delay and duration, and a switch whose
/// animator ended so makes no call on it. UIKit's animations run on a manual clock here.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct UIKitTimingTests {
    /// What UIKit's completion handlers reported, in order.
    @MainActor final class Log<Element> {
        private(set) var all: [Element] = []
        func append(_ element: Element) { all.append(element) }
    }

    /// Lets the main actor run a few turns.
    func turns() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @Test func aPresentationAndADismissalEndWhenTheirAnimationEnds_AndNoOtherIsTakenMeanwhile() async {
        let uikit = ManualClock()
        await UIKitTiming.$clock.withValue(uikit) {
            let scene = Scene()
            let (a, sheet, other) = (scene.screen("a"), scene.screen("sheet"), scene.screen("other"))
            let (window, windowScene) = sceneWindow()
            window.rootViewController = a
            window.makeKeyAndVisible()
            let completions = Log<String>()
            a.present(sheet, animated: true) { completions.append("presented") }
            #expect(scene.calls.last == "sheet.viewWillAppear(true)")
            await turns()
            #expect(completions.all.isEmpty && !scene.calls.contains("sheet.viewDidAppear(true)"))
            // While it runs, UIKit refuses a dismissal and another presentation.
            a.dismiss(animated: true) { completions.append("dismissed too early") }
            a.present(other, animated: false) { completions.append("other") }
            uikit.advance(by: UIKitTiming.transitionDuration - .milliseconds(1))
            await turns()
            #expect(completions.all.isEmpty)
            uikit.advance(by: .milliseconds(1))
            #expect(await eventually { completions.all == ["presented"] })
            #expect(scene.calls.last == "sheet.viewDidAppear(true)")
            #expect(a.presentedViewController === sheet)

            // The dismissal: the sheet leaves its window only when its animation ends.
            a.dismiss(animated: true) { completions.append("dismissed") }
            #expect(scene.calls.last == "sheet.viewWillDisappear(true)")
            await turns()
            #expect(sheet.view.window === window && completions.all == ["presented"])
            uikit.advance(by: UIKitTiming.transitionDuration)
            #expect(await eventually { completions.all == ["presented", "dismissed"] })
            #expect(sheet.view.window == nil && scene.calls.last == "sheet.viewDidDisappear(true)")
            withExtendedLifetime(windowScene) {}
        }
    }

    /// UIKit ends an animation its duration after it starts: the stand-in fixes that end
    /// when the animator starts, so time that passes before its task first runs counts.
    @Test func anAnimatorsEndIsFixedWhenItStartsNotWhenItsTaskFirstRuns() async {
        let uikit = ManualClock()
        await UIKitTiming.$clock.withValue(uikit) {
            let animator = UIViewPropertyAnimator(duration: 0.3, curve: .linear)
            let ended = Log<UIViewAnimatingPosition>()
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            // On the main actor, before the animator's task can run.
            uikit.advance(by: .milliseconds(300))
            #expect(await eventually(timeout: .seconds(30)) { ended.all == [.end] })
            #expect(animator.state == .inactive)
        }
    }

    @Test func anAnimatorEndsByItselfAfterItsDelayAndDuration_AndTheSwitchMakesNoCallOnIt() async {
        let uikit = ManualClock()
        await UIKitTiming.$clock.withValue(uikit) {
            let scene = Scene()
            let clock = ManualClock()
            let (a, b) = (scene.screen("a"), scene.screen("b"))
            let host = scene.containerHost(initial: a, clock: clock)
            let (window, windowScene) = sceneWindow()
            host.installRootViewController(in: window)
            let switching = Task {
                await host.cycle(
                    to: b,
                    animation: .crossDissolve(duration: .milliseconds(250), delay: .milliseconds(50))
                )
            }
            await clock.waitForSleepers()
            let animator = host.transitionAnimator
            let ended = Log<UIViewAnimatingPosition>()
            animator?.addCompletion { ended.append($0) }
            #expect(animator?.state == .active)
            uikit.advance(by: .milliseconds(299))
            await turns()
            #expect(animator?.state == .active && ended.all.isEmpty)
            uikit.advance(by: .milliseconds(1))
            #expect(await eventually { ended.all == [.end] })
            #expect(animator?.state == .inactive)
            // The flow's animation ends later, on its own clock: the switch ends cleanly.
            clock.advance(by: .seconds(1))
            #expect(await switching.value(within: .seconds(10)) == .completed)
            expectAtRest(host, showing: b)
            withExtendedLifetime((window, windowScene)) {}
        }
    }
}
#endif
