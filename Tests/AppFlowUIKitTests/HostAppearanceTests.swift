#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// A host's children appear and disappear with the host: no appearance call reaches a
/// child while its host is off screen, and appearing and disappearing alternate.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct HostAppearanceTests {
    /// The appearance calls `name` received, as `appear` and `disappear`, begins only.
    func appearances(_ scene: Scene, of name: String) -> [String] {
        scene.calls(of: name).compactMap { call in
            if call.contains("viewWillAppear") { return "appear" }
            if call.contains("viewWillDisappear") { return "disappear" }
            return nil
        }
    }

    @Test func aHostOffScreenSwitchesChildrenWithoutAppearanceCallsAndTheChildAppearsWithTheHost() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a)
        host.loadViewIfNeeded()  // contained, but in no window
        #expect(await host.cycle(to: b) == .completed)
        #expect(appearances(scene, of: "a").isEmpty && appearances(scene, of: "b").isEmpty)
        let window = await scene.install(host)
        #expect(appearances(scene, of: "b") == ["appear"])
        #expect(appearances(scene, of: "a").isEmpty, "a left before anything was shown")
        #expect(scene.appearanceViolations().isEmpty, "\(scene.appearanceViolations())")
        _ = window
    }

    @Test func aCoveredHostSwitchesQuietlyAndItsNewChildAppearsWhenUncovered() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let host = scene.containerHost(initial: a)
        let window = await scene.install(host)
        // A full-screen modal covers the host.
        host.beginAppearanceTransition(false, animated: false)
        host.endAppearanceTransition()
        #expect(await host.cycle(to: b) == .completed)
        #expect(appearances(scene, of: "a") == ["appear", "disappear"])
        #expect(appearances(scene, of: "b").isEmpty, "b is not on screen yet")
        // The modal goes away.
        host.beginAppearanceTransition(true, animated: false)
        host.endAppearanceTransition()
        #expect(appearances(scene, of: "b") == ["appear"])
        #expect(scene.appearanceViolations().isEmpty, "\(scene.appearanceViolations())")
        _ = window
    }

    @Test func aHostThatDisappearsDuringATransitionTakesItsNewChildWithIt() async {
        let scene = Scene()
        let (a, b) = (scene.screen("a"), scene.screen("b"))
        let clock = ManualClock()
        let host = scene.containerHost(initial: a, animation: .fade(), clock: clock)
        let window = await scene.install(host)
        let switching = Task { await host.cycle(to: b) }
        await clock.waitForSleepers(1)
        host.beginAppearanceTransition(false, animated: false)
        host.endAppearanceTransition()
        await clock.advance(through: clock.now.advanced(by: .milliseconds(200)))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(appearances(scene, of: "b").first == "appear")
        #expect(appearances(scene, of: "b").last == "disappear", "b ends off screen with its host")
        #expect(scene.appearanceViolations().isEmpty, "\(scene.appearanceViolations())")
        _ = window
    }
}
#endif
