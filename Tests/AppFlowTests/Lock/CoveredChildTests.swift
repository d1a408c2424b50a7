import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// A child that owns a nested container, as a session's onboarding does, and finishes it
/// where the docs say: in `flowDidDisappear`. A cover spares it; the end of its session
/// does not.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct CoveredChildTests {
    /// A screen; the logged-in one owns a nested container of onboarding steps.
    final class Screen: FlowLifecycle, Sendable {
        let name: String
        let nested: FlowContainer<String>?

        init(_ name: String, nested: Bool = false) {
            self.name = name
            self.nested = nested ? FlowContainer(initial: "step 1", animation: .immediate) : nil
        }

        func flowDidDisappear() async {
            await nested?.finish()
        }
    }

    struct Provider: AuthFlowProvider {
        var configuration = AuthFlowConfiguration(
            loginAnimation: .immediate,
            logoutAnimation: .immediate,
            startAnimation: .immediate,
            lockStyle: .cover
        )
        func initialSession() async -> String? { "ada" }
        func makeLoggedOutChild() async -> Screen { Screen("out") }
        func makeLoggedInChild(for session: String) async -> Screen { Screen("main", nested: true) }
    }

    @Test func aNestedContainerOfAKeptChildSurvivesACoverAndALockAndALogoutFinishesIt() async throws {
        let flow = AuthFlow(provider: Provider(), splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        let nested = try #require(await flow.container.child.child.nested)

        #expect(await flow.cover() == .completed)
        #expect(await nested.cycle(to: "step 2") == .completed, "covered, the onboarding goes on")
        #expect(await flow.uncover() == .completed)
        #expect(await flow.lock() == .completed)
        #expect(await nested.cycle(to: "step 3") == .completed, "locked, the onboarding goes on")
        #expect(await flow.unlock() == .completed)
        #expect(await nested.child == "step 3")

        #expect(await flow.lock() == .completed)
        #expect(await flow.logout() == .completed)
        // The session ended: the kept child hears it goes, and finishes its onboarding.
        #expect(await eventually { await nested.cycle(to: "step 4") == .cancelled })
        await flow.finish()
    }
}
