import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// A cover-style lock that supersedes a login still preparing its way: the login never
/// shows its child, and the unlock shows a child of the session, not a screen the lock hid
/// that is none (the logged-out screen the login was leaving, or the switching placeholder
/// that stood in for the login's child).
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct SupersededLoginUnderCoverTests {
    /// Logged out at start; a login's preparation waits at `preparation`.
    struct Provider: AuthFlowProvider {
        let preparation = Gate()
        let built = Log<String>()
        var configuration = AuthFlowConfiguration(
            loginAnimation: .immediate,
            logoutAnimation: .immediate,
            startAnimation: .immediate,
            lockStyle: .cover
        )
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> Screen { Screen("out") }
        func makeLoggedInChild(for session: String) async -> Screen {
            built.append("main(\(session))")
            return Screen("main(\(session))")
        }
        func makeSwitchingPlaceholder() async -> Screen {
            built.append("placeholder")
            return Screen("placeholder")
        }
        func prepareToLeave(_ child: Screen, for departure: AuthDeparture) async {
            if departure.direction == .login { await preparation.pass() }
        }
    }

    @Test func anUnlockAfterACoverLockThatSupersededAPreparingLoginShowsTheSessionsOwnChild() async {
        let provider = Provider()
        // A clock that never moves: the preparation waits for the gate, never for its
        // timeout, however loaded the machine is.
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), clock: ManualClock())
        #expect(await flow.start() == .completed)
        let login = Task { await flow.login("ada") }
        #expect(await eventually { provider.preparation.waitingCount == 1 })
        let calls = flow.callCount
        let lock = Task { await flow.lock() }
        #expect(await eventually { flow.callCount == calls + 1 })
        provider.preparation.open()

        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(await lock.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .locked("ada"))
        #expect(provider.built.all == ["placeholder", "placeholder"], "the login's stand-in, then the lock screen")

        #expect(await flow.unlock() == .completed)
        #expect(await flow.container.child.child.name == "main(ada)")
        #expect(provider.built.all.last == "main(ada)", "the session's child is built: the lock kept none")
        await flow.finish()
    }
}
