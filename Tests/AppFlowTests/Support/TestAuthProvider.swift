import AppFlow
import AppFlowTesting

/// A provider that counts what it builds, can hold its factories or its initial session
/// at gates, and records what its logged-in factory saw.
struct TestAuthProvider: AuthFlowProvider {
    let built = Log<String>()
    let prepared = Log<String>()
    /// The logged-in factories that found their task cancelled once their gate opened.
    let cancelledFactories = Log<String>()
    var session: String? = nil
    var sessionGate: Gate? = nil
    /// Holds every factory.
    var factoryGate: Gate? = nil
    /// Holds the logged-in factory only: for `heldSession` if set, else for every session.
    var loginGate: Gate? = nil
    var heldSession: String? = nil
    /// Holds the switching placeholder's factory.
    var placeholderGate: Gate? = nil
    /// Tracks every child built, by name.
    var tracker: ReleaseTracker? = nil
    /// What was alive (by the tracker) when each logged-in factory started.
    let aliveWhenBuilding = Log<String>()
    /// Where the children record their lifecycle hooks.
    var hooks: Log<String>? = nil
    var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)

    func initialSession() async -> String? {
        await sessionGate?.pass()
        return session
    }

    func makeLoggedOutChild() async -> Screen {
        await makeLoggedOutChild(for: .signedOut)
    }

    func makeLoggedOutChild(for variant: LogoutVariant) async -> Screen {
        await factoryGate?.pass()
        let name = variant == .signedOut ? "loggedOut" : "loggedOut(\(variant))"
        built.append(name)
        return track(Screen(name, calls: hooks))
    }

    func makeLoggedInChild(for session: String) async -> Screen {
        if let tracker { aliveWhenBuilding.append("\(session): \(tracker.alive.sorted())") }
        await factoryGate?.pass()
        if heldSession == nil || heldSession == session {
            await loginGate?.pass()
        }
        if Task.isCancelled { cancelledFactories.append(session) }
        built.append("loggedIn(\(session))")
        return track(Screen("main(\(session))", calls: hooks))
    }

    func makeSwitchingPlaceholder() async -> Screen {
        await placeholderGate?.pass()
        built.append("placeholder")
        return track(Screen("placeholder", calls: hooks))
    }

    func prepareToLeave(_ child: Screen, direction: AuthDirection) async {
        prepared.append("\(child.name) \(direction)")
    }

    private func track(_ screen: Screen) -> Screen {
        tracker?.track(screen, as: screen.name)
        return screen
    }
}
