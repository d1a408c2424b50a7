import UIKit

/// The app AppFlow's simulator tests run in (`Tests/AppFlowUIKitHostedTests`): it connects
/// one window scene, on which the tests put windows of their own, and shows nothing itself.
@main
final class HostAppDelegate: UIResponder, UIApplicationDelegate {}

/// Gives the host app's scene a window, so that the scene is in the foreground while the
/// tests run.
final class HostSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
