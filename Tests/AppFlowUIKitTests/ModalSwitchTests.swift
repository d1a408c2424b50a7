#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// Presented view controllers are part of the switch: what the outgoing child presents is
/// dismissed, and awaited, before it leaves; leaving a session, the session's content is
/// off the screen before the transition begins.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct ModalSwitchTests {
    /// How a sheet presented from a session's child leaves when a switch takes the session
    /// off the screen: hidden, dismissed without animation, and visible again once gone.
    static let sessionSheetLeaves = [
        "sheet.view.isHidden = true", "sheet.viewWillDisappear(false)", "sheet.viewDidDisappear(false)",
        "sheet.view.isHidden = false",
    ]

    /// Presents `sheet` from `child` and waits until it appeared.
    func present(_ sheet: RecordingViewController, from child: UIViewController, in scene: Scene) async {
        child.present(sheet, animated: true)
        let appeared = "\(scene.name(of: sheet)).viewDidAppear(true)"
        #expect(await eventually { scene.calls.contains(appeared) }, "\(appeared) never came")
    }

    /// A host of `provider` installed in a window, started and logged in as `ann`, whose
    /// logged-in child presents a sheet named `sheet`.
    func sessionWithSheet(
        _ scene: Scene,
        provider: ScreenProvider,
        clock: any Clock<Duration> = ContinuousClock()
    ) async -> (host: RecordingAuthHost<ScreenProvider>, window: UIWindow, session: UIViewController) {
        let host = scene.authHost(provider: provider, splash: scene.screen("splash"), clock: clock)
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let session = host.children[0]
        await present(scene.screen("sheet"), from: session, in: scene)
        return (host, window, session)
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
        // Mounted first: until the dismissal's completion came, its limit sleeps too.
        #expect(await eventually { host.children.count == 2 })
        await clock.waitForSleepers(1)
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
        let (host, window, session) = await sessionWithSheet(scene, provider: provider, clock: clock)
        let mark = scene.calls.count

        let logout = Task { await host.logout() }
        #expect(await eventually { host.children.count == 2 })
        // Hidden, and its sheet gone without animation, before the transition's first call.
        #expect(
            Array(scene.calls(since: mark).prefix(6))
                == ["in(ann)1.view.isHidden = true"] + Self.sessionSheetLeaves + ["in(ann)1.willMove(toParent: nil)"]
        )
        #expect(session.view.isHidden && session.presentedViewController == nil)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))

        #expect(await logout.value(within: .seconds(10)) == .completed)
        var expected = containmentCalls(host: "host", from: "in(ann)1", to: "out2", animated: true, leavesSession: true)
        expected.insert(contentsOf: Self.sessionSheetLeaves, at: 1)
        #expect(scene.calls(since: mark) == expected)
        expectRemoved(session)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    /// Expects `cover` above everything in `window`, the sheet included, and the session's
    /// child, with `sheet`, kept under it untouched but hidden from VoiceOver.
    func expectCovered(
        _ host: FlowHostViewController,
        by cover: UIViewController,
        keeping session: UIViewController,
        presenting sheet: UIViewController,
        in window: UIWindow,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(host.children.count == 1 && host.children.first === session, sourceLocation: sourceLocation)
        // In a window of its own, above the session's, in front of everything the session
        // presents, now or later.
        let coverWindow = coverWindow(over: window)
        #expect(coverShown(over: window) === cover && cover.view.window === coverWindow, sourceLocation: sourceLocation)
        #expect(coverWindow?.isKeyWindow == true && !window.isKeyWindow, sourceLocation: sourceLocation)
        #expect(window.accessibilityElementsHidden, "VoiceOver reads none of it", sourceLocation: sourceLocation)
        #expect(coverWindow?.rootViewController?.childForStatusBarStyle === cover, sourceLocation: sourceLocation)
        #expect(cover.view.frame == window.bounds && cover.view.alpha == 1, sourceLocation: sourceLocation)
        #expect(cover.view.accessibilityViewIsModal, sourceLocation: sourceLocation)
        #expect(session.view.superview === host.view && !session.view.isHidden, sourceLocation: sourceLocation)
        #expect(session.presentedViewController === sheet && !sheet.view.isHidden, sourceLocation: sourceLocation)
        #expect(sheet.view.superview === window, sourceLocation: sourceLocation)
        #expect(
            session.view.accessibilityElementsHidden && sheet.view.accessibilityElementsHidden,
            sourceLocation: sourceLocation
        )
        #expect(host.childForStatusBarStyle === cover, sourceLocation: sourceLocation)
    }

    /// Expects the session's child at rest again, its sheet still presented, as it was.
    func expectUncovered(
        _ host: FlowHostViewController,
        showing session: UIViewController,
        presenting sheet: UIViewController,
        in window: UIWindow,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectAtRest(host, showing: session, sourceLocation: sourceLocation)
        #expect(coverWindow(over: window) == nil && window.isKeyWindow, sourceLocation: sourceLocation)
        #expect(!window.accessibilityElementsHidden, sourceLocation: sourceLocation)
        #expect(session.presentedViewController === sheet && !sheet.view.isHidden, sourceLocation: sourceLocation)
        #expect(!sheet.view.accessibilityElementsHidden, sourceLocation: sourceLocation)
        #expect(window.subviews.last === sheet.view, sourceLocation: sourceLocation)
    }

    @Test func aLockOfTheCoverStyleKeepsTheSessionAndItsSheetUnderItUntouched() async throws {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        let mark = scene.calls.count

        #expect(await host.flow.lock(.cover) == .completed)
        let lock = try #require(coverShown(over: window))
        #expect(scene.name(of: lock) == "lock1")
        expectCovered(host, by: lock, keeping: session, presenting: sheet, in: window)
        // The session's child and its sheet got no call: they are covered, not gone.
        #expect(scene.calls(since: mark).filter { $0.hasPrefix("in(ann)1") || $0.hasPrefix("sheet") } == [])
        #expect(scene.calls(since: mark).contains("lock1.viewDidAppear(false)"))

        let unlocking = scene.calls.count
        #expect(await host.flow.unlock() == .completed)
        // The lock kept the session's child: it comes back as it was, its sheet still up.
        expectUncovered(host, showing: session, presenting: sheet, in: window)
        expectRemoved(lock)
        #expect(scene.calls(since: unlocking).filter { $0.hasPrefix("in(ann)1") || $0.hasPrefix("sheet") } == [])
        #expect(scene.appearanceViolations().isEmpty)
    }

    @Test func aCoverOverAFullScreenModalGoesAboveItAndTheModalStays() async throws {
        let scene = Scene()
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let session = host.children[0]
        let player = scene.screen("player")
        player.modalPresentationStyle = .fullScreen
        await present(player, from: session, in: scene)
        // UIKit took the host's view out of the window under the full-screen modal.
        #expect(host.view.window == nil && player.view.window === window)

        #expect(await host.flow.cover() == .completed)
        let cover = try #require(coverShown(over: window))
        #expect(cover.view.window === coverWindow(over: window) && host.children.count == 1)
        #expect(session.presentedViewController === player && player.view.accessibilityElementsHidden)

        #expect(await host.flow.uncover() == .completed)
        #expect(cover.view.superview == nil && coverWindow(over: window) == nil)
        #expect(session.presentedViewController === player && !player.view.accessibilityElementsHidden)
        #expect(window.subviews.last === player.view)
        #expect(scene.appearanceViolations().isEmpty)
    }

    @Test func whatTheCoveredSessionPresentsStaysUnderTheCoverAndWhatTheCoverPresentsGoesAboveIt() async throws {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        #expect(await host.flow.cover() == .completed)
        let cover = try #require(coverShown(over: window))

        // The session presents while covered (a network callback's alert): UIKit puts it
        // in the session's window, under the cover's.
        let alert = scene.screen("alert")
        await present(alert, from: sheet, in: scene)
        #expect(alert.view.window === window && window.subviews.last === alert.view)
        expectCovered(host, by: cover, keeping: session, presenting: sheet, in: window)

        // The cover presents (a lock screen's alert): UIKit puts it in the cover's window,
        // in front of the cover.
        let prompt = scene.screen("prompt")
        await present(prompt, from: cover, in: scene)
        #expect(prompt.view.window === cover.view.window && prompt.view.window?.subviews.last === prompt.view)

        // Uncovered, the cover's prompt goes with it; what the session presented stays.
        #expect(await host.flow.uncover() == .completed)
        #expect(prompt.presentingViewController == nil && prompt.view.window == nil)
        #expect(sheet.presentedViewController === alert && window.subviews.last === alert.view)
        #expect(coverWindow(over: window) == nil && window.isKeyWindow)
        #expect(scene.appearanceViolations().isEmpty)
    }

    /// A text field: the first responder while editing (stand-in only: UIKit finds the
    /// first responder itself).
    final class Field: UIView {
        var editing = false
        override var isFirstResponder: Bool { editing }
        @discardableResult
        override func becomeFirstResponder() -> Bool {
            editing = true
            return true
        }
        @discardableResult
        override func resignFirstResponder() -> Bool {
            editing = false
            return true
        }
    }

    @Test func theSheetsFieldResignsUnderTheCoverAndEditsAgainWhenUncovered() async {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        let field = Field()
        sheet.view.addSubview(field)
        field.becomeFirstResponder()

        // The keyboard is in a window of its own, above the cover: it must go.
        #expect(await host.flow.cover() == .completed)
        #expect(!field.editing)
        #expect(await host.flow.uncover() == .completed)
        #expect(field.editing, "the compose sheet edits again")

        // Under a cover the session ends: the field stays resigned.
        #expect(await host.flow.cover() == .completed)
        #expect(await host.flow.logout() == .completed)
        #expect(!field.editing)
        _ = window
    }

    @Test func aHostThatGoesAndComesWhileCoveredTakesTheKeptChildWithIt() async {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        #expect(await host.flow.cover() == .completed)
        let mark = scene.calls.count
        host.beginAppearanceTransition(false, animated: false)
        host.endAppearanceTransition()
        host.beginAppearanceTransition(true, animated: false)
        host.endAppearanceTransition()
        // The kept child is on screen under the cover as far as UIKit is concerned.
        #expect(
            scene.calls(since: mark).filter { $0.hasPrefix("in(ann)1.view") } == [
                "in(ann)1.viewWillDisappear(false)", "in(ann)1.viewDidDisappear(false)",
                "in(ann)1.viewWillAppear(false)", "in(ann)1.viewDidAppear(false)",
            ]
        )
        #expect(scene.appearanceViolations().isEmpty)
        _ = (window, session)
    }

    @Test func aTeardownLockStillDismissesTheSessionsSheetAndReleasesItsChild() async {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let mark = scene.calls.count

        #expect(await host.flow.lock(.teardown) == .completed)
        let leaving = ["in(ann)1.view.isHidden = true"] + Self.sessionSheetLeaves
        #expect(Array(scene.calls(since: mark).prefix(5)) == leaving)
        #expect(session.presentedViewController == nil)
        expectRemoved(session)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.appearanceViolations().isEmpty)
        _ = window
    }

    @Test func aLogoutUnderTheCoverDismissesTheKeptSessionsSheetAndReleasesItsChild() async throws {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        #expect(await host.flow.cover() == .completed)
        expectCovered(host, by: try #require(coverShown(over: window)), keeping: session, presenting: sheet, in: window)

        #expect(await host.flow.logout() == .completed)
        #expect(session.presentedViewController == nil && sheet.view.superview == nil)
        expectRemoved(session)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.name(of: host.children[0]).hasPrefix("out"))
        #expect(scene.appearanceViolations().isEmpty)
    }

    @Test func anAccountSwitchUnderTheCoverReleasesTheKeptSessionsChildAndSheet() async throws {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        #expect(await host.flow.cover() == .completed)
        expectCovered(host, by: try #require(coverShown(over: window)), keeping: session, presenting: sheet, in: window)

        #expect(await host.flow.login("bob") == .completed)
        #expect(session.presentedViewController == nil)
        expectRemoved(session)
        expectAtRest(host, showing: host.children[0])
        #expect(scene.name(of: host.children[0]).hasPrefix("in(bob)"))
        #expect(scene.appearanceViolations().isEmpty)
    }

    @Test func aSwitchThatStaysInTheSessionDismissesWithAnimationAndHidesNothing() async {
        let scene = Scene()
        let clock = ManualClock()
        let (host, window, _) = await sessionWithSheet(
            scene,
            provider: ScreenProvider(scene: scene),
            clock: clock
        )
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

    @Test func aCoverRequestedWhileTheStartRestoresTheSessionShieldsTheWindowUntilTheStartLandsUnderIt() async {
        let scene = Scene()
        var provider = ScreenProvider(scene: scene)
        provider.restoredSession = "ann"
        let restoring = Gate()
        provider.restoreGate = restoring
        let host = scene.authHost(provider: provider, splash: scene.screen("splash"))
        let window = await scene.install(host)
        // At launch: the start, then the app goes inactive while the session is restored.
        let start = host.request(.start)
        let cover = host.request(.cover)
        let shield = window.subviews.last
        #expect(shield?.backgroundColor == .systemBackground)
        #expect(await eventually { restoring.waitingCount == 1 })
        for _ in 0..<50 { await Task.yield() }
        #expect(shield?.superview === window && window.subviews.last === shield)
        restoring.open()
        #expect(await start.result == .completed)
        #expect(await cover.result == .completed)
        #expect(await eventually { shield?.superview == nil })
        // The start landed under the cover, over the splash it keeps: nothing of the
        // session was built.
        #expect(host.children.map { scene.name(of: $0) } == ["splash"])
        #expect(coverShown(over: window).map { scene.name(of: $0) } == "cover1")
        #expect(await host.flow.uncover() == .completed)
        #expect(host.children.map { scene.name(of: $0) } == ["in(ann)1"])
    }

    @Test func theShieldStaysOverTheWindowUntilTheCoverIsShown() async throws {
        let scene = Scene()
        var provider = ScreenProvider(scene: scene)
        let gate = Gate()
        provider.coverGate = gate
        let (host, window, session) = await sessionWithSheet(scene, provider: provider)
        let cover = host.request(.cover)
        let shield = window.subviews.last
        #expect(shield?.backgroundColor == .systemBackground)
        // The cover's factory is slow: the shield stays, however long it takes.
        #expect(await eventually { gate.waitingCount == 1 })
        for _ in 0..<50 { await Task.yield() }
        #expect(shield?.superview === window && window.subviews.last === shield)
        gate.open()
        #expect(await cover.result == .completed)
        // It goes only once the cover is on screen, over the session and its sheet.
        #expect(await eventually { shield?.superview == nil })
        let sheet = session.presentedViewController!
        expectCovered(host, by: try #require(coverShown(over: window)), keeping: session, presenting: sheet, in: window)
    }

    @Test func aCoverRequestShieldsTheWindowAtOnceThenCoversTheSessionWithoutDismissingItsSheet() async throws {
        let scene = Scene()
        let (host, window, session) = await sessionWithSheet(scene, provider: ScreenProvider(scene: scene))
        let sheet = session.presentedViewController!
        let mark = scene.calls.count

        // As in `sceneWillResignActive(_:)`: before the call returns, a blank view covers
        // the window, the sheet included.
        let cover = host.request(.cover)
        let shield = window.subviews.last
        #expect(shield !== host.view && shield !== sheet.view && shield?.superview === window)
        #expect(shield?.frame == window.bounds && shield?.backgroundColor == .systemBackground)
        #expect(shield?.isHidden == false && shield?.alpha == 1)
        #expect(await cover.result == .completed)
        let coverChild = try #require(coverShown(over: window))
        #expect(scene.name(of: coverChild) == "cover1")
        // Once the cover is on screen, the shield goes; the cover is in front of the sheet.
        #expect(await eventually { shield?.superview == nil })
        expectCovered(host, by: coverChild, keeping: session, presenting: sheet, in: window)
        #expect(scene.calls(since: mark).filter { $0.hasPrefix("in(ann)1") || $0.hasPrefix("sheet") } == [])

        // A cover that has nothing to do takes its shield away too.
        let again = host.request(.cover)
        let second = window.subviews.last
        #expect(second !== coverChild.view && second?.backgroundColor == .systemBackground)
        _ = await again.result
        #expect(await eventually { second?.superview == nil })
        #expect(coverShown(over: window) === coverChild)

        // Uncovered, the session's kept child is back with its sheet, as it was.
        #expect(await host.flow.uncover() == .completed)
        expectUncovered(host, showing: session, presenting: sheet, in: window)
        expectRemoved(coverChild)
        #expect(scene.calls(since: mark).filter { $0.hasPrefix("in(ann)1") || $0.hasPrefix("sheet") } == [])
        #expect(scene.appearanceViolations().isEmpty)
    }

    #if os(Linux)
    /// A host that ignores the first dismissal asked of it, as UIKit does with a dismissal
    /// asked for while another one runs: nothing leaves, no completion comes (stand-in
    /// only: the override's signature is the stand-in's).
    @Test func aDismissalUIKitRefusesHoldsTheSwitchForAtMostItsLimitAndIsAskedAgainAtOnce() async {
        // UIKit's own animations run on a clock of the test's: the sheet is still
        // presenting when the switch asks for its dismissal, which UIKit refuses.
        let uikit = ManualClock()
        await UIKitTiming.$clock.withValue(uikit) {
            let scene = Scene()
            let clock = ManualClock()
            let (a, b, sheet) = (scene.screen("a"), scene.screen("b"), scene.screen("sheet"))
            let host = scene.containerHost(initial: a, clock: clock)
            let (window, windowScene) = sceneWindow()
            host.installRootViewController(in: window)
            a.present(sheet, animated: true)
            let mark = scene.calls.count
            let switching = Task { await host.cycle(to: b) }
            // The refused dismissal's limit sleeps on the flow's clock; the switch waits.
            await clock.waitForSleepers(1)
            #expect(a.presentedViewController === sheet, "refused: the sheet stays")
            // The presentation ends; the switch still waits for its limit.
            uikit.advance(by: UIKitTiming.transitionDuration)
            #expect(await eventually { scene.calls.contains("sheet.viewDidAppear(true)") })
            clock.advance(by: .milliseconds(1999))
            #expect(await switching.value(within: .milliseconds(200)) == nil, "held until the limit")
            #expect(host.children == [a])
            clock.advance(by: .milliseconds(1))
            #expect(await switching.value(within: .seconds(10)) == .completed)
            // Asked again without animation, the sheet left before `a` did.
            #expect(
                Array(scene.calls(since: mark).filter { !$0.contains("viewDidAppear") }.prefix(3)) == [
                    "sheet.viewWillDisappear(false)", "sheet.viewDidDisappear(false)", "a.willMove(toParent: nil)",
                ]
            )
            #expect(a.presentedViewController == nil && host.children == [b])
            withExtendedLifetime((window, windowScene)) {}
        }
    }
    #endif
}
#endif
