import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// A provider written with the requirements that take one context value each: the flow
/// tells every factory its session, call, scene, services and variant through that value.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct ProviderContextTests {
    /// The three requirements a newcomer implements, and nothing else but the lock
    /// screen, the privacy cover and services.
    struct ContextProvider: AuthFlowProvider {
        let prepared = Log<String>()
        let madeLoggedOut = Log<String>()
        var releases = false

        func initialState() async -> AuthInitialState<String> { .loggedOut(LogoutVariant("expired")) }
        func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> String {
            let child = "out(\(context.variant))@\(context.scene.rawValue)"
            madeLoggedOut.append(child)
            return child
        }
        func makeLoggedInChild(_ context: AuthLoggedInContext<String, String>) async -> String {
            "in(\(context.session), \(context.call), \(context.services))@\(context.scene.rawValue)"
        }
        func makeLockScreen(_ context: AuthCoverContext<String>) async -> String {
            "lock(\(context.session))@\(context.scene.rawValue)"
        }
        func makePrivacyCover(_ context: AuthCoverContext<String>) async -> String {
            "cover(\(context.session))@\(context.scene.rawValue)"
        }
        func makeServices(for session: String) async -> String { "services of \(session)" }
        func prepareToLeave(_ child: String, for departure: AuthDeparture) async {
            prepared.append("\(child) for \(departure.call)")
        }
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(
                loginAnimation: .immediate,
                logoutAnimation: .immediate,
                releasesSessionBeforeSwitch: releases
            )
        }
    }

    @Test func eachFactoryIsToldItsSessionCallSceneServicesAndVariantInOneContext() async {
        let provider = ContextProvider()
        let flow = AuthFlow(provider: provider, splash: "splash")
        let second = flow.attachScene(placeholder: "blank")
        #expect(await flow.start() == .completed)
        await second.placed()
        #expect(await flow.container.child.child == "out(expired)@1")
        #expect(await second.container.child.child == "out(expired)@2")

        #expect(await flow.login("ada") == .completed)
        #expect(await flow.container.child.child == "in(ada, login, services of ada)@1")
        #expect(await second.container.child.child == "in(ada, login, services of ada)@2")

        #expect(await flow.refresh() == .completed)
        #expect(await flow.container.child.child == "in(ada, refresh, services of ada)@1")

        #expect(await flow.lock(.cover) == .completed)
        #expect(await flow.container.child.child == "lock(ada)@1")
        #expect(await second.container.child.child == "lock(ada)@2")
        #expect(await flow.unlock() == .completed)

        #expect(await flow.cover() == .completed)
        #expect(await flow.container.child.child == "cover(ada)@1")
        #expect(await second.container.child.child == "cover(ada)@2")
        #expect(await flow.uncover() == .completed)

        #expect(await flow.logout(.signedOut) == .completed)
        #expect(await flow.container.child.child == "out(signedOut)@1")
        #expect(await second.container.child.child == "out(signedOut)@2")
        #expect(provider.prepared.all.contains("in(ada, refresh, services of ada)@1 for logout"))
        await flow.finish()
    }

    @Test func theDefaultSwitchingPlaceholderIsTheSignedOutChildOfItsOwnScene() async {
        var provider = ContextProvider()
        provider.releases = true
        let flow = AuthFlow(provider: provider, splash: "splash")
        let second = flow.attachScene(placeholder: "blank")
        #expect(await flow.start() == .completed)
        #expect(await flow.login("ada") == .completed)
        #expect(await flow.login("bob") == .completed)
        // Neither the start (expired) nor a login makes a signed-out child: the placeholders do.
        #expect(
            provider.madeLoggedOut.all.filter { $0.hasPrefix("out(signedOut)") }.sorted() == [
                "out(signedOut)@1", "out(signedOut)@2",
            ]
        )
        #expect(await second.container.child.child == "in(bob, login, services of bob)@2")
        await flow.finish()
    }
}
