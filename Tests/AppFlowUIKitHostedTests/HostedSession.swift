#if canImport(UIKit) && !os(watchOS) && !os(Linux)
import AppFlow
import AppFlowUIKit
import Testing
import UIKit

/// The host app these tests run in: `.ci/host-app`, which the Apple workflow builds
/// for the iOS and tvOS simulators and Mac Catalyst. UIKit gives a test bundle without a
/// host app no window scene, so no view ever appears and presentations are refused.
@MainActor
enum HostApp {
    /// The host app's window scene; `nil` in a test bundle without a host app.
    static var windowScene: UIWindowScene? {
        UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }.first
    }

    /// Whether the suites run: in the host app, or wherever its scheme says they must
    /// (`APPFLOW_HOST_APP=1`), so that a host app with no scene fails instead of skipping.
    static var runsHostedTests: Bool {
        windowScene != nil || ProcessInfo.processInfo.environment["APPFLOW_HOST_APP"] == "1"
    }
}

/// A screen that records the appearance calls UIKit makes on it.
final class HostedScreen: UIViewController {
    let name: String
    /// `"appeared"` and `"disappeared"`, in the order UIKit called `viewDidAppear(_:)` and
    /// `viewDidDisappear(_:)`.
    private(set) var appearances: [String] = []

    init(_ name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearances.append("appeared")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        appearances.append("disappeared")
    }

    /// Presents `sheet` without animation and returns when UIKit says it is presented.
    func presentAndWait(_ sheet: UIViewController) async {
        await withCheckedContinuation { (presented: CheckedContinuation<Void, Never>) in
            present(sheet, animated: false) { presented.resume() }
        }
    }
}

/// Plain screens named for what they show, switched without animation.
struct HostedProvider: AuthFlowProvider {
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate, startAnimation: .immediate)
    }

    func initialSession() async -> String? { nil }

    @MainActor func makeLoggedOutChild() async -> UIViewController { HostedScreen("login") }

    @MainActor func makeLoggedInChild(for session: String) async -> UIViewController {
        HostedScreen("home(\(session))")
    }

    @MainActor func makeSwitchingPlaceholder() async -> UIViewController { HostedScreen("switching") }

    @MainActor func makeLockScreen(for session: String, in scene: AuthSceneID) async -> UIViewController {
        HostedScreen("lock")
    }

    @MainActor func makePrivacyCover(for session: String, in scene: AuthSceneID) async -> UIViewController {
        HostedScreen("cover")
    }
}

/// An ``AuthFlowViewController`` in a window of its own on the host app's scene,
/// started and logged in, whose session presents a sheet.
@MainActor
struct HostedSession {
    let host: AuthFlowViewController<HostedProvider>
    let window: UIWindow
    let session: HostedScreen
    let sheet: HostedScreen

    init() async throws {
        let scene = try #require(HostApp.windowScene, "no window scene: run these tests in .ci/host-app")
        host = AuthFlowViewController(provider: HostedProvider(), splash: HostedScreen("splash"))
        window = host.installRootViewController(in: scene)
        #expect(await host.start() == .completed)
        #expect(await host.login("ann") == .completed)
        session = try #require(host.children.first as? HostedScreen)
        sheet = HostedScreen("sheet")
        #if os(tvOS)
        // tvOS has no page sheet: its default is full screen, which makes the presenter
        // disappear. Over full screen keeps the presenter on screen, as a sheet on iOS.
        sheet.modalPresentationStyle = .overFullScreen
        #endif
        await session.presentAndWait(sheet)
        #expect(session.presentedViewController === sheet && sheet.view.window === window)
    }

    /// The window the host shows a cover in, above the session's, while it is shown.
    var coverWindow: UIWindow? {
        window.windowScene?.windows.last {
            $0 !== window && $0.windowLevel.rawValue > window.windowLevel.rawValue && !$0.isHidden
        }
    }

    /// The cover shown over the session, if any.
    var cover: HostedScreen? {
        coverWindow?.rootViewController?.children.last as? HostedScreen
    }

    /// Ends the flow and takes the window off the scene.
    func close() async {
        await host.finish()
        window.isHidden = true
    }
}
#endif
