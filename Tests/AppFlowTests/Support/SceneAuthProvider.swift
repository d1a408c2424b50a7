import AppFlow
import AppFlowTesting

/// A session's services in the tests: a class, so tests can check that it is released,
/// numbered in the order the provider made them.
final class SessionKit: Sendable, CustomStringConvertible {
    let session: String
    let number: Int

    init(session: String, number: Int) {
        self.session = session
        self.number = number
    }

    var description: String { "kit \(number) of \(session)" }
}

/// A provider with session services that builds a child per scene and logs, in one
/// ordered log, every service made and torn down and every child's hooks.
struct SceneAuthProvider: AuthFlowProvider {
    typealias Services = SessionKit

    /// Services made and torn down, children built, and the children's hooks, in order.
    let log = Log<String>()
    /// How many services are alive now, and the most ever alive at once.
    let aliveServices = PeakCounter()
    private let made = PeakCounter()
    var session: String? = nil
    /// Holds every logged-in factory (of ``loginGateScene`` only, if set).
    var loginGate: Gate? = nil
    /// The one scene whose logged-in factories ``loginGate`` holds; `nil`: every scene's.
    var loginGateScene: UInt64? = nil
    /// Holds `makeServices`.
    var servicesGate: Gate? = nil
    /// Holds `tearDown`.
    var teardownGate: Gate? = nil
    /// Holds the outgoing child's preparation for a logout.
    var logoutPreparationGate: Gate? = nil
    /// Tracks every child and every services object, by name.
    var tracker: ReleaseTracker? = nil
    let timedOut = Log<String>()
    var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)

    func initialSession() async -> String? { session }

    func makeServices(for session: String) async -> SessionKit {
        made.enter()
        let kit = SessionKit(session: session, number: made.total)
        log.append("make \(kit)")
        aliveServices.enter()
        await servicesGate?.pass()
        tracker?.track(kit, as: "\(kit)")
        return kit
    }

    func tearDown(_ services: SessionKit, of session: String) async {
        log.append("tear down \(services)")
        await teardownGate?.pass()
        aliveServices.leave()
    }

    func servicesTeardownTimedOut(for session: String) {
        log.append("teardown of \(session) timed out")
        timedOut.append(session)
    }

    func makeLoggedOutChild(for variant: LogoutVariant, in scene: AuthSceneID) async -> Screen {
        child("loggedOut@\(scene.rawValue)")
    }

    func makeLoggedOutChild() async -> Screen {
        child("loggedOut")
    }

    func makeLoggedInChild(for session: String) async -> Screen {
        child("main(\(session))")
    }

    func makeLoggedInChild(for session: String, in context: AuthChildContext<SessionKit>) async -> Screen {
        if loginGateScene == nil || loginGateScene == context.scene.rawValue { await loginGate?.pass() }
        log.append("build main(\(session))@\(context.scene.rawValue) with \(context.services) by \(context.call)")
        return child("main(\(session))@\(context.scene.rawValue)")
    }

    func makeSwitchingPlaceholder() async -> Screen {
        child("placeholder")
    }

    func makeSwitchingPlaceholder(in scene: AuthSceneID) async -> Screen {
        child("placeholder@\(scene.rawValue)")
    }

    func prepareToLeave(_ child: Screen, for departure: AuthDeparture) async {
        if departure.direction == .logout { await logoutPreparationGate?.pass() }
    }

    private func child(_ name: String) -> Screen {
        let screen = Screen(name, calls: log)
        tracker?.track(screen, as: name)
        return screen
    }
}
