// The core part of the fuzz target: an `AuthFlow`'s `AuthCore` as a whole (the calls',
// intents' and services' machines in one value) driven by the inputs `AuthFlow`'s
// performers make (scenes attached, detached and activated, and `finish()`, too), each one
// step as under the core's one lock, and checked against a
// reference model of the documented rules: a logout supersedes every login made before
// it, and a lock every unlock and login made before it (none of those begins after it);
// no intent is delivered across a logout made after it, nor while a logout is on its way,
// nor into a session other than the flow's and the one it names; the intents and the calls
// know the same scenes; the services live only for the flow's session, told each change
// once, and are made, shared and torn down as their model says (`AuthCoreFuzzer+Services.swift`); a call's scenes' results merge as documented, and a newest call begun is followed
// up in exactly the attached scenes that report it cancelled.
// Built by `Tests/Fuzz/fuzz.sh`.

/// A provider with sessions, services and intents, all numbers: only its types matter,
/// since the driver never runs a factory.
struct FuzzCoreProvider: AuthFlowProvider {
    typealias Session = Int
    typealias Child = Int
    typealias Services = Int
    typealias Intent = Int

    func initialState() async -> AuthInitialState<Int> { .loggedOut(.signedOut) }
    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> Int { -1 }
    func makeLoggedInChild(_ context: AuthLoggedInContext<Int, Int>) async -> Int { context.session }
    func makeServices(for session: Int) async -> Int { session }
    func handle(_ intent: Int, in child: Int, context: AuthIntentContext<Int>) async {}
}

/// Drives an `AuthFlow<FuzzCoreProvider>.AuthCore` as the flow would, with one scene
/// that shows wherever the flow is, attached as `AuthFlow`'s first scene is (so that the
/// intents see it, and deliver into it), and up to two more whose requests return with
/// the first scene's (or report it cancelled, and are followed up), keeping the reference
/// model. Those show the flow's place too, or a
/// screen a scene can be left with (the session's child of an older epoch, the switching
/// placeholder, a logged-out screen): the intents may deliver only into a screen that
/// shows the flow's session, of its epoch.
struct AuthCoreDriver {
    typealias Flow = AuthFlow<FuzzCoreProvider>

    var core: Flow.AuthCore
    /// The one scene.
    let scene: AuthSceneID
    /// The calls stamped that have not ended, in call order.
    var pending: [(stamp: UInt64, call: Flow.Machine.Call)] = []
    /// How many logouts took their place (went on, or joined another).
    var logouts = 0
    /// Each intent opened: the session it names and how many logouts came before it.
    var intents: [UInt64: (session: Int?, logoutsBefore: Int)] = [:]
    /// The delivery tasks not yet run, as the performer starts one for each decision: its
    /// number and its intent's id. A task runs late, perhaps after its decision was taken
    /// back and its intent decided again.
    var tasks: [(decision: UInt64, id: UInt64)] = []
    /// The decisions a call took back: their tasks must not start.
    var takenBack: Set<UInt64> = []
    /// The newest decision handed out, and the intents whose delivery started.
    var newestDecision: UInt64 = 0
    var startedIntents: Set<UInt64> = []
    /// The stamp of the newest logout, and of the newest lock or cover, that took its place
    /// (went on, or joined a call on its way), as the model counts them.
    var lastLogout: UInt64 = 0
    var lastLock: UInt64 = 0
    /// Whether the newest call that took its place is a logout that has not ended: no
    /// intent is delivered meanwhile. (One that ended without beginning anywhere, as a
    /// cancelled one does, left the session where it was, and its intents may go.)
    var loggingOut = false

    /// The scenes attached after the first, in attach order: every call fans out to them
    /// too. A call's requests there return with its first scene's, showing what it shows;
    /// one that did not reach the first scene never returns.
    var others: [AuthSceneID] = []
    /// Whether the first scene is still attached; a detached one's requests still return.
    var firstAttached = true
    /// What each attached scene was last told it shows, as a call's requests returned
    /// there: the place, the child and the session epoch of its screen.
    var shown: [AuthSceneID: (place: AuthPlace<Int>, child: Int, epoch: UInt64?)] = [:]
    /// Whether the flow finished (``finish()``).
    var finished = false
    /// The services' model (`AuthCoreFuzzer+Services.swift`).
    var services = CoreServicesModel()

    /// The starts made whose provider has answered: only those may be launched.
    var answered: Set<UInt64> = []
    /// The pending calls launched (their scenes fanned out).
    var launched: Set<UInt64> = []
    /// The launched calls whose fan-out reached the first scene, with every scene it
    /// reached: only those begin and end there, and the other scenes' requests return
    /// with the first's.
    var inFirstScene: [UInt64: [AuthSceneID]] = [:]
    /// The calls that began in the first scene: admitted at its start, or found unchanged
    /// there (a refresh excepted, which has no destination of its own). A newest call that
    /// began is followed up in the attached scenes that report it cancelled.
    var begun: Set<UInt64> = []

    init() {
        var calls = Flow.Machine(hasServices: true)
        scene = calls.reserveScene()
        let container = Flow.makeScene(
            scene,
            splash: -1,
            stage: nil,
            configuration: AuthFlowConfiguration(),
            clock: ContinuousClock()
        )
        core = Flow.AuthCore(
            calls: calls,
            intents: Flow.IntentMachine(capacity: 3, expiry: .seconds(1)),
            services: .init(),
            feeds: Flow.EventFeeds(first: container)
        )
        _ = core.attach(scene, container, feedsAdded: core.feeds.added)
    }

    static let calls: [Flow.Machine.Call] = [
        .start, .login(0), .login(1), .logout(.signedOut), .refresh(nil), .lock(.cover), .lock(.teardown),
        .unlock(since: nil), .lock(.privacy), .uncover,
    ]

    /// A call is made, with a joiner or not, launched as it is stamped or not
    /// (`AuthCore.makeCall`, as `AuthFlow.place` and `stampCall` make it).
    mutating func makeCall(_ input: inout FuzzInput) {
        let call = Self.calls[input.choose(Self.calls.count)]
        let joiner = input.bit() ? AuthOutcome() : nil
        // A start is launched only once its provider answered, never as it is stamped.
        let launching = call != .start && input.bit() ? Flow.Launching(animation: .immediate) : nil
        record(call, core.makeCall(call, joiner: joiner, when: nil, launching: launching))
    }

    /// The model learns of `call`, made as `made` says.
    mutating func record(_ call: Flow.Machine.Call, _ made: Flow.AuthCore.MadeCall) {
        let (action, launched, intentAction, servicesAction) = made
        performServices(servicesAction, "\(call) made")
        switch action {
        case .resolve:
            guard intentAction == nil else { violated("the intents heard a call resolved at once") }
        case .joined, .proceed:
            guard let intentAction else { violated("the intents did not hear \(call)") }
            // Every call takes a stamp as it is made, a call that joins another too.
            let stamp = core.calls.lastStamp
            loggingOut = false
            switch call {
            case .logout:
                logouts += 1
                lastLogout = stamp
                loggingOut = true
            case .lock: lastLock = stamp
            case .start, .login, .refresh, .unlock, .uncover: break
            }
            // A call takes back a delivery decided and not started; its task still runs.
            takenBack.formUnion(tasks.map(\.decision))
            perform(intentAction)
        }
        guard case .proceed(let stamp, _) = action else { return }
        pending.append((stamp, call))
        if let launched {
            self.launched.insert(stamp)
            fannedOut(stamp, call, launched.fanOut)
        }
    }

    /// Call `stamp` fanned out as `fanOut` says in the step that launched it. With no scene
    /// attached, the call was admitted against the flow's place as it was launched (or
    /// refused), and ends at once, as `AuthFlow.run` ends it.
    mutating func fannedOut(_ stamp: UInt64, _ call: Flow.Machine.Call, _ fanOut: Flow.Machine.FanOutAction) {
        guard case .resolved(let result) = fanOut else {
            if case .run(let scenes) = fanOut, scenes.contains(where: { $0.id == scene }) {
                inFirstScene[stamp] = scenes.map { $0.id }
            }
            return
        }
        pending.removeAll { $0.stamp == stamp }
        if result == .completed { checkBegan(stamp, call) }
        // The services heard in the step that launched it, before the call ends.
        checkServices()
        performServices(core.decide { $0.callEnded(stamp, result: result) }.1, "callEnded(\(stamp))")
    }

    /// A pending call made without its launch is launched: a start once its provider
    /// answered, another call once what it runs first has run (`AuthFlow.run`, through
    /// `AuthCore.decide`, which tells the services if the launch moved the flow's session).
    mutating func launch(_ stamp: UInt64, _ call: Flow.Machine.Call) {
        launched.insert(stamp)
        let (launch, servicesAction) = core.decide { $0.launch(stamp, call, animation: .immediate) }
        performServices(servicesAction, "launch(\(stamp))")
        fannedOut(stamp, call, launch.fanOut)
    }

    /// Call `stamp` began: the model's call-order rules.
    func checkBegan(_ stamp: UInt64, _ call: Flow.Machine.Call) {
        switch call {
        case .login where stamp < lastLogout:
            violated("login \(stamp) began after logout \(lastLogout), made after it")
        case .login where stamp < lastLock, .unlock where stamp < lastLock:
            violated("\(call) \(stamp) began after lock \(lastLock), made after it")
        default: break
        }
    }

    /// A pending call goes on: launched, if it was made without its launch, else admitted
    /// at its start in the scene, which shows the flow's place: it begins there, and the
    /// services hear any session change in the same step.
    mutating func begin(_ input: inout FuzzInput) {
        // A teardown of services started by an earlier step ends first.
        endTeardown()
        guard !pending.isEmpty else { return }
        let (stamp, call) = pending[input.choose(pending.count)]
        // A start is launched only once its provider has answered, as `AuthFlow.run` waits
        // for it.
        if call == .start, !answered.contains(stamp) { return }
        guard launched.contains(stamp) else { return launch(stamp, call) }
        guard inFirstScene[stamp] != nil else { return }
        let (place, epoch) = (core.calls.place, core.calls.sessionEpoch)
        let ((action, _), servicesAction) = core.decide {
            $0.admitAndPlan(
                stamp,
                call,
                at: .start,
                current: place,
                currentEpoch: epoch,
                building: false,
                sameAccount: { $0 == $1 }
            )
        }
        performServices(servicesAction, "admit(\(stamp))")
        if action == .refuse(.unchanged) {
            if case .refresh = call {} else { begun.insert(stamp) }
        }
        guard action == .admit else { return }
        begun.insert(stamp)
        checkBegan(stamp, call)
    }

    /// The provider answers a pending start: logged out, logged in with 0 or 1, or locked.
    mutating func answer(_ input: inout FuzzInput) {
        let unanswered = pending.filter { $0.call == .start && !answered.contains($0.stamp) }
        guard !unanswered.isEmpty else { return }
        let stamp = unanswered[input.choose(unanswered.count)].stamp
        let answers: [AuthInitialState<Int>] = [.loggedOut(.signedOut), .loggedIn(0), .loggedIn(1), .locked(0)]
        let answer = answers[input.choose(answers.count)]
        performServices(core.decide { $0.startAnswered(stamp, answer) }.1, "startAnswered(\(stamp))")
        answered.insert(stamp)
    }

    /// A pending call ends in every scene it reached: completed in the first, at the flow's
    /// place; in the others completed, interrupted, superseded or cancelled, each showing a
    /// screen ``otherScreen(_:)`` picks (one input each; a cancelled request began nothing,
    /// so its scene shows what it showed). The core merges their results, ends the call and
    /// tells the intents what each scene shows, in one step (`AuthCore.end`); the merged
    /// result is checked against the documented rule (``checkMerged(_:_:)``). The newest
    /// call, once begun and before `finish()`, is followed up instead in the attached
    /// scenes that report it cancelled, exactly those: its follow-up there returns
    /// completed, interrupted or superseded (its tasks are the flow's, so the caller's
    /// cancellation never reaches them), and ends the call in a second step.
    mutating func end(_ input: inout FuzzInput) {
        guard !pending.isEmpty else { return }
        let index = input.choose(pending.count)
        // A call's requests reach its scenes only once it is launched, and the first scene
        // only if it was attached then.
        guard let reached = inFirstScene[pending[index].stamp] else { return }
        let (stamp, _) = pending.remove(at: index)
        // Only the newest call's screens tell the intents anything: an older call's, ending
        // after it, are the screens of a call superseded, which its scenes no longer show.
        let decides = stamp == core.calls.newest && !finished
        var results: [(id: AuthSceneID, result: TransitionResult)] = []
        var screens = reached.map { id in
            let choice = id == scene ? nil : input.choose(16)
            let result = choice.map { Self.otherResults[$0 / 4] } ?? .completed
            results.append((id, result))
            return (id: id, screen: screen(in: id, choice, result, decides: decides))
        }
        let attached = Set(core.calls.scenes.map { $0.id })
        let lagging = Set(results.filter { $0.result == .cancelled && attached.contains($0.id) }.map { $0.id })
        let followsUp = decides && begun.contains(stamp) && !lagging.isEmpty
        // The scenes' factories ran before their requests returned; a cancelled request
        // built nothing.
        buildWithServices(zip(results, screens).filter { $0.0.result != .cancelled }.map { $0.1 })
        var (ending, actions) = core.end(stamp, results, followingUp: false, shown: screens)
        if case .followUp(let scenes) = ending {
            guard followsUp, Set(scenes.map { $0.id }) == lagging else {
                violated("call \(stamp) followed up in \(scenes.map { $0.id }), results \(results)")
            }
            for index in results.indices where lagging.contains(results[index].id) {
                let choice = input.choose(12)
                let id = results[index].id
                results[index].result = Self.otherResults[choice / 4]
                let followed = screen(in: id, choice, results[index].result, decides: decides)
                screens = screens.map { $0.id == id ? (id, followed) : $0 }
            }
            buildWithServices(screens.filter { lagging.contains($0.id) })
            (ending, actions) = core.end(stamp, results, followingUp: true, shown: screens)
        } else if followsUp {
            violated("call \(stamp) not followed up in \(lagging), results \(results)")
        }
        guard case .done(let ended) = ending else { violated("call \(stamp) followed up twice") }
        checkMerged(ended.result, results)
        if core.calls.newestEnded { loggingOut = false }
        for action in actions {
            perform(action)
        }
    }

    /// The screen scene `id` shows once a request of the call that ended returned there
    /// with `result`: the flow's place in the first scene, else as `choice` says; a
    /// cancelled request leaves its scene showing what it last showed. Recorded as what the
    /// scene shows if `decides` (the call is the newest).
    mutating func screen(
        in id: AuthSceneID,
        _ choice: Int?,
        _ result: TransitionResult,
        decides: Bool
    ) -> Flow.Screen {
        let (place, child, epoch) =
            result == .cancelled
            ? shown[id] ?? otherScreen(choice.map { $0 % 4 } ?? 3)
            : choice.map { otherScreen($0 % 4) } ?? flowScreen()
        if decides { shown[id] = (place, child, epoch) }
        return Flow.Screen(
            place: place,
            child: child,
            call: nil,
            inSession: epoch.map { .init(epoch: $0, coverMark: AuthCoverMark()) }
        )
    }

    /// What a call's request returns in a scene other than the first, by its input's
    /// quarter: a follow-up never returns the last.
    static let otherResults: [TransitionResult] = [.completed, .interrupted, .superseded, .cancelled]

    /// The call's result merges its scenes' as documented: over the scenes still attached
    /// (all of them if none is), `interrupted` if it was cut short in any, else `completed`
    /// if it ran in any (else `superseded` or `unchanged`, which the driver does not tell
    /// apart, and leaves unchecked).
    func checkMerged(_ result: AuthResult, _ results: [(id: AuthSceneID, result: TransitionResult)]) {
        let attached = Set(core.calls.scenes.map { $0.id })
        let anyAttached = results.contains { attached.contains($0.id) }
        let counted = results.filter { !anyAttached || attached.contains($0.id) }.map { $0.result }
        let expected: AuthResult
        if counted.contains(.interrupted) {
            expected = .interrupted
        } else if counted.contains(.completed) {
            expected = .completed
        } else {
            return
        }
        guard result == expected else { violated("results \(results) merged into \(result), not \(expected)") }
    }

    /// The screen at the flow's place: its session's child (the session's number), of the
    /// flow's epoch; -1 for a screen of no session.
    func flowScreen() -> (place: AuthPlace<Int>, child: Int, epoch: UInt64?) {
        (core.calls.place, core.calls.place.session ?? -1, core.calls.sessionEpoch)
    }

    /// What another scene shows once a call's request returned there, by `choice` (0 to 3):
    /// mostly the flow's place, else a screen a scene can be left with: a child of the
    /// flow's session of an epoch before the flow's (child 100 + its session), the switching
    /// placeholder (-2), or a logged-out screen.
    func otherScreen(_ choice: Int) -> (place: AuthPlace<Int>, child: Int, epoch: UInt64?) {
        switch choice {
        case 0:
            guard let session = core.calls.place.session, let epoch = core.calls.sessionEpoch, epoch > 1 else {
                return flowScreen()
            }
            return (.loggedIn(session), 100 + session, epoch - 1)
        case 1:
            guard let session = core.calls.place.session else { return flowScreen() }
            return (.switching(from: session), -2, core.calls.sessionEpoch)
        case 2:
            return (.loggedOut(.signedOut), -1, nil)
        default:
            return flowScreen()
        }
    }

    /// An intent is opened for session 0, 1 or any.
    mutating func open(_ input: inout FuzzInput) {
        // A byte picks the same session as when the driver had no switching opens.
        let choice = input.choose(6)
        let session = [0, 1, nil][choice % 3]
        if choice >= 3, let session { return openSwitching(to: session, &input) }
        let (id, action) = core.openIntent(7, session: session, scene: nil, waiter: AuthIntentHandle())
        if id != 0 { intents[id] = (session, logouts) }
        perform(action)
    }

    /// An intent for `session` opened with `switching` (`AuthFlow.enqueue`): the core makes
    /// the login first in the same step unless the newest call asked for that account
    /// (sessions are their own accounts here), never while the flow is locked or covered,
    /// and answers retry, changing nothing, when the phase the provider was asked about is
    /// not the one the newest call asks for now.
    mutating func openSwitching(to session: Int, _ input: inout FuzzInput) {
        let requested = core.calls.requestedPhase
        let stale = input.choose(4) == 0
        let phase: AuthPhase<Int>? = stale ? (requested == .loggedOut ? .loggedIn(session) : .loggedOut) : requested
        let sameAccount: Bool
        switch phase {
        case .loggedIn(let asked)?, .locked(let asked)?: sameAccount = asked == session
        case .loggedOut?, .splash?, nil: sameAccount = false
        }
        let login = Flow.AuthCore.SwitchingLogin(
            session: session,
            phase: phase,
            sameAccount: sameAccount,
            joiner: AuthOutcome()
        )
        let place = core.calls.place
        let (stamps, nextIntent) = (core.calls.lastStamp, core.intents.nextID)
        switch core.openIntent(7, scene: nil, waiter: AuthIntentHandle(), switching: login) {
        case .retry(let now):
            guard stale, now == requested, core.calls.lastStamp == stamps, core.intents.nextID == nextIntent else {
                violated(
                    "switching open to \(session) retried, asked about \(String(describing: phase)), now \(String(describing: now))"
                )
            }
        case .opened(let id, let action, let made):
            guard !stale, (made == nil) == sameAccount else {
                violated(
                    "switching open to \(session) asked about \(String(describing: phase)) made login \(made != nil)"
                )
            }
            if let made {
                switch place {
                case .locked, .covered:
                    guard case .resolve(.unchanged) = made.action else {
                        violated("a switching login went on while the flow is at \(place)")
                    }
                case .splash, .loggedOut, .loggedIn, .switching: break
                }
                if case .proceed(let stamp, _) = made.action, core.calls.newest != stamp {
                    violated("switching login \(stamp) is not the newest call, \(core.calls.newest) is")
                }
                record(.login(session), made)
            }
            if id != 0 { intents[id] = (session, logouts) }
            perform(action)
        }
    }

    /// One delivery task runs, not necessarily the newest: it starts and ends, if the core
    /// lets it start. A start is let only for the newest decision, not taken back, of an
    /// intent not delivered before.
    mutating func deliver(_ input: inout FuzzInput) {
        guard !tasks.isEmpty else { return }
        let (decision, id) = tasks.remove(at: input.choose(tasks.count))
        guard core.deliveryStarting(decision) else { return }
        guard decision == newestDecision, !takenBack.contains(decision), startedIntents.insert(id).inserted else {
            let taken = takenBack.contains(decision)
            violated(
                "delivery decision \(decision) of intent \(id) started (newest \(newestDecision), taken back \(taken))"
            )
        }
        perform(core.deliveryEnded(id))
    }

    /// Another scene is attached (at most two besides the first), or one is detached, the
    /// first seldom, each as one core step (`AuthCore.attach`, `AuthCore.detach`). With no
    /// scene attached, a call launched runs against the flow's place (`makeCall`).
    mutating func attachOrDetach(_ input: inout FuzzInput) {
        if firstAttached, input.choose(8) == 0 {
            firstAttached = false
            shown[scene] = nil
            perform(core.detach(scene).0)
            servicesSceneGone(scene)
        } else if others.count < 2, others.isEmpty || input.bit() {
            let (id, servicesAction) = core.decide { $0.reserveScene() }
            performServices(servicesAction, "reserveScene")
            let container = Flow.makeScene(
                id,
                splash: -1,
                stage: nil,
                configuration: AuthFlowConfiguration(),
                clock: ContinuousClock()
            )
            _ = core.attach(id, container, feedsAdded: core.feeds.added)
            others.append(id)
        } else {
            let detached = others.remove(at: input.choose(others.count))
            shown[detached] = nil
            perform(core.detach(detached).0)
            servicesSceneGone(detached)
        }
    }

    /// The app reports a scene active: the first, or one of the others.
    mutating func activate(_ input: inout FuzzInput) {
        let scenes = [scene] + others
        perform(core.sceneActivated(scenes[input.choose(scenes.count)]))
    }

    /// The flow finishes, once: the core's steps, of which the intents' and the services'
    /// are performed here.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        for step in core.finish() {
            switch step {
            case .dropIntents(let action): perform(action)
            case .refuseServices(let action): performServices(action, "finish")
            case .finishServices(let scenes):
                for id in scenes { services.shown[id] = nil }
                performServices(withServices { $0.scenesGone(scenes) }, "scenesGone(\(scenes))")
            case .waitForOvertakenFactories: drainOvertaken()
            case .cancelFactories, .finishScenes, .endFeeds: break
            }
        }
    }

    /// Checks a delivery the intents decide against the model.
    mutating func perform(_ action: Flow.IntentMachine.Action) {
        guard let delivery = action.deliver else { return }
        guard let intent = intents[delivery.id] else { violated("delivered intent \(delivery.id), never opened") }
        guard !loggingOut else { violated("intent \(delivery.id) delivered while logout \(lastLogout) is on its way") }
        guard intent.logoutsBefore == logouts else {
            violated(
                "intent \(delivery.id) delivered across a logout (\(intent.logoutsBefore) before it, \(logouts) now)"
            )
        }
        guard case .loggedIn(let flowSession) = core.calls.place, delivery.session == flowSession,
            intent.session.map({ $0 == delivery.session }) ?? true
        else {
            violated(
                "intent \(delivery.id) for \(String(describing: intent.session)) delivered into \(delivery.session)"
            )
        }
        // Into the child its scene shows, of the flow's session and epoch.
        guard let screen = shown[delivery.scene], screen.place == .loggedIn(flowSession),
            screen.child == delivery.child, screen.epoch == nil || screen.epoch == core.calls.sessionEpoch
        else {
            violated(
                "intent \(delivery.id) delivered to child \(delivery.child) in \(delivery.scene), which shows \(String(describing: shown[delivery.scene]))"
            )
        }
        guard delivery.decision > newestDecision else {
            violated("delivery decision \(delivery.decision) after \(newestDecision)")
        }
        newestDecision = delivery.decision
        tasks.append((delivery.decision, delivery.id))
    }

    /// The services live for the flow's session; a finished flow has left its session for
    /// the services, and none live.
    func checkServices() {
        let flowEpoch = finished ? nil : core.calls.sessionEpoch
        guard core.services.liveEpoch == flowEpoch else {
            violated(
                "services live for \(String(describing: core.services.liveEpoch)), the flow is in \(String(describing: flowEpoch))"
            )
        }
    }

    mutating func checkModel() {
        checkServices()
        if let kept = core.intents.held.first(where: { intents[$0.id]?.logoutsBefore != logouts }) {
            violated("intent \(kept.id) still held after a logout made after it")
        }
        guard core.intents.attached == core.calls.scenes.map(\.id) else {
            violated("the intents know scenes \(core.intents.attached), the calls \(core.calls.scenes.map(\.id))")
        }
        let broken =
            core.calls.invariantViolations() + core.intents.invariantViolations()
            + core.services.invariantViolations()
        guard broken.isEmpty else { violated("invariants \(broken)") }
    }

    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(11) {
            case 0, 1: makeCall(&input)
            case 2, 3: begin(&input)
            case 4, 5: end(&input)
            case 6: open(&input)
            case 7: answer(&input)
            case 8: attachOrDetach(&input)
            case 9:
                switch input.choose(8) {
                // Rarely: once finished, the flow takes its calls and intents no further.
                case 0: finish()
                case 7: factoryStep(&input)
                default: activate(&input)
                }
            default: deliver(&input)
            }
            checkModel()
        }
        drainServices()
        checkModel()
    }
}
