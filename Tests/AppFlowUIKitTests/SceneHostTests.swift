#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// One host per `UIWindowScene`: installed in a scene's window, torn down when the scene
/// disconnects, several windows sharing one login. Linux only: a test cannot make a
/// `UIWindowScene` on a device, and `UIApplication`'s own scene is not one to disconnect.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
@MainActor
struct SceneHostTests {
    /// Installs `host` in a new window of `windowScene`, named `window`, and waits until
    /// the host appeared.
    func install(_ host: FlowHostViewController, in windowScene: UIWindowScene, _ scene: Scene) async -> UIWindow {
        let window = host.installRootViewController(in: windowScene)
        #expect(window.windowScene === windowScene)
        #expect(window.rootViewController === host && window.frame == windowScene.screenBounds)
        let appeared = "\(scene.name(of: host)).viewDidAppear(false)"
        #expect(await eventually { scene.calls.contains(appeared) }, "\(appeared) never came")
        return window
    }

    @Test func aWindowOfNoSceneIsNotShownAndItsRootGetsNoAppearanceCalls() async {
        let scene = Scene()
        let host = scene.containerHost(initial: scene.screen("a"))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        host.installRootViewController(in: window)
        // As on iOS 13 and later: a window needs a scene to be shown.
        #expect(!window.isKeyWindow)
        let appeared = await eventually(timeout: .milliseconds(300)) {
            scene.calls.contains("host.viewDidAppear(false)")
        }
        #expect(!appeared)
        #expect(!scene.calls.contains { $0.contains("Appear") }, "\(scene.calls)")
        // In a scene's window, it is.
        let shown = await scene.install(scene.containerHost("shown", initial: scene.screen("b")))
        #expect(shown.isKeyWindow && shown.windowScene === scene.windowScene)
    }

    @Test func aFullScreenPresentationMakesItsPresenterDisappearAndTakesItsViewOutUntilDismissed() async {
        let scene = Scene()
        let host = scene.containerHost(initial: scene.screen("a"))
        let window = await scene.install(host)
        let modal = scene.screen("modal")
        modal.modalPresentationStyle = .fullScreen
        let mark = scene.calls.count
        host.present(modal, animated: true)
        #expect(await eventually { scene.calls.contains("host.viewDidDisappear(true)") })
        #expect(host.view.window == nil && modal.view.window === window)
        host.dismiss(animated: true)
        #expect(await eventually { scene.calls.contains("host.viewDidAppear(true)") })
        #expect(window.subviews.first === host.view && window.subviews.count == 1)
        #expect(
            scene.calls(since: mark).filter { $0.hasPrefix("host.view") || $0.hasPrefix("modal.view") } == [
                "host.viewWillDisappear(true)", "modal.viewWillAppear(true)", "modal.viewDidAppear(true)",
                "host.viewDidDisappear(true)", "host.viewWillAppear(true)", "modal.viewWillDisappear(true)",
                "modal.viewDidDisappear(true)", "host.viewDidAppear(true)",
            ]
        )
        #expect(scene.appearanceViolations().isEmpty)
    }

    func disconnect(_ windowScene: UIWindowScene) {
        NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: windowScene)
    }

    @Test func aDisconnectedScenesContainerFinishesAndItsChildLeavesWithBalancedCallsAndIsReleased() async {
        let scene = Scene()
        let tracker = ReleaseTracker()
        let windowScene = UIWindowScene()
        weak var weakHost: RecordingContainerHost?
        // The scene delegate's window, which UIKit lets go once the scene disconnected.
        var window: UIWindow?
        do {
            let a = scene.screen("a")
            tracker.track(a, as: "a")
            let host = scene.containerHost(initial: a)
            weakHost = host
            window = await install(host, in: windowScene, scene)
        }
        let mark = scene.calls.count
        // Another scene's disconnection is not this host's.
        disconnect(UIWindowScene())
        #expect(weakHost?.children.count == 1 && window?.rootViewController === weakHost)
        disconnect(windowScene)
        window = nil

        // Without its window, the host goes once torn down.
        #expect(await eventually { weakHost == nil })
        #expect(
            scene.calls(since: mark) == [
                "a.willMove(toParent: nil)", "a.viewWillDisappear(false)", "a.view.removeFromSuperview()",
                "a.viewDidDisappear(false)", "a.removeFromParent()", "a.didMove(toParent: nil)",
            ]
        )
        #expect(scene.appearanceViolations().isEmpty)
        #expect(await eventually { tracker.allReleased })
    }

    @Test func aDisconnectedScenesContainerTakesNoMoreCycles() async {
        let scene = Scene()
        let windowScene = UIWindowScene()
        let host = scene.containerHost(initial: scene.screen("a"))
        let window = await install(host, in: windowScene, scene)
        disconnect(windowScene)
        #expect(await eventually { host.children.isEmpty })
        #expect(await host.cycle(to: scene.screen("b")) == .cancelled)
        #expect(host.children.isEmpty)
        _ = window
    }

    @Test func windowsShareOneLoginAndAClosedWindowLeavesTheSessionToTheOthers() async {
        let scene = Scene()
        let tracker = ReleaseTracker()
        let (first, second) = (UIWindowScene(), UIWindowScene())
        let host = scene.authHost("host1", provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let firstWindow = await install(host, in: first, scene)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)

        // A window opened mid-session shows the session at once, built for it.
        weak var weakOther: RecordingSceneHost<ScreenProvider>?
        var secondWindow: UIWindow?
        do {
            let other = RecordingSceneHost(
                name: "host2",
                recorder: scene.recorder,
                flow: host.flow,
                placeholder: scene.screen("launch")
            )
            weakOther = other
            secondWindow = await install(other, in: second, scene)
            await other.scene.placed()
            #expect(scene.childrenAdded(by: "host2") == ["launch", "in(ann)2"])

            // A tap in the second window logs every window out.
            let logout = other.request(.logout(.signedOut))
            #expect(await logout.result == .completed)
            for child in host.children + other.children {
                #expect(scene.name(of: child).hasPrefix("out"))
            }
            for child in other.children { tracker.track(child, as: scene.name(of: child)) }
        }

        // The second window closes: its child leaves and is released; the first goes on.
        let mark = scene.calls.count
        disconnect(second)
        secondWindow = nil
        #expect(await eventually { weakOther == nil })
        #expect(await eventually { tracker.allReleased })
        #expect(await host.login("bob") == .completed)
        #expect(scene.name(of: host.children[0]) == "in(bob)1")
        #expect(!scene.calls(since: mark).contains { $0.hasPrefix("host2.addChild") })
        #expect(host.flow.scenes.count == 1)
        #expect(scene.appearanceViolations().isEmpty)
        _ = (firstWindow, secondWindow)
    }

    @Test func theFirstWindowReclaimedAndReconnectedShowsTheSessionAndTheAppsObserversHearOn() async {
        let scene = Scene()
        let host = scene.authHost("host1", provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let flow = host.flow
        let events = AuthEventRecorder(flow.events())
        let first = UIWindowScene()
        var firstWindow: UIWindow? = await install(host, in: first, scene)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        let calls = flow.callCount

        // UIKit reclaims the background window: its scene disconnects, the host detaches it.
        disconnect(first)
        firstWindow = nil
        #expect(await eventually { flow.scenes.isEmpty })
        #expect(await flow.phase == .loggedIn("ann"))

        // The scene comes back: the app attaches a host to the flow, as its scene delegate does.
        let again = UIWindowScene()
        let other = RecordingSceneHost(
            name: "host2",
            recorder: scene.recorder,
            flow: flow,
            placeholder: scene.screen("launch")
        )
        let window = await install(other, in: again, scene)
        await other.scene.placed()
        #expect(scene.childrenAdded(by: "host2") == ["launch", "in(ann)2"])
        #expect(flow.callCount == calls)

        // The app's observers heard no end, and hear the next call.
        #expect(await other.request(.logout(.signedOut)).result == .completed)
        await events.waitForEvents(6)
        #expect(!events.isFinished)
        #expect(events.summaries.suffix(2) == ["willLogout by logout", "didLogout by logout"])
        #expect(events.violations.isEmpty)
        // The flow's streams end only with the flow.
        await flow.finish()
        await events.waitUntilFinished()
        withExtendedLifetime((first, firstWindow, window)) {}
    }

    @Test func requestsFromSynchronousCodeTakeTheirPlaceWhenMade() async {
        let scene = Scene()
        let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
        let window = await scene.install(host)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)

        // Two taps: a login, then the logout, which beats it.
        let login = host.request(.login("bob"))
        let logout = host.request(.logout(.signedOut))
        #expect(await logout.result == .completed)
        #expect(await login.result == .superseded)
        #expect(await host.flow.phase == .loggedOut)

        // The other way round, the login wins.
        let secondLogout = host.request(.logout(.signedOut))
        let secondLogin = host.request(.login("cat"))
        #expect(await secondLogin.result == .completed)
        #expect(await secondLogout.result != .completed)
        #expect(await host.flow.phase == .loggedIn("cat"))
        _ = window
    }

    @Test func aSceneDisconnectedWhileCoveredReleasesTheKeptChildItsSheetAndTheCover() async {
        let scene = Scene()
        let tracker = ReleaseTracker()
        let windowScene = UIWindowScene()
        var window: UIWindow?
        weak var weakHost: FlowHostViewController?
        weak var weakSession: UIViewController?
        do {
            let host = scene.authHost(provider: ScreenProvider(scene: scene), splash: scene.screen("splash"))
            weakHost = host
            window = await install(host, in: windowScene, scene)
            #expect(await host.start() == .completed)
            #expect(await host.login("ann") == .completed)
            let session = host.children[0]
            let sheet = scene.screen("sheet")
            session.present(sheet, animated: true)
            #expect(await eventually { scene.calls.contains("sheet.viewDidAppear(true)") })
            #expect(await host.flow.cover() == .completed)
            let cover = window.flatMap(coverShown(over:))
            #expect(cover != nil && session.presentedViewController === sheet)
            tracker.track(session, as: "session")
            tracker.track(sheet, as: "sheet")
            if let cover { tracker.track(cover, as: "cover") }
            weakSession = session
        }

        #expect(window?.rootViewController === weakHost)
        disconnect(windowScene)
        #expect(await eventually { weakHost?.children.isEmpty ?? true })
        // The cover's window closed with it; the session's window is VoiceOver's again.
        #expect(await eventually { window.map { coverWindow(over: $0) == nil } ?? false })
        #expect(window?.accessibilityElementsHidden == false)
        #expect(weakSession?.parent == nil && weakSession?.presentedViewController == nil)
        #expect(scene.appearanceViolations().isEmpty)
        window = nil
        #expect(await eventually { weakHost == nil })
        #expect(await eventually { tracker.allReleased })
    }
}
#endif
