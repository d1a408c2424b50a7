import AppFlow
import Testing

// This target is built as Xcode 26 builds a new app target: every declaration is
// main-actor isolated unless it says otherwise (`.defaultIsolation(MainActor.self)`), with
// "approachable concurrency" (isolated conformances inferred, nonisolated async functions
// run on their caller's actor). See Package.swift and GettingStarted.md.

// GettingStarted: begin
/// The session. `nonisolated`: otherwise its `Equatable` conformance is main-actor
/// isolated, and the flow, which compares sessions off the main actor, cannot use it.
nonisolated struct User: Sendable, Equatable {
    let name: String
}

/// The screens the app shows.
nonisolated enum AppScreen: Sendable, Equatable {
    case launch
    case login
    case home(user: String)
}

/// The provider. The flow calls it from its own tasks; a factory may still hop to the
/// main actor for its work.
nonisolated struct AppProvider: AuthFlowProvider {
    func initialState() async -> AuthInitialState<User> { .loggedOut(.signedOut) }
    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> AppScreen { .login }
    func makeLoggedInChild(_ context: AuthLoggedInContext<User, Void>) async -> AppScreen {
        await MainActor.run { .home(user: context.session.name) }
    }
}
// GettingStarted: end

/// A provider written in a target whose declarations are main-actor isolated by default
/// drives an ``AuthFlow`` as anywhere else, from main-actor code.
@Suite(.timeLimit(.minutes(1)))
struct MainActorByDefaultTests {
    @Test func aProviderInAMainActorByDefaultTargetStartsLogsInAndLogsOut() async {
        let flow = AuthFlow(provider: AppProvider(), splash: AppScreen.launch)
        // The default animations run on the real clock: on a loaded machine (ThreadSanitizer)
        // the watchdog may cut one short, and the child is in place either way.
        let inPlace: Set<AuthResult> = [.completed, .interrupted]
        #expect(inPlace.contains(await flow.start()))
        #expect(await flow.container.child.child == .login)
        #expect(inPlace.contains(await flow.login(User(name: "ada"))))
        #expect(await flow.container.child.child == .home(user: "ada"))
        #expect(inPlace.contains(await flow.logout()))
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }
}
