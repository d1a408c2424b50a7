import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Intents on a flow: every arrival moment × every kind of intent, held across login,
/// never across a logout, one outcome each, bounded, cancellable, and one scene each.
@Suite(.endsWithin(.seconds(60))) struct AuthFlowIntentTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    /// A flow of `provider` whose scene the provider can look at.
    static func makeFlow(_ provider: IntentAuthProvider, clock: any Clock<Duration> = ContinuousClock()) -> Flow {
        let flow = Flow(provider: provider, splash: Screen("splash"), clock: clock)
        provider.scenes.add(flow.scene)
        return flow
    }

    /// A flow logged in with "ada" from its start, and its provider.
    static func loggedInFlow() async -> (Flow, IntentAuthProvider) {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = makeFlow(provider)
        await flow.start()
        return (flow, provider)
    }

    /// The name of the child `scene` shows.
    static func shown(_ scene: AuthScene<IntentAuthProvider>) async -> String {
        await scene.container.child.child.name
    }

    // MARK: - Every arrival moment × every kind

    /// Where the flow is when the intent arrives.
    enum Moment: String, CaseIterable, Sendable {
        case beforeStart, duringRestore, loggedOut, duringLogin, loggedIn, duringRefresh, duringLogout
        case duringSwitch, afterFinish
    }

    /// What the intent names: nothing, the session that ends up shown ("ada"), that session
    /// with a switch to it, or another session.
    enum Kind: String, CaseIterable, Sendable {
        case anySession, shownSession, switchingToShown, otherSession

        var session: String? {
            switch self {
            case .anySession: return nil
            case .shownSession, .switchingToShown: return "ada"
            case .otherSession: return "bob"
            }
        }
    }

    /// Brings a new flow to `moment` and returns it with the work that ends the moment and
    /// leaves the flow logged in with "ada" (or finished).
    static func arrive(
        at moment: Moment,
        _ provider: inout IntentAuthProvider
    ) async -> (Flow, @Sendable () async -> Void) {
        switch moment {
        case .beforeStart, .loggedOut, .duringLogin: provider.session = nil
        case .duringSwitch: provider.session = "bob"
        case .duringRestore, .loggedIn, .duringRefresh, .duringLogout, .afterFinish: provider.session = "ada"
        }
        let flow = makeFlow(provider)
        if moment != .beforeStart && moment != .duringRestore {
            await flow.start()
        }
        switch moment {
        case .beforeStart:
            return (
                flow,
                {
                    await flow.start()
                    await flow.login("ada")
                }
            )
        case .duringRestore:
            return (flow, await held(provider.restoring) { await flow.start() })
        case .loggedOut:
            return (flow, { await flow.login("ada") })
        case .duringLogin, .duringSwitch:
            return (flow, await held(provider.logins) { await flow.login("ada") })
        case .loggedIn:
            return (flow, {})
        case .duringRefresh:
            return (flow, await held(provider.logins) { await flow.refresh() })
        case .duringLogout:
            let endLogout = await held(provider.logouts) { await flow.logout() }
            return (
                flow,
                {
                    await endLogout()
                    await flow.login("ada")
                }
            )
        case .afterFinish:
            await flow.finish()
            return (flow, {})
        }
    }

    /// Makes `call` with `slot` held, returns once it waits there, with what lets it go on
    /// and waits for it.
    static func held(
        _ slot: GateSlot,
        _ call: @escaping @Sendable () async -> Void
    ) async -> @Sendable () async -> Void {
        slot.hold()
        let task = Task { await call() }
        #expect(await eventually { slot.waitingCount == 1 })
        return {
            slot.release()
            await task.value
        }
    }

    struct Arrival: Sendable, CustomTestStringConvertible {
        let moment: Moment
        let kind: Kind
        var testDescription: String { "\(kind.rawValue) intent \(moment.rawValue)" }
    }

    static let arrivals = Moment.allCases.flatMap { moment in Kind.allCases.map { Arrival(moment: moment, kind: $0) } }

    @Test(arguments: arrivals)
    func anIntentArrivingAtAnyMomentIsDeliveredOnceToTheSessionShownAfterItOrDroppedWithItsReason(
        _ arrival: Arrival
    ) async {
        var provider = IntentAuthProvider()
        let (flow, endMoment) = await Self.arrive(at: arrival.moment, &provider)
        let handle = flow.enqueue("link", for: arrival.kind.session, switching: arrival.kind == .switchingToShown)
        await endMoment()
        let result = await handle.result
        if arrival.moment == .afterFinish {
            #expect(result == .dropped(.finished))
            #expect(provider.deliveries.all.isEmpty)
            return
        }
        #expect(await flow.phase == .loggedIn("ada"))
        if arrival.kind == .otherSession {
            #expect(result == .dropped(.sessionMismatch))
            #expect(provider.deliveries.all.isEmpty)
        } else {
            // Delivered once, to the child on screen now: the newest call's, once it appeared.
            let child = await Self.shown(flow.scene)
            #expect(result == .delivered(flow.scene.id))
            #expect(provider.deliveries.all == ["link → \(child)"])
            let log = provider.log.all
            let appeared = log.firstIndex(of: "\(child).didAppear")
            let delivered = log.firstIndex(of: "deliver link → \(child)")
            #expect(appeared != nil && delivered != nil && appeared! < delivered!)
        }
        #expect(provider.offScreen.all.isEmpty)
        #expect(flow.heldIntentCount == 0)
        await flow.finish()
    }

    @Test func anIntentForAnAccountWhoseTokenWasRenewedIsDelivered_AndAnotherAccountsIsDropped() async {
        // The provider's sessions "ada" and "ada-v2" are one account (isSameAccount).
        let (flow, provider) = await Self.loggedInFlow()
        #expect(await flow.refresh("ada-v2") == .completed)
        #expect(await flow.phase == .loggedIn("ada-v2"))
        // A notification tap that knows only the account, from before the renewal.
        #expect(await flow.open("reply", for: "ada") == .delivered(flow.scene.id))
        #expect(provider.deliveries.all == ["reply → \(await Self.shown(flow.scene))"])
        #expect(await flow.open("other", for: "bob") == .dropped(.sessionMismatch))
        #expect(provider.deliveries.all.count == 1)
        // Switching to the account shown logs in with no stale session.
        let calls = flow.callCount
        #expect(await flow.open("again", for: "ada", switching: true) == .delivered(flow.scene.id))
        #expect(flow.callCount == calls)
        #expect(await flow.phase == .loggedIn("ada-v2"))
        await flow.finish()
    }

    // MARK: - Never across a logout

    @Test func anIntentHeldWhenALogoutIsCalledIsDroppedAtOnceAndNeverReachesTheNextSession() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        await flow.start()
        provider.logins.hold()
        let login = Task { await flow.login("ada") }
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let held = flow.enqueue("inbox")
        provider.logouts.hold()
        let logout = flow.request(.logout())
        // Dropped the moment the logout is called, before anything of it has run.
        #expect(held.hasOutcome)
        #expect(await held.result == .dropped(.loggedOut))
        provider.logins.release()
        provider.logouts.release()
        #expect(await login.value == .superseded)
        _ = await logout.result
        #expect(await flow.phase == .loggedOut)
        await flow.login("ada")
        #expect(provider.deliveries.all.isEmpty)
        await flow.finish()
    }

    @Test func aLogoutJoiningAnotherStillDropsTheIntentsOpenedBetweenThem() async throws {
        let (flow, provider) = await Self.loggedInFlow()
        provider.logouts.hold()
        let first = flow.request(.logout())
        let between = flow.enqueue("inbox")
        let joined = flow.request(.logout())
        // Dropped by the joining logout's call itself, before it returns.
        try #require(between.hasOutcome)
        #expect(await between.result == .dropped(.loggedOut))
        provider.logouts.release()
        #expect(await first.result == .completed)
        #expect(await joined.result == .completed)
        await flow.finish()
    }

    @Test func anIntentOpenedAfterALogoutWasCalledWaitsForTheNextLogin() async {
        let (flow, provider) = await Self.loggedInFlow()
        await flow.logout()
        let link = flow.enqueue("inbox")
        #expect(flow.heldIntentCount == 1)
        await flow.login("bob")
        #expect(await link.result == .delivered(flow.scene.id))
        #expect(provider.deliveries.all == ["inbox → \(await Self.shown(flow.scene))"])
        await flow.finish()
    }

    // MARK: - Order, one at a time

    @Test func intentsAreDeliveredInTheOrderTheyWereOpened_OneAtATime() async {
        let (flow, provider) = await Self.loggedInFlow()
        provider.delivering.hold()
        let handles = (1...4).map { flow.enqueue("link \($0)") }
        #expect(await eventually { provider.delivering.waitingCount == 1 })
        // The second waits for the first to return.
        #expect(provider.received.all.map(\.intent) == ["link 1"])
        #expect(flow.heldIntentCount == 3)
        provider.delivering.release()
        for handle in handles {
            #expect(await handle.result == .delivered(flow.scene.id))
        }
        #expect(provider.received.all.map(\.intent) == (1...4).map { "link \($0)" })
        await flow.finish()
    }

    @Test func aColdStartBurstIsDeliveredWhole_InOrder_AfterTheRestoredSessionAppears() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.restoring.hold()
        let clock = ManualClock()
        let flow = Self.makeFlow(provider, clock: clock)
        // Before the first screen exists: a URL, a Handoff activity, a shortcut, shared tabs.
        let burst = ["url", "handoff", "shortcut", "tab 1", "tab 2", "tab 3"]
        let recorder = IntentRecorder(flow)
        for intent in burst { recorder.enqueue(intent) }
        let start = Task { await flow.start() }
        #expect(await eventually { provider.restoring.waitingCount == 1 })
        // A trip to the background before the app became active: time passes, nothing is lost.
        clock.advance(by: .seconds(120))
        #expect(flow.heldIntentCount == burst.count)
        #expect(recorder.pendingCount == burst.count)
        provider.restoring.release()
        _ = await start.value
        let outcomes = await recorder.outcomes()
        #expect(outcomes.map(\.intent) == burst)
        #expect(outcomes.allSatisfy { $0.result == .delivered(flow.scene.id) })
        let child = await Self.shown(flow.scene)
        #expect(provider.deliveries.all == burst.map { "\($0) → \(child)" })
        #expect(recorder.pendingCount == 0)
        await flow.finish()
    }

    // MARK: - Bounds

    @Test func anIntentHeldLongerThanTheExpiryIsDroppedAsExpired_AndNotBefore() async {
        var provider = IntentAuthProvider()
        provider.configuration.intentExpiry = .seconds(60)
        let clock = ManualClock()
        let flow = Self.makeFlow(provider, clock: clock)
        let link = flow.enqueue("link")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(59))
        await Task.yield()
        #expect(!link.hasOutcome)
        clock.advance(by: .seconds(1))
        #expect(await Task { await link.result }.value(within: .seconds(10)) == .dropped(.expired))
        #expect(flow.heldIntentCount == 0)
        await flow.finish()
    }

    @Test func anIntentDeliveredAtOnceStartsNoExpiry_AndOneWithoutExpiryWaitsForever() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        provider.configuration.intentExpiry = nil
        let clock = ManualClock()
        let flow = Self.makeFlow(provider, clock: clock)
        let held = flow.enqueue("held")
        #expect(clock.sleeperCount == 0)
        await flow.start()
        #expect(await held.result == .delivered(flow.scene.id))
        await flow.finish()
    }

    @Test func openingMoreThanTheBoundDropsTheOldestHeldAsDisplaced() async {
        var provider = IntentAuthProvider()
        provider.configuration.maxHeldIntents = 2
        let flow = Self.makeFlow(provider)
        let first = flow.enqueue("first")
        let second = flow.enqueue("second")
        let third = flow.enqueue("third")
        #expect(await first.result == .dropped(.displaced))
        #expect(flow.heldIntentCount == 2)
        await flow.start()
        await flow.login("ada")
        #expect(await second.result == .delivered(flow.scene.id))
        #expect(await third.result == .delivered(flow.scene.id))
        await flow.finish()
    }

    @Test func finishDropsEveryHeldIntentAndEveryLaterOne_AndHoldsNothing() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        let held = flow.enqueue("held")
        await flow.finish()
        #expect(await held.result == .dropped(.finished))
        #expect(await flow.open("late") == .dropped(.finished))
        #expect(flow.heldIntentCount == 0)
    }

    @Test func aFlowReleasedWithIntentsHeldDropsThemAsFinished_AndReleasesItsChildren() async {
        let tracker = ReleaseTracker()
        var provider = IntentAuthProvider()
        provider.tracker = tracker
        var flow: Flow? = Self.makeFlow(provider)
        let handle = flow!.enqueue("held")
        await flow!.start()
        #expect(!handle.hasOutcome)
        flow = nil
        #expect(await handle.result == .dropped(.finished))
        #expect(await tracker.waitUntilReleased())
    }

    // MARK: - Cancellation

    @Test func cancellingTheOpenerWithdrawsAHeldIntent() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        let opener = Task { await flow.open("link") }
        #expect(await eventually { flow.heldIntentCount == 1 })
        opener.cancel()
        #expect(await opener.value == .dropped(.cancelled))
        #expect(flow.heldIntentCount == 0)
        await flow.start()
        await flow.login("ada")
        #expect(provider.deliveries.all.isEmpty)
        await flow.finish()
    }

    @Test func cancellingTheOpenerOfAnIntentBeingDeliveredLetsItFinish_AndTheOpenerHearsSo() async {
        let (flow, provider) = await Self.loggedInFlow()
        provider.delivering.hold()
        let opener = Task { await flow.open("link") }
        #expect(await eventually { provider.delivering.waitingCount == 1 })
        opener.cancel()
        await Task.yield()
        provider.delivering.release()
        #expect(await opener.value == .delivered(flow.scene.id))
        await flow.finish()
    }

    @Test func aHandleWithdrawsItsHeldIntent_AndCancellingLaterChangesNothing() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        let handle = flow.enqueue("link")
        handle.cancel()
        #expect(await handle.result == .dropped(.cancelled))
        handle.cancel()
        #expect(await handle.result == .dropped(.cancelled))
        await flow.finish()
    }

    // MARK: - Sessions named

    @Test func anIntentForAnotherSessionWithASwitchLogsIntoThatSessionAndReachesIt() async {
        let (flow, provider) = await Self.loggedInFlow()
        // Mastodon's tap on a notification for another account.
        let result = await flow.open("mention", for: "bob", switching: true)
        #expect(result == .delivered(flow.scene.id))
        #expect(await flow.phase == .loggedIn("bob"))
        #expect(provider.deliveries.all == ["mention → \(await Self.shown(flow.scene))"])
        await flow.finish()
    }

    /// The provider is asked about the phase the newest call asked for, outside the lock;
    /// a call made meanwhile changes that phase, and the provider is asked again about the
    /// new one before anything is decided: here the newer login is already of the
    /// intent's account, so no login is made for the intent, which reaches that session.
    @Test func aSwitchingIntentWhosePhaseChangesWhileTheProviderIsAskedIsDecidedAgainstTheNewPhase() async {
        let (flow, provider) = await Self.loggedInFlow()
        let madeOnce = LockedValue(false, role: .leaf)
        provider.accountAsked.withLock { hook in
            hook = { session, other in
                // Only the switching open's first question: "bob" against "ada" shown.
                guard session == "bob", other == "ada" else { return }
                let first = madeOnce.withLock { made in
                    defer { made = true }
                    return !made
                }
                if first { flow.request(.login("bob-v2")) }
            }
        }
        let calls = flow.callCount
        let opening = Task { await flow.open("mention", for: "bob", switching: true) }
        #expect(await opening.value(within: .seconds(10)) == .delivered(flow.scene.id))
        // The newer login alone: none was made from the stale answer.
        #expect(flow.callCount == calls + 1)
        #expect(await flow.phase == .loggedIn("bob-v2"))
        #expect(madeOnce.withLock { $0 })
        provider.accountAsked.withLock { $0 = nil }
        await flow.finish()
    }

    @Test func aLogoutAfterASwitchingIntentBeatsItsLogin_AndDropsIt() async {
        let (flow, provider) = await Self.loggedInFlow()
        provider.logins.hold()
        let mention = flow.enqueue("mention", for: "bob", switching: true)
        #expect(await eventually { provider.logins.waitingCount == 1 })
        let logout = flow.request(.logout())
        #expect(await mention.result == .dropped(.loggedOut))
        provider.logins.release()
        _ = await logout.result
        #expect(await flow.phase == .loggedOut)
        await flow.finish()
    }

    // MARK: - A handler that makes calls

    @Test func aHandlerThatLogsOutDoesNotWaitForItself() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = LockedValue<Flow?>(nil)
        provider.onDelivery = { intent in
            if intent == "logout link" { await flow.withLock { $0 }?.logout() }
        }
        let made = Self.makeFlow(provider)
        flow.withLock { $0 = made }
        await made.start()
        #expect(await made.open("logout link") == .delivered(made.scene.id))
        #expect(await made.phase == .loggedOut)
        await made.finish()
        flow.withLock { $0 = nil }
    }

    // MARK: - Scenes

    @Test func anIntentNamingNoSceneGoesToTheSceneLastReportedActive_ElseTheFirst() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = Self.makeFlow(provider)
        let second = flow.attachScene(placeholder: Screen("launch"))
        provider.scenes.add(second)
        await flow.start()
        #expect(await flow.open("first") == .delivered(flow.scene.id))
        flow.sceneBecameActive(second)
        #expect(await flow.open("second") == .delivered(second.id))
        flow.sceneBecameActive(flow.scene)
        #expect(await flow.open("third") == .delivered(flow.scene.id))
        #expect(provider.received.all.map(\.scene) == [1, 2, 1])
        await flow.finish()
    }

    /// A stage that holds the mount of a logged-in screen at its gate: a window slower to
    /// show the session than the others.
    final class SlowLoginStage: FlowStage {
        let gate = Gate()

        func mount(_ transition: Transition<AuthScreen<String, Screen>>) async {
            if case .loggedIn = transition.to.phase { await gate.pass() }
        }

        func unmount(_ transition: Transition<AuthScreen<String, Screen>>) async {}
    }

    @Test func aSwitchingIntentGoesToTheActiveScene_EvenWhenAnotherShowsTheSessionFirst() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        let stage = SlowLoginStage()
        let second = flow.attachScene(placeholder: Screen("launch"), stage: stage)
        provider.scenes.add(second)
        await flow.start()
        // The user taps a notification in the second window, the active one.
        flow.sceneBecameActive(second)
        let tap = flow.enqueue("reply", for: "ada", switching: true)
        // The first window shows the session first; the intent waits for the active one.
        #expect(await eventually { stage.gate.waitingCount == 1 })
        #expect(await eventually { await Self.shown(flow.scene).hasPrefix("main(ada)") })
        for _ in 0..<50 { await Task.yield() }
        #expect(!tap.hasOutcome)
        stage.gate.open()
        #expect(await tap.result == .delivered(second.id))
        #expect(provider.received.all.map(\.scene) == [2])
        await flow.finish()
    }

    @Test func anIntentNamingASceneWaitsForThatScene_AndIsDroppedIfTheSceneGoes() async {
        let (flow, provider) = await Self.loggedInFlow()
        let second = flow.attachScene(placeholder: Screen("launch"))
        provider.scenes.add(second)
        await second.placed()
        #expect(await flow.open("here", in: second.id) == .delivered(second.id))
        #expect(await flow.open("nowhere", in: AuthSceneID(rawValue: 99)) == .dropped(.sceneGone))
        await flow.logout()
        let waiting = flow.enqueue("there", in: second.id)
        await flow.detach(second)
        #expect(await waiting.result == .dropped(.sceneGone))
        await flow.finish()
    }

    @Test func aSceneAttachedMidSessionGetsIntentsOnceItsPlacementHasEnded() async {
        let (flow, provider) = await Self.loggedInFlow()
        provider.logins.hold()
        let second = flow.attachScene(placeholder: Screen("launch"))
        provider.scenes.add(second)
        let link = flow.enqueue("link", in: second.id)
        #expect(await eventually { provider.logins.waitingCount == 1 })
        #expect(!link.hasOutcome)
        provider.logins.release()
        #expect(await link.result == .delivered(second.id))
        #expect(provider.deliveries.all == ["link → \(await Self.shown(second))"])
        await flow.finish()
    }

    // MARK: - The documented snippets

    @Test func anIntentEnqueuedFromSynchronousCodeIsPlacedBeforeEnqueueReturns() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = Self.makeFlow(provider)
        let route = "inbox"
        let link = flow.enqueue(route)  // in scene(_:openURLContexts:): its place is taken
        #expect(flow.heldIntentCount == 1)
        await flow.start()
        #expect(await link.result == .delivered(flow.scene.id))
        await flow.finish()
    }

    @Test func theRecorderReturnsEveryIntentOpenedThroughItWithItsOutcome_InOpenOrder() async {
        let provider = IntentAuthProvider()
        let flow = Self.makeFlow(provider)
        await flow.start()
        #expect(flow.heldIntentCount == 0)
        let recorder = IntentRecorder(flow)
        recorder.enqueue("inbox")
        await flow.login("ada")
        let outcomes = await recorder.outcomes()  // every intent opened through it, with its outcome
        #expect(outcomes.map(\.intent) == ["inbox"])
        #expect(outcomes.map(\.result) == [.delivered(flow.scene.id)])
        #expect(recorder.pendingCount == 0)
        await flow.finish()
    }
}
