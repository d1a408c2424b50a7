#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowUIKit
import UIKitStandIn

/// Makes numbered recording view controllers of a test's scene: `out1`, `in(ann)1`,
/// `lock1`, `cover1`, `wait1` (the switching placeholder)…
struct ScreenProvider: AuthFlowProvider {
    let scene: Scene
    var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
    /// Holds the privacy cover's factory, if set.
    var coverGate: Gate? = nil
    /// The session a start restores, after `restoreGate` if set.
    var restoredSession: String? = nil
    var restoreGate: Gate? = nil

    func initialSession() async -> String? {
        await restoreGate?.pass()
        return restoredSession
    }

    @MainActor func makeLoggedOutChild() async -> UIViewController {
        scene.numberedScreen("out")
    }

    @MainActor func makeLoggedInChild(for session: String) async -> UIViewController {
        scene.numberedScreen("in(\(session))")
    }

    @MainActor func makeSwitchingPlaceholder() async -> UIViewController {
        scene.numberedScreen("wait")
    }

    @MainActor func makeLockScreen(for session: String, in scene: AuthSceneID) async -> UIViewController {
        self.scene.numberedScreen("lock")
    }

    @MainActor func makePrivacyCover(for session: String, in scene: AuthSceneID) async -> UIViewController {
        await coverGate?.pass()
        return self.scene.numberedScreen("cover")
    }
}
#endif
