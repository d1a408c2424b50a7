import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// The example apps of the seed designs, rebuilt on AppFlow. The code between the
/// `ComingFrom...` markers is what the guides `Docs/AppFlow.docc/ComingFrom*.md` show
/// (`DocumentationSnippetTests` checks it). CLHoppingViewController's
/// scenario is `HopTests.theStartupSequenceReadsAsStraightLineCode`; the Gateway's is
/// `FollowTests.aStatusStreamDrivesTheContainerAndRepeatsAreIgnored`.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct SeedScenarioTests {
    // ComingFromAppController: provider begin
    struct MyInterfaceProvider: AuthFlowProvider {
        var storedSession: String?

        func initialState() async -> AuthInitialState<String> {  // isInitiallyLoggedIn
            storedSession.map { .loggedIn($0) } ?? .loggedOut(.signedOut)
        }
        // loggedOutInterfaceViewController
        func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> String { "welcome" }
        // loggedInInterfaceViewController
        func makeLoggedInChild(_ context: AuthLoggedInContext<String, Void>) async -> String {
            "tabs(\(context.session))"
        }
        var configuration: AuthFlowConfiguration {  // configuration(for:traitCollection:)
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }
    }
    // ComingFromAppController: provider end

    /// AppController's example app: log in, log out, with the four handlers.
    @Test func appControllersExampleLogsInAndOutWithItsFourHandlers() async {
        let handled = Log<String>()
        // ComingFromAppController: begin
        let appController = AuthFlow(provider: MyInterfaceProvider(), splash: "launch")
        let events = appController.events()
        let handlers = Task {
            for await event in events {
                switch event.kind {
                case .willLogin: handled.append("willLogin \(event.child)")  // willLoginHandler(target)
                case .didLogin: handled.append("didLogin")  // didLoginHandler
                case .willLogout: handled.append("willLogout \(event.child)")  // willLogoutHandler(target)
                case .didLogout: handled.append("didLogout")  // didLogoutHandler
                case .willLock, .didLock: break  // AppController has no lock
                @unknown default: break  // a kind added later: see "Enums that grow"
                }
            }
        }
        await appController.start()  // installRootViewController(in:)
        await appController.login("ada")
        async let out = appController.logout()  // a logout and a login that overlap
        async let back = appController.login("bob")  // cannot race: whichever was called
        _ = await (out, back)  // last decides the final state
        await appController.finish()
        await handlers.value
        // ComingFromAppController: end
        // Which of the two overlapping calls came last is up to the scheduler; the final
        // state is that call's (proved with a known call order in AuthFlowTests).
        let final = await appController.phase
        #expect(final == .loggedIn("bob") || final == .loggedOut)
        #expect(handled.all.prefix(4) == ["willLogout welcome", "didLogout", "willLogin tabs(ada)", "didLogin"])
        #expect(handled.all.count.isMultiple(of: 2))
    }

    /// The blog post's `AppFlowCoordinator.start(with:)`: splash, then login or main.
    @Test(arguments: [nil, "ada"] as [String?])
    func theBlogPostsCoordinatorStartsWithSplashThenLoginOrMain(storedSession: String?) async {
        // ComingFromFlowContainerViewController: begin
        let flow = AuthFlow(provider: MyInterfaceProvider(storedSession: storedSession), splash: "splash")
        #expect(await flow.container.child.child == "splash")  // the splash shows first
        let result = await flow.start()  // cycle(to:) login or main
        // ComingFromFlowContainerViewController: end
        #expect(result == .completed)
        #expect(await flow.container.child.child == (storedSession.map { "tabs(\($0))" } ?? "welcome"))
    }
}
