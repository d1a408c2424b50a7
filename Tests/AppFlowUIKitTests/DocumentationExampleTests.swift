#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// The examples in the doc comments of `AppFlowUIKit`, compiled against the stand-in and
/// run.
@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct DocumentationExampleTests {
    final class SplashViewController: UIViewController {}
    final class LoginViewController: UIViewController {}
    final class HomeViewController: UIViewController {}

    struct MyInterfaceProvider: AuthFlowProvider {
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }
        func initialSession() async -> String? { nil }
        @MainActor func makeLoggedOutChild() async -> UIViewController { LoginViewController() }
        @MainActor func makeLoggedInChild(for session: String) async -> UIViewController { HomeViewController() }
    }

    @Test func theContainerExampleShowsTheLoginScreen() async {
        let (window, windowScene) = sceneWindow()
        let root = FlowContainerViewController(initial: SplashViewController())
        root.installRootViewController(in: window)
        await root.cycle(to: LoginViewController())
        #expect(root.children.count == 1 && root.children.first is LoginViewController)
        withExtendedLifetime(windowScene) {}
    }

    @Test func theAuthFlowExampleShowsTheLoggedOutScreen() async {
        let (window, windowScene) = sceneWindow()
        let root = AuthFlowViewController(provider: MyInterfaceProvider(), splash: SplashViewController())
        root.installRootViewController(in: window)
        await root.start()
        #expect(root.children.count == 1 && root.children.first is LoginViewController)
        #expect(window.rootViewController === root)
        withExtendedLifetime(windowScene) {}
    }

    @Test func theRequestExampleLogsOutAtTheTap() async {
        let (window, windowScene) = sceneWindow()
        let root = AuthFlowViewController(provider: MyInterfaceProvider(), splash: SplashViewController())
        root.installRootViewController(in: window)
        await root.start()
        await root.login("ann")
        func logOutTapped() {
            root.request(.logout(.signedOut))
        }
        logOutTapped()
        #expect(await eventually { root.children.first is LoginViewController })
        withExtendedLifetime(windowScene) {}
    }

    #if os(Linux)
    @Test func theSceneExampleShowsTheSharedSessionInASecondWindow() async {
        let (first, firstScene) = sceneWindow()
        let root = AuthFlowViewController(provider: MyInterfaceProvider(), splash: SplashViewController())
        root.installRootViewController(in: first)
        await root.start()
        await root.login("ann")
        let windowScene = UIWindowScene()
        let window = AuthSceneViewController(flow: root.flow, placeholder: SplashViewController())
            .installRootViewController(in: windowScene)
        #expect(await eventually { window.rootViewController?.children.first is HomeViewController })
        withExtendedLifetime(firstScene) {}
    }
    #endif
}
#endif
