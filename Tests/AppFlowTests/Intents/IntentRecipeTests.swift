import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A route in the chat app of the docs: what a link, a notification or a shortcut asks for.
enum Route: Sendable, Equatable {
    case room(String)
    case mention(String)
}

/// The chat app's screen: logged out it has no session; logged in it opens routes.
@MainActor final class ChatScreen {
    let session: String?
    private(set) var opened: [Route] = []
    init(session: String?) { self.session = session }
    func open(_ route: Route) { opened.append(route) }
}

// The provider of <doc:Flows>'s intents section, line for line.
struct ChatProvider: AuthFlowProvider {
    typealias Intent = Route

    func initialState() async -> AuthInitialState<String> { .loggedOut(.signedOut) }
    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> ChatScreen {
        await ChatScreen(session: nil)
    }
    func makeLoggedInChild(_ context: AuthLoggedInContext<String, Void>) async -> ChatScreen {
        await ChatScreen(session: context.session)
    }

    func handle(_ intent: Route, in child: ChatScreen, context: AuthIntentContext<String>) async {
        await child.open(intent)
    }
}

/// The intent recipes of <doc:Flows> and <doc:RecipesFromRealApps>, compiled and run.
@Suite(.endsWithin(.seconds(60))) struct IntentRecipeTests {
    @Test func aLinkOpenedBeforeStartIsHeldAndOpenedOnTheFirstLoggedInScreen() async {
        let flow = AuthFlow(provider: ChatProvider(), splash: await ChatScreen(session: nil))
        let link = flow.enqueue(.room("#swift"))  // before start: held
        await flow.start()
        await flow.login("ada")
        let result = await link.result  // .delivered(flow.scene.id)
        #expect(result == .delivered(flow.scene.id))
        let screen = await flow.container.child.child
        #expect(screen.session == "ada")
        #expect(await screen.opened == [.room("#swift")])
        await flow.finish()
    }

    @Test func elementXsStoredRouteBecomesOneEnqueue_AndARouteNamingAnAccountNeverOpensInAnother() async {
        let flow = AuthFlow(provider: ChatProvider(), splash: await ChatScreen(session: nil))
        await flow.start()
        // Element X: a route that arrives with no user session is stored, and handed over
        // once the session's coordinator exists. Here it is one call, wherever it arrives:
        let route = flow.enqueue(.room("!abc:matrix.org"))
        await flow.login("ada")
        #expect(await route.result == .delivered(flow.scene.id))
        #expect(await flow.container.child.child.opened == [.room("!abc:matrix.org")])
        // A route for one account never opens in another: name the account.
        await flow.logout()
        let adas = flow.enqueue(.room("!old:matrix.org"), for: "ada")
        await flow.login("bob")
        #expect(await adas.result == .dropped(.sessionMismatch))
        await flow.finish()
    }

    @Test func mastodonsNotificationForAnotherAccountSwitchesToItAndOpensThere() async {
        let flow = AuthFlow(provider: ChatProvider(), splash: await ChatScreen(session: nil))
        await flow.start()
        await flow.login("ada")
        let tapped = (account: "bob", mention: "42")
        // A tap on a notification for another account: switch, then open it there.
        let result = await flow.open(.mention(tapped.mention), for: tapped.account, switching: true)
        #expect(result == .delivered(flow.scene.id))
        let screen = await flow.container.child.child
        #expect(screen.session == "bob")
        #expect(await screen.opened == [.mention("42")])
        await flow.finish()
    }
}
