import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// The recipes of `Docs/AppFlow.docc/RecipesFromRealApps.md`, compiled and run.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct RecipeTests {
    /// The app of the recipes: screens are strings, sessions account names.
    struct AppProvider: AuthFlowProvider {
        let built = Log<String>()
        let cachesCleared = Log<String>()
        /// Builds and cache clearings, in the order they happened.
        let steps = Log<String>()

        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> String { "sign-in" }
        func makeLoggedOutChild(for variant: LogoutVariant) async -> String {
            variant == .softLogout ? "sign-in-again" : "sign-in"
        }
        func makeLoggedInChild(for session: String) async -> String {
            built.append(session)
            steps.append("build \(session)")
            return "home(\(session))"
        }
        func makeSwitchingPlaceholder() async -> String {
            cachesCleared.append("released")
            steps.append("clear caches")
            return "spinner"
        }
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(
                loginAnimation: .immediate,
                logoutAnimation: .immediate,
                releasesSessionBeforeSwitch: true
            )
        }
    }

    @Test func aSoftLogoutThenClearAllDataReachesTheSignInScreen() async {
        let flow = AuthFlow(provider: AppProvider(), splash: "launch")
        await flow.start()
        await flow.login("ada")

        // The session expired: keep the account, ask to sign in again.
        await flow.logout(.softLogout)
        // The user chose "clear all data": the plain sign-in screen.
        await flow.logout(.signedOut)

        #expect(await flow.container.child.child == "sign-in")
    }

    /// The cache-clearing recipe's app: screens are objects, so that the test sees when
    /// the old session's screen is released. It implements only the variant form of the
    /// logged-out factory, and clears the caches in the logged-in factory of a refresh.
    struct CacheClearingProvider: AuthFlowProvider {
        final class Home: Sendable {}

        let tracker = ReleaseTracker()
        let homes = Log<Int>()
        /// The old screens still alive each time the caches were cleared.
        let aliveWhenCleared = Log<[String]>()

        func initialSession() async -> String? { "ada" }
        func makeLoggedOutChild(for variant: LogoutVariant) async -> any Sendable { "sign-in" }
        func makeLoggedInChild(for session: String) async -> any Sendable {
            let home = Home()
            homes.append(homes.all.count + 1)
            tracker.track(home, as: "home \(homes.all.count)")
            return home
        }
        func makeLoggedInChild(for session: String, call: AuthCall) async -> any Sendable {
            if call == .refresh {
                // The recipe: the old session's UI is gone by now; clear the caches here.
                aliveWhenCleared.append(tracker.alive)
            }
            return await makeLoggedInChild(for: session)
        }
        func makeSwitchingPlaceholder() async -> any Sendable { "spinner" }
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(
                loginAnimation: .immediate,
                logoutAnimation: .immediate,
                releasesSessionBeforeSwitch: true
            )
        }
    }

    @Test func clearingCachesReleasesTheOldSessionsScreenFirst() async {
        let provider = CacheClearingProvider()
        let flow = AuthFlow(provider: provider, splash: "launch")
        await flow.start()

        // With `releasesSessionBeforeSwitch`, a refresh first shows the placeholder, so
        // the old screen is released before the new one is built.
        let result = await flow.refresh()

        #expect(result == .completed)
        #expect(provider.aliveWhenCleared.all == [[]], "the old home was released before the caches were cleared")
        #expect(provider.tracker.alive == ["home 2"])
        await flow.finish()
    }

    @Test func aReloadRacingALogoutNeverShowsTheLoggedInScreenAgain() async {
        let flow = AuthFlow(provider: AppProvider(), splash: "launch")
        await flow.start()
        await flow.login("ada")

        // The flags changed: rebuild the session's UI. Call `refresh()` when the reload
        // is decided, not after awaiting the flags: it takes its place when called.
        let reload = Task { await flow.refresh() }
        #expect(await eventually { flow.callCount == 3 })
        // The session expired meanwhile.
        await flow.logout()
        _ = await reload.value

        #expect(await flow.phase == .loggedOut)
    }

    @Test func onboardingInsideTheLoggedInPhaseEndsWhenTheSessionExpires() async {
        let flow = AuthFlow(provider: AppProvider(), splash: "launch")
        await flow.start()
        await flow.login("ada")

        // Onboarding, shown within the logged-in phase, waits for the user...
        let onboarding = Task {
            await flow.container.hop { (_: HopHandle<Bool>) in
                await flow.container.child.showing("onboarding")
            }
        }
        #expect(await eventually { await flow.container.child.child == "onboarding" })
        // ...until the session expires: the hop ends as replaced.
        await flow.logout()
        let outcome = await onboarding.value

        #expect(outcome.value == nil)
        #expect(await flow.container.child.child == "sign-in")
    }

    /// What a window's scene delegate keeps: its presenter of the app's one flow.
    final class WindowFlow: Sendable {
        let flow: AuthFlow<AppProvider>
        let scene: AuthScene<AppProvider>

        /// In `scene(_:willConnectTo:options:)`, with the window's stage.
        init(flow: AuthFlow<AppProvider>, stage: (any FlowStage<AuthScreen<String, String>>)?) {
            self.flow = flow
            self.scene = flow.attachScene(placeholder: "launch", stage: stage)
        }

        /// In `sceneDidDisconnect(_:)`: `Task { await windowFlow.disconnect() }`.
        func disconnect() async {
            await flow.detach(scene)
        }
    }

    @Test func aWindowThatConnectsMidSessionShowsItAndOneThatClosesLeavesTheOthers() async {
        let flow = AuthFlow(provider: AppProvider(), splash: "launch")
        await flow.start()
        await flow.login("ada")
        let window = WindowFlow(flow: flow, stage: nil)
        await window.scene.placed()
        #expect(await window.scene.container.child.child == "home(ada)")
        await window.disconnect()
        #expect(await window.scene.container.isFinished)
        #expect(await flow.container.child.child == "home(ada)")
        await flow.finish()
    }
}

extension RecipeTests {
    /// The locked-launch recipe's app: a password manager whose vault timed out.
    struct VaultProvider: AuthFlowProvider {
        var vaultTimedOut = true

        /// The account the keychain restores.
        func restoredAccount() async -> String? { "ada" }

        func initialState() async -> AuthInitialState<String> {
            guard let account = await restoredAccount() else { return .loggedOut(.signedOut) }
            return vaultTimedOut ? .locked(account) : .loggedIn(account)
        }

        func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> String { "sign-in" }
        func makeLoggedInChild(_ context: AuthLoggedInContext<String, Void>) async -> String {
            "vault(\(context.session))"
        }
        func makeLockScreen(_ context: AuthCoverContext<String>) async -> String { "unlock(\(context.session))" }
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }
    }

    /// A Face ID prompt the test answers.
    final class Biometrics: Sendable {
        let answer = Gate()
        let asked = LockedValue(false)

        func evaluate() async -> Bool {
            asked.withLock { $0 = true }
            await answer.pass()
            return true
        }
    }

    @Test func aLockedLaunchShowsTheLockScreen_AndAStaleFaceIDAnswerNeverUnlocksIt() async {
        let flow = AuthFlow(provider: VaultProvider(), splash: "launch")
        #expect(await flow.start() == .completed)
        #expect(await flow.container.child.child == "unlock(ada)")
        #expect(await flow.phase == .locked("ada"))

        // A prompt answered after the app locked again unlocks nothing.
        let biometrics = Biometrics()
        let stale = Task {
            // The lock screen is shown: the Face ID prompt begins.
            let attempt = flow.unlockAttempt()
            if await biometrics.evaluate() {
                await flow.unlock(attempt)
            }
        }
        #expect(await eventually { biometrics.asked.withLock { $0 } })
        await flow.lock()
        biometrics.answer.open()
        await stale.value
        #expect(await flow.phase == .locked("ada"))

        // A prompt of its own unlocks.
        let fresh = Biometrics()
        fresh.answer.open()
        let attempt = flow.unlockAttempt()
        if await fresh.evaluate() {
            await flow.unlock(attempt)
        }
        #expect(await flow.container.child.child == "vault(ada)")
        await flow.finish()
    }
}

extension LogoutVariant {
    /// "Sign in again": the account is kept.
    static let softLogout = LogoutVariant("softLogout")

}
