import AppFlow

/// A provider that counts what it builds and can hold its factories or its initial
/// session at gates.
struct TestAuthProvider: AuthFlowProvider {
    let built = Log<String>()
    let prepared = Log<String>()
    var session: String? = nil
    var sessionGate: Gate? = nil
    var factoryGate: Gate? = nil
    var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)

    func initialSession() async -> String? {
        await sessionGate?.pass()
        return session
    }

    func makeLoggedOutChild() async -> Screen {
        await factoryGate?.pass()
        built.append("loggedOut")
        return Screen("loggedOut")
    }

    func makeLoggedInChild(for session: String) async -> Screen {
        await factoryGate?.pass()
        built.append("loggedIn(\(session))")
        return Screen("main(\(session))")
    }

    func prepareToLeave(_ child: Screen, direction: AuthDirection) async {
        prepared.append("\(child.name) \(direction)")
    }
}
