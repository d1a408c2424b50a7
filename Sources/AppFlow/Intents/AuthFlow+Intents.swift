// Intents: values the app hands the flow (a deep link, a notification tap, a shortcut),
// held until a logged-in child is on screen, delivered once, or dropped with a reason. The
// decisions are `IntentStateMachine`'s; this file performs them.

extension AuthFlow {
    /// Hands the flow `intent` and returns its outcome: delivered to a logged-in child on
    /// screen, or dropped with a reason.
    ///
    /// **Holding.** An intent opened before `start()`, during the splash, while logged out,
    /// or while any call is on its way, is held until a scene shows the logged-in child of
    /// the newest call, with its transition ended; an intent opened while one is shown is
    /// delivered to it. `session`, if given, names the only account that may get it
    /// (``AuthFlowProvider/isSameAccount(_:as:)``): it is dropped as
    /// ``IntentDropReason/sessionMismatch`` when another account's child is shown when its
    /// turn comes. `scene`, if given, names the only scene that may get it; otherwise it goes
    /// to the scene last reported by ``sceneBecameActive(_:)``, waited for while it has yet
    /// to show the newest call's outcome, else to the last reported among those showing the
    /// session, else the first attached one.
    ///
    /// **Switching.** With `switching` and a `session`, the flow first logs in with
    /// `session`, as ``request(_:animation:)`` would, and the intent, opened right after,
    /// waits for that login's child (a tap on a notification for another account). No
    /// login is made when the newest call already asked for that account: a session of it
    /// known from before a refresh would put a stale token back. A call
    /// made after them beats the login as usual: a logout drops the intent, a login of
    /// another session has it dropped as mismatched. While the flow is locked or covered, or
    /// a lock or cover is on its way, there is no login (the app, not the user, asks for
    /// it): the intent waits for the unlock, and is dropped as mismatched if another
    /// session is then shown.
    ///
    /// **Ordering.** Intents are delivered one at a time, in the order they were opened,
    /// and each takes its place among the calls when it is opened: a logout called after it
    /// drops it at once (``IntentDropReason/loggedOut``), so it never reaches a session shown
    /// after that logout. At most ``AuthFlowConfiguration/maxHeldIntents`` are held (the
    /// oldest goes), each for at most ``AuthFlowConfiguration/intentExpiry``.
    ///
    /// **Cancellation.** Cancelling the caller withdraws an intent still held
    /// (``IntentDropReason/cancelled``); one being delivered is delivered, and the caller
    /// hears so.
    ///
    /// **After ``finish()``.** Returns ``IntentDropReason/finished`` at once; intents held
    /// when the flow finishes are dropped so, and a delivery running goes on to its end.
    @discardableResult
    public func open(
        _ intent: Provider.Intent,
        for session: Session? = nil,
        in scene: AuthSceneID? = nil,
        switching: Bool = false
    ) async -> IntentResult {
        let handle = enqueue(intent, for: session, in: scene, switching: switching)
        return await withTaskCancellationHandler {
            await handle.outcomeIgnoringCancellation
        } onCancel: {
            handle.cancel()
        }
    }

    /// Hands the flow `intent` from synchronous code (a delegate method the system calls):
    /// it takes its place among intents and calls before this returns, and its outcome is
    /// awaited later through the handle. Otherwise as ``open(_:for:in:switching:)``.
    ///
    /// ```swift
    /// let link = flow.enqueue(route)  // in scene(_:openURLContexts:): its place is taken
    /// ```
    @discardableResult
    public func enqueue(
        _ intent: Provider.Intent,
        for session: Session? = nil,
        in scene: AuthSceneID? = nil,
        switching: Bool = false
    ) -> AuthIntentHandle {
        let handle = AuthIntentHandle()
        let traced = tracer != nil
        let (id, action) =
            if switching, let session {
                openSwitching(intent, to: session, in: scene, handle: handle, traced: traced)
            } else {
                core.withLock { core in
                    let (id, action) = core.openIntent(intent, session: session, scene: scene, waiter: handle)
                    // In the same step: another open may drop the handle as soon as the lock is
                    // released, and its trace names the number. Lock order: the flow's, then the
                    // handle's (a leaf).
                    if traced { handle.number = id }
                    return (id, action)
                }
            }
        if traced {
            trace(.intentOpened(number: id, name: "\(intent)"))
        }
        handle.withdrawing { [weak self] in
            guard let self else { return }
            performIntents(core.withLock { $0.withdrawIntent(id) })
        }
        performIntents(action)
        if let (_, expiry) = action.expire {
            handle.expiring(
                Task.explorable("intent expiry") { [weak self, clock] in
                    do { try await clock.sleep(for: expiry) } catch { return }
                    guard let self else { return }
                    performIntents(core.withLock { $0.intentExpired(id) })
                }
            )
        }
        return handle
    }

    /// Reports that `scene` became the active one (from `sceneDidBecomeActive(_:)`):
    /// intents that name no scene go to it, waiting while a call it has yet to show is on
    /// its way, else to the scene reported last among those showing the session. A scene
    /// not attached is ignored.
    public func sceneBecameActive(_ scene: AuthScene<Provider>) {
        performIntents(core.withLock { $0.sceneActivated(scene.id) })
    }

    /// How many intents are held now, waiting for a logged-in child; the one being
    /// delivered is not counted. Zero after ``finish()``.
    public var heldIntentCount: Int {
        core.withLock { $0.intents.held.count }
    }

    // MARK: - Performing

    /// Performs an intent action: hands the outcomes to their openers, then starts the
    /// delivery the machine asked for.
    func performIntents(_ action: IntentMachine.Action) {
        for (waiter, result) in action.resolve {
            trace(.intentEnded(number: waiter.number, result: Self.traceName(of: result)))
            waiter.resolve(result)
        }
        if let delivery = action.deliver {
            // The machine's reason: a delivery begun finishes, whatever its opener does.
            Task.explorable("intent delivery") { await self.deliver(delivery) }
        }
    }

    /// An intent's result as a trace names it: `delivered to scene 1`, `dropped: expired`.
    static func traceName(of result: IntentResult) -> String {
        switch result {
        case .delivered(let scene): return "delivered to \(scene)"
        case .dropped(let reason): return "dropped: \(reason)"
        }
    }

    /// Delivers intents one after another, as long as the machine hands over the next.
    private func deliver(_ first: IntentMachine.Delivery) async {
        var next: IntentMachine.Delivery? = first
        while let delivery = next {
            // A call made since the delivery was decided takes it back: its child may be
            // leaving; decided again since, it starts from the newer decision's task. From
            // here on the delivery runs to its end.
            guard core.withLock({ $0.deliveryStarting(delivery.decision) }) else { return }
            let context = AuthIntentContext(session: delivery.session, scene: delivery.scene)
            trace(.intentDelivering(number: delivery.id, scene: delivery.scene))
            await provider.handle(delivery.intent, in: delivery.child, context: context)
            let action = core.withLock { $0.deliveryEnded(delivery.id) }
            for (waiter, result) in action.resolve {
                trace(.intentEnded(number: waiter.number, result: Self.traceName(of: result)))
                waiter.resolve(result)
            }
            next = action.deliver
        }
    }

    /// What each of `scenes` shows, read for the intents once its request for a call has
    /// returned; nothing for a provider without intents, which reads no screen.
    func shownScreens(_ scenes: some Sequence<AuthScene<Provider>>) async -> [(id: AuthSceneID, screen: Screen)] {
        guard Provider.hasIntents else { return [] }
        var shown: [(id: AuthSceneID, screen: Screen)] = []
        for scene in scenes {
            shown.append((scene.id, await scene.container.child))
        }
        return shown
    }

    /// Tells the intents what each of `scenes` shows, now that its request for call
    /// `stamp` has returned (``AuthCore/settle(_:shown:)`` decides what they hear).
    func reportShown(_ stamp: Machine.Stamp, in scenes: some Sequence<AuthScene<Provider>>) async {
        guard Provider.hasIntents else { return }
        let shown = await shownScreens(scenes)
        for action in core.withLock({ $0.settle(stamp, shown: shown) }) {
            performIntents(action)
        }
    }

    /// Opens `intent` with `switching`: the core makes the login to `session` first, in the
    /// same step, unless the provider says the newest call asked for that account already
    /// (asked outside the lock, about the phase read one step before; asked again if that
    /// phase changed meanwhile).
    private func openSwitching(
        _ intent: Provider.Intent,
        to session: Session,
        in scene: AuthSceneID?,
        handle: AuthIntentHandle,
        traced: Bool
    ) -> (IntentMachine.ID, IntentMachine.Action) {
        let outcome = AuthOutcome()
        let call = Machine.Call.login(session)
        var phase = requestedPhase
        while true {
            let login = AuthCore.SwitchingLogin(
                session: session,
                phase: phase,
                sameAccount: Self.isSameAccount(session, as: phase, provider: provider),
                joiner: outcome
            )
            let opening = core.withLock { core in
                let opening = core.openIntent(intent, scene: scene, waiter: handle, switching: login)
                if traced, case .opened(let id, _, _) = opening { handle.number = id }
                return opening
            }
            switch opening {
            case .retry(let now):
                phase = now
            case .opened(let id, let action, let made):
                // The login's handle is not kept: the intent waits for its child.
                if let made { _ = runRequested(call, perform(made), outcome: outcome, animation: nil) }
                return (id, action)
            }
        }
    }

    /// Whether `session` is of the account of `phase`'s session, as the provider says;
    /// `false` for a phase of no session. Asked before any lock is taken.
    static func isSameAccount(_ session: Session, as phase: AuthPhase<Session>?, provider: Provider) -> Bool {
        switch phase {
        case .loggedIn(let shown)?, .locked(let shown)?: provider.isSameAccount(session, as: shown)
        case .loggedOut?, .splash?, nil: false
        }
    }
}
