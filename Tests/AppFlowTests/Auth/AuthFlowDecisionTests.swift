import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// What `AuthFlow` decides beyond call order: refreshes, the initial state, what the
/// provider is told, and the phase a call asked for.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthFlowDecisionTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    static let soft = LogoutVariant("softLogout")
    static let locked = LogoutVariant("locked")

    /// A logged-in flow ("ada") whose logouts hold in the outgoing child's preparation
    /// until the returned gate opens: a slow server-side logout.
    static func loggedInWithSlowLogout(
        configure: (inout TestAuthProvider) -> Void = { _ in }
    ) async -> (Flow, TestAuthProvider, Gate) {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let gate = Gate()
        provider.logoutPreparationGate = gate
        configure(&provider)
        // A manual clock nobody advances: the preparation timeout never fires.
        let flow = await provider.startedFlow(clock: ManualClock())
        #expect(await flow.phase == .loggedIn("ada"))
        return (flow, provider, gate)
    }

    @Test func aRefreshCalledWhileALogoutIsOnItsWayIsUnchangedAndNeverRevivesTheSession() async {
        let (flow, provider, gate) = await Self.loggedInWithSlowLogout()
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let refresh = Task { await flow.refresh() }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        gate.open()
        #expect(await refresh.value(within: .seconds(30)) == .unchanged)
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(await flow.phase == .loggedOut)
        #expect(provider.built.all == ["loggedIn(ada)", "loggedOut"])
        await flow.finish()
    }

    /// The delay of a call's direction is a wait on the flow's clock, after the outgoing
    /// child prepared and before the new child is made: a start that lands logged out and a
    /// logout wait the logout delay, a login the login delay. While the factory sleeps on
    /// the clock, nothing is built; once the clock went through the delay, the child is.
    @Test func eachDirectionsDelayIsAWaitOnTheFlowsClockBeforeTheNewChildIsMade() async {
        var provider = TestAuthProvider()
        provider.configuration.loginDelay = .seconds(1)
        provider.configuration.logoutDelay = .seconds(2)
        // Its sleeper's deadline is far from the delays'.
        provider.configuration.preparationTimeout = .seconds(60)
        let clock = ManualClock()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), clock: clock)
        /// Waits until the factory sleeps until `offset` on the clock, then checks that the
        /// outgoing child has prepared (`prepared` is the last departure), that the flow has
        /// built only `built` so far, and lets the clock go through the delay.
        func passDelay(until offset: Duration, prepared: String, built: [String]) async {
            let deadline = ManualClock.Instant(offset: offset)
            // 10 s: a few task hops on a loaded machine; three failed waits still end within the
            // suite's 45 s bound.
            let waits = await eventually(timeout: .seconds(10)) { clock.nextDeadline == deadline }
            #expect(waits, "no wait until \(offset)")
            #expect(provider.departures.all.last == prepared, "waited before the outgoing child prepared")
            #expect(provider.built.all == built, "built before its delay ran")
            await clock.advance(through: deadline)
        }
        let start = Task { await flow.start() }
        await passDelay(until: .seconds(2), prepared: "splash logout by start to signedOut", built: [])
        #expect(await start.value(within: .seconds(10)) == .completed)
        let login = Task { await flow.login("ada") }
        await passDelay(until: .seconds(3), prepared: "loggedOut login by login", built: ["loggedOut"])
        #expect(await login.value(within: .seconds(10)) == .completed)
        let logout = Task { await flow.logout() }
        await passDelay(
            until: .seconds(5),
            prepared: "main(ada) logout by logout to signedOut",
            built: ["loggedOut", "loggedIn(ada)"]
        )
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(provider.built.all == ["loggedOut", "loggedIn(ada)", "loggedOut"])
        await flow.finish()
    }

    @Test func aRefreshForAnotherAccountIsUnchangedAndOneForTheSameAccountRebuilds() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = await provider.startedFlow()
        #expect(await flow.refresh("bob") == .unchanged)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(await flow.refresh("ada-v2") == .completed)
        #expect(await flow.phase == .loggedIn("ada-v2"))
        #expect(provider.loggedInCalls.all == ["ada by start", "ada-v2 by refresh"])
        await flow.finish()
    }

    /// The switching placeholder's session child prepared to leave for the switch, but
    /// the logout's own preparation (a server-side logout) had not run: it runs now.
    @Test func aLogoutWhileTheSwitchingPlaceholderIsShownStillPreparesForTheLogout() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        provider.configuration.releasesSessionBeforeSwitch = true
        let gate = Gate()
        provider.loginGate = gate
        provider.heldSession = "bob"
        let flow = await provider.startedFlow()
        let switching = Task { await flow.login("bob") }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        #expect(await flow.container.child.child.name == "placeholder")
        let logout = Task { await flow.logout(Self.soft) }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        gate.open()
        #expect(await switching.value(within: .seconds(30)) == .superseded)
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(
            provider.departures.all == [
                "splash login by start", "main(ada) login by login", "placeholder logout by logout to softLogout",
            ]
        )
        await flow.finish()
    }

    /// A start that lands on the lock screen leaves the splash as a logged-out start does:
    /// the splash prepares to go, towards the lock, with no variant.
    @Test func aStartThatLandsLockedPreparesTheSplashToLeave() async {
        var provider = TestAuthProvider()
        provider.initial = .locked("ada")
        let flow = await provider.startedFlow(clock: ManualClock())
        #expect(await flow.phase == .locked("ada"))
        #expect(provider.departures.all == ["splash logout by start"])
        await flow.finish()
    }

    @Test func theProviderLearnsEachDeparturesCallAndVariantAndEachLoginsCall() async {
        let provider = TestAuthProvider()
        let flow = await provider.startedFlow()
        await flow.login("ada")
        await flow.refresh()
        await flow.logout(Self.soft)
        #expect(
            provider.departures.all == [
                "splash logout by start to signedOut", "loggedOut login by login", "main(ada) login by refresh",
                "main(ada) logout by logout to softLogout",
            ]
        )
        #expect(provider.loggedInCalls.all == ["ada by login", "ada by refresh"])
        await flow.finish()
    }

    /// An app that opens on a locked account's unlock screen names that variant, so the
    /// flow knows what it shows: a forced logout to the sign-in screen then switches.
    @Test func startLandsOnTheLoggedOutVariantTheProviderNames() async {
        var provider = TestAuthProvider()
        provider.initial = .loggedOut(Self.locked)
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        #expect(await flow.phase == .loggedOut)
        #expect(await flow.logoutVariant == Self.locked)
        #expect(await flow.logout(Self.locked) == .unchanged)
        #expect(await flow.logout() == .completed)
        #expect(await flow.logoutVariant == .signedOut)
        #expect(provider.built.all == ["loggedOut(locked)", "loggedOut"])
        await flow.finish()
    }

    @Test func theRequestedPhaseShowsALogoutCalledBeforeItBegins() async {
        let (flow, _, gate) = await Self.loggedInWithSlowLogout()
        #expect(flow.requestedPhase == .loggedIn("ada"))
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        #expect(flow.requestedPhase == .loggedOut)
        #expect(await flow.phase == .loggedIn("ada"))
        gate.open()
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    @Test func theRequestedPhaseIsUnknownUntilStartsProviderAnswers() async {
        var provider = TestAuthProvider()
        let gate = Gate()
        provider.sessionGate = gate
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(flow.requestedPhase == nil)
        let start = Task { await flow.start() }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        #expect(flow.requestedPhase == nil)
        gate.open()
        #expect(await start.value(within: .seconds(30)) == .completed)
        #expect(flow.requestedPhase == .loggedIn("ada"))
        await flow.finish()
    }

    /// By call order the later call decides: a login called after a logout is a new
    /// login. Once the logout it overtook has begun (its server-side preparation ran), the
    /// session it shows has ended, so the login builds a new session's child, although
    /// the logout's own child is never shown.
    @Test func aLoginCalledAfterALogoutIsANewLoginAndDecides() async {
        let (flow, provider, gate) = await Self.loggedInWithSlowLogout()
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        #expect(flow.requestedPhase == .loggedIn("ada"))
        gate.open()
        #expect(await logout.value(within: .seconds(30)) == .superseded)
        #expect(await login.value(within: .seconds(30)) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        // The logout, beaten while its outgoing child prepared, never calls its factory:
        // the placeholder stands in for a child no one sees.
        #expect(provider.built.all == ["loggedIn(ada)", "placeholder", "loggedIn(ada)"])
        await flow.finish()
    }

    /// A login called after a logout that has not begun finds its session still shown,
    /// in the session the flow never left: nothing is rebuilt (`unchanged`), and the
    /// logout never runs.
    @Test func aLoginAfterALogoutThatNeverBeganIsUnchanged() async {
        let (flow, provider, gate) = await Self.loggedInWithSlowLogout()
        let hold = Gate()
        // A transition that holds the container keeps the logout from beginning.
        let busy = Task {
            await flow.container.cycle(animation: .immediate, policy: .enqueue) {
                await hold.pass()
                return AuthScreen(phase: .loggedIn("ada"), child: Screen("held"))
            }
        }
        #expect(await eventually(timeout: .seconds(30)) { hold.waitingCount == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 2 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually(timeout: .seconds(30)) { flow.callCount == 3 })
        hold.open()
        gate.open()
        _ = await busy.value(within: .seconds(30))
        #expect(await logout.value(within: .seconds(30)) == .superseded)
        #expect(await login.value(within: .seconds(30)) == .unchanged)
        #expect(await flow.phase == .loggedIn("ada"))
        #expect(provider.built.all == ["loggedIn(ada)"])
        #expect(provider.departures.all == ["splash login by start"])
        await flow.finish()
    }

    /// A provider that implements neither logged-out factory.
    struct ForgetfulProvider: AuthFlowProvider {
        func initialSession() async -> String? { nil }
        func makeLoggedInChild(for session: String) async -> String { session }
    }

    @Test func aProviderWithNeitherLoggedOutFactoryStopsWithAMessageInsteadOfRecursing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = AuthFlow(provider: ForgetfulProvider(), splash: "splash")
            await flow.start()
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("implements none of makeLoggedOutChild(_:)"))
        #expect(standardError.contains("implement makeLoggedOutChild(_:)"))
    }

    /// A provider that writes only what it uses: where it starts (locked or not), and
    /// children made with the session's context; never `initialSession()` nor the
    /// context-free logged-in factory.
    struct ContextOnlyProvider: AuthFlowProvider {
        var locked = false
        func initialState() async -> AuthInitialState<String> { locked ? .locked("ada") : .loggedIn("ada") }
        func makeLoggedOutChild() async -> String { "sign-in" }
        func makeLoggedInChild(for session: String, in context: AuthChildContext<Void>) async -> String {
            "home(\(session))@\(context.scene.rawValue)"
        }
        // No animation, so no watchdog can cut the start short on a loaded machine.
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)
        }
    }

    @Test func aProviderWritesNoRequirementItsFlowNeverCalls() async {
        let provider = ContextOnlyProvider()
        let flow = AuthFlow(provider: provider, splash: "splash")
        #expect(await flow.start() == .completed)
        #expect(await flow.container.child.child == "home(ada)@1")
        // The session the default `initialSession()` reads from `initialState()`.
        let reader: any InitialSessionReader = DeprecatedInitialSession()
        #expect(await reader.initialSession(of: provider) == "ada")
        #expect(await reader.initialSession(of: ContextOnlyProvider(locked: true)) == "ada")
        await flow.finish()
    }

    /// A provider that says neither where it starts nor what session it restores.
    struct StartlessProvider: AuthFlowProvider {
        func makeLoggedOutChild() async -> String { "sign-in" }
        func makeLoggedInChild(for session: String) async -> String { session }
    }

    @Test func aProviderWithNeitherInitialStateNorInitialSessionStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = AuthFlow(provider: StartlessProvider(), splash: "splash")
            await flow.start()
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("implements neither initialState() nor initialSession()"))
    }

    /// A provider that makes no logged-in child in any form.
    struct ChildlessProvider: AuthFlowProvider {
        func initialSession() async -> String? { "ada" }
        func makeLoggedOutChild() async -> String { "sign-in" }
    }

    @Test func aProviderWithNoLoggedInFactoryStopsWithAMessageAtItsFirstLogin() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let flow = AuthFlow(provider: ChildlessProvider(), splash: "splash")
            await flow.start()
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("implements none of makeLoggedInChild(_:)"))
        #expect(standardError.contains("implement makeLoggedInChild(_:)"))
    }

    @Test func theChangeCountCountsOnlyCallsThatSwitchedAWindow() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        #expect(flow.changeCount == 1)
        // Refused at once, unchanged at its turn, for another account, beaten: none counts.
        #expect(await flow.unlock() == .unchanged)
        #expect(await flow.login("ada") == .unchanged)
        #expect(await flow.refresh("bob") == .unchanged)
        provider.logins.hold()
        let beaten = flow.request(.login("bob"))
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let logout = flow.request(.logout())
        let joined = flow.request(.logout())
        provider.logins.release()
        #expect(await beaten.result == .superseded)
        #expect(await logout.result == .completed)
        #expect(await joined.result == .completed)
        // The logout, once; its joined twin not again.
        #expect(flow.changeCount == 2)
        #expect(flow.callCount == 7)
        await flow.finish()
        #expect(await flow.login("ada") == .cancelled)
        #expect(flow.changeCount == 2)
    }

    /// A provider that implements only the variant form gets it for the plain logout too.
    struct VariantOnlyProvider: AuthFlowProvider {
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild(for variant: LogoutVariant) async -> String { "signed out as \(variant)" }
        func makeLoggedInChild(for session: String) async -> String { session }
    }

    @Test func aProviderWithOnlyTheVariantFactoryBuildsEveryLoggedOutChildWithIt() async {
        let flow = AuthFlow(provider: VariantOnlyProvider(), splash: "splash")
        await flow.start()
        #expect(await flow.container.child.child == "signed out as signedOut")
        await flow.finish()
    }

    @Test func aScreenAnAppPlacesWithinThePhaseShownKeepsItsPhaseAndVariant() async {
        let flow = AuthFlow(provider: VariantOnlyProvider(), splash: "splash")
        await flow.start()
        let soft = LogoutVariant("softLogout")
        await flow.logout(soft)
        let step = Task {
            await flow.container.hop { (_: HopHandle<Bool>) in
                await flow.container.child.showing("verify email")
            }
        }
        #expect(await eventually { await flow.container.child.child == "verify email" })
        #expect(await flow.phase == .loggedOut)
        #expect(await flow.logoutVariant == soft)
        await flow.login("ada")
        if case .replaced = await step.value {} else { Issue.record("the hop did not end as replaced") }
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
    }
}

/// Asks a provider's deprecated `initialSession()` without a deprecation warning in the
/// test: the witness is deprecated, and a call through the protocol names its requirement.
protocol InitialSessionReader {
    func initialSession<P: AuthFlowProvider>(of provider: P) async -> P.Session?
}

/// The deprecated `initialSession()`, read for ``InitialSessionReader``.
struct DeprecatedInitialSession: InitialSessionReader {
    @available(*, deprecated, message: "reads the deprecated initialSession()")
    func initialSession<P: AuthFlowProvider>(of provider: P) async -> P.Session? {
        await provider.initialSession()
    }
}
