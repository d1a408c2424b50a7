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
    /// Where `start()` lands, if set; otherwise `session` decides.
    var initial: AuthInitialState<String>? = nil
    /// Every departure the outgoing child prepared for: child, direction, call, variant.
    let departures = Log<String>()
    /// The call each logged-in child was built for, as "session by call".
    let loggedInCalls = Log<String>()
    /// Holds the outgoing child's preparation for a logout: a slow server-side logout.
    var logoutPreparationGate: Gate? = nil
    /// Runs first in every logged-in factory.
    var onLoggedInFactory: (@Sendable () async -> Void)? = nil
    /// Runs first in every logged-out factory.
    var onLoggedOutFactory: (@Sendable () async -> Void)? = nil
    /// Runs first when a lock screen is made.
    var onLockScreen: (@Sendable () async -> Void)? = nil

    func initialSession() async -> String? {
        await sessionGate?.pass()
        return session
    }

    func initialState() async -> AuthInitialState<String> {
        if let initial {
            await sessionGate?.pass()
            return initial
        }
        return await initialSession().map { .loggedIn($0) } ?? .loggedOut(.signedOut)
    }

    func makeLoggedOutChild() async -> Screen {
        await makeLoggedOutChild(for: .signedOut)
    }

    func makeLoggedOutChild(for variant: LogoutVariant) async -> Screen {
        await onLoggedOutFactory?()
        await factoryGate?.pass()
        let name = variant == .signedOut ? "loggedOut" : "loggedOut(\(variant))"
        built.append(name)
        return track(Screen(name, calls: hooks))
    }

    func makeLoggedInChild(for session: String) async -> Screen {
        if let tracker { aliveWhenBuilding.append("\(session): \(tracker.alive.sorted())") }
        await onLoggedInFactory?()
        await factoryGate?.pass()
        if heldSession == nil || heldSession == session {
            await loginGate?.pass()
        }
        if Task.isCancelled { cancelledFactories.append(session) }
        built.append("loggedIn(\(session))")
        return track(Screen("main(\(session))", calls: hooks))
    }

    /// Sessions are account names with an optional version: "ada" and "ada-v2" are one account.
    func isSameAccount(_ session: String, as other: String) -> Bool {
        session.split(separator: "-").first == other.split(separator: "-").first
    }

    func makeSwitchingPlaceholder() async -> Screen {
        await placeholderGate?.pass()
        built.append("placeholder")
        return track(Screen("placeholder", calls: hooks))
    }

    func makeLockScreen(for session: String, in scene: AuthSceneID) async -> Screen {
        await onLockScreen?()
        return await makeSwitchingPlaceholder(in: scene)
    }

    func prepareToLeave(_ child: Screen, direction: AuthDirection) async {
        prepared.append("\(child.name) \(direction)")
    }

    func prepareToLeave(_ child: Screen, for departure: AuthDeparture) async {
        if departure.direction == .logout { await logoutPreparationGate?.pass() }
        prepared.append("\(child.name) \(departure.direction)")
        departures.append(
            "\(child.name) \(departure.direction) by \(departure.call)"
                + (departure.logoutVariant.map { " to \($0)" } ?? "")
        )
    }

    func makeLoggedInChild(for session: String, call: AuthCall) async -> Screen {
        loggedInCalls.append("\(session) by \(call)")
        return await makeLoggedInChild(for: session)
    }

    private func track(_ screen: Screen) -> Screen {
        tracker?.track(screen, as: screen.name)
        return screen
    }
}

extension TestAuthProvider {
    /// A flow on this provider, started: logged in with `session` if it is set, else
    /// logged out.
    func startedFlow(clock: any Clock<Duration> = ContinuousClock()) async -> AuthFlow<TestAuthProvider> {
        let flow = AuthFlow(provider: self, splash: Screen("splash"), clock: clock)
        await flow.start()
        return flow
    }
}
