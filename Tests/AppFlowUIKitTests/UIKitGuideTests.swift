#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// The UIKit guide's app, compiled against the stand-in and run: its provider, its
/// screens, which reach the flow through the host that shows them, and its scene
/// delegate, through two windows and a window UIKit reclaims and reconnects.
enum UIKitGuide {
    /// The app's provider: the login screen while logged out, the home screen while
    /// logged in.
    struct AppProvider: AuthFlowProvider {
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .crossDissolve(), logoutAnimation: .crossDissolve())
        }

        func initialState() async -> AuthInitialState<String> { .loggedOut(.signedOut) }

        @MainActor func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> UIViewController {
            LoginViewController()
        }

        @MainActor func makeLoggedInChild(_ context: AuthLoggedInContext<String, Void>) async -> UIViewController {
            HomeViewController()
        }
    }

    /// The screen shown until the flow has started.
    final class LaunchViewController: UIViewController {}

    /// The login screen. Its button's action reaches the flow through the host that shows
    /// it: no global.
    final class LoginViewController: UIViewController {
        func logInTapped(as user: String) {
            enclosingAuthFlow(of: AppProvider.self)?.request(.login(user))
        }
    }

    /// The home screen, and the settings sheet it presents: the sheet reaches the flow
    /// through the screen that presents it.
    final class HomeViewController: UIViewController {
        func settingsTapped() {
            present(SettingsViewController(), animated: true)
        }
    }

    final class SettingsViewController: UIViewController {
        func logOutTapped() {
            enclosingAuthFlow(of: AppProvider.self)?.request(.logout(.signedOut))
        }
    }

    @MainActor
    enum AppFlows {
        /// The app's one flow, made with the first window.
        static var flow: AuthFlow<AppProvider>?
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(
            _ scene: UIScene,
            willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            if let flow = AppFlows.flow {
                window = AuthSceneViewController(flow: flow, placeholder: LaunchViewController())
                    .installRootViewController(in: windowScene)
            } else {
                let root = AuthFlowViewController(provider: AppProvider(), splash: LaunchViewController())
                AppFlows.flow = root.flow
                window = root.installRootViewController(in: windowScene)
                root.request(.start)
            }
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct UIKitGuideTests {
    typealias Guide = UIKitGuide

    /// The child `window` shows at rest, once it is `type`.
    func shown<T: UIViewController>(_ type: T.Type, in window: UIWindow?) async -> T? {
        guard await eventually({ @MainActor in window?.rootViewController?.children.first is T }) else { return nil }
        return window?.rootViewController?.children.first as? T
    }

    /// A scene connecting, as UIKit connects one, to a new scene delegate.
    func connect(_ windowScene: UIWindowScene) -> Guide.SceneDelegate {
        let delegate = Guide.SceneDelegate()
        delegate.scene(windowScene, willConnectTo: UISceneSession(), options: UIScene.ConnectionOptions())
        return delegate
    }

    @Test func theGuidesAppLogsInAndOutFromItsScreensInEveryWindow_AndAReconnectedWindowShowsTheSession() async throws {
        defer { Guide.AppFlows.flow = nil }
        let (firstScene, secondScene, thirdScene) = (UIWindowScene(), UIWindowScene(), UIWindowScene())
        let first = connect(firstScene)
        let flow = try #require(Guide.AppFlows.flow)

        // The first window starts the flow; its login screen logs in through its host.
        let login = try #require(await shown(Guide.LoginViewController.self, in: first.window))
        login.logInTapped(as: "ann")
        let home = try #require(await shown(Guide.HomeViewController.self, in: first.window))
        #expect(await flow.phase == .loggedIn("ann"))

        // A second window shows the session, built for it, with no call.
        let calls = flow.callCount
        let second = connect(secondScene)
        #expect(second.window?.rootViewController is AuthSceneViewController<Guide.AppProvider>)
        #expect(await shown(Guide.HomeViewController.self, in: second.window) != nil)
        #expect(flow.callCount == calls)

        // A sheet presented from the home screen logs every window out.
        home.settingsTapped()
        let sheet = try #require(home.presentedViewController as? Guide.SettingsViewController)
        #expect(sheet.enclosingAuthFlow(of: Guide.AppProvider.self) === flow)
        sheet.logOutTapped()
        #expect(await shown(Guide.LoginViewController.self, in: first.window) != nil)
        #expect(await shown(Guide.LoginViewController.self, in: second.window) != nil)

        // UIKit reclaims the first window and later reconnects it: the flow goes on.
        try #require(await shown(Guide.LoginViewController.self, in: second.window)).logInTapped(as: "bob")
        #expect(await shown(Guide.HomeViewController.self, in: second.window) != nil)
        NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: firstScene)
        first.window = nil
        #expect(await eventually { flow.scenes.count == 1 })
        let again = connect(thirdScene)
        #expect(await shown(Guide.HomeViewController.self, in: again.window) != nil)
        #expect(await flow.phase == .loggedIn("bob"))

        // A view controller no host shows reaches no flow.
        #expect(Guide.LoginViewController().enclosingAuthFlow(of: Guide.AppProvider.self) == nil)
        await flow.finish()
        withExtendedLifetime((firstScene, secondScene, thirdScene, second, again)) {}
    }
}
#endif
