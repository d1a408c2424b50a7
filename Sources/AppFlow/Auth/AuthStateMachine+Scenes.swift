// The auth machine's scene inputs: a scene's arrival, its placement and rejoining, and the
// scenes' results. The inputs that change the scene state (reserve, attach, detach, fan
// out, finish) are in `AuthStateMachine.swift`, so that its fields can be set there only.

extension AuthStateMachine {
    // MARK: - Attaching and detaching

    /// What a newly attached scene does first.
    enum AttachAction: Equatable {
        /// Nothing yet: it shows its placeholder, and the newest call (not fanned out
        /// yet), or the first call, brings it where the flow goes.
        case wait(AuthSceneID)
        /// Run the newest call, on its way, in the scene without animation, by the route it
        /// launched with (``route(_:_:hasServices:)``): the scene joins it at its
        /// destination.
        case join(AuthSceneID, Stamp, Call, Route)
        /// Place the scene, without animation, where the flow is: `place`, of session epoch
        /// `epoch`, admitted while call `stamp` is the newest.
        case place(AuthSceneID, Stamp, AuthPlace<Session>, epoch: UInt64?, origin: AuthCall)
    }

    /// Where scene `id` goes when it arrives, as ``attach(_:_:)`` says: a finished flow
    /// places no scene.
    func arrival(of id: AuthSceneID) -> AttachAction {
        guard !isFinished, let call = newestCall else { return .wait(id) }
        if !newestEnded {
            guard newestFannedOut else { return .wait(id) }
            switch call {
            case .start, .login, .logout, .lock, .unlock, .uncover:
                return .join(id, newest, call, Self.route(call, configuration, hasServices: hasServices))
            case .refresh:
                // A refresh keeps the session: the scene shows it as it is.
                break
            }
        }
        if case .splash = place { return .wait(id) }
        return .place(id, newest, place, epoch: sessionEpoch, origin: placeOrigin)
    }

    /// Scene `id` joined call `stamp` (``AttachAction/join(_:_:_:_:)``) and its request
    /// returned `result`. A join that ran is done. One that was refused because its call
    /// had ended before the scene's request got there, with no call since, goes where the
    /// flow is instead. `nil` when nothing is left to do: the join ran, the scene is gone,
    /// or a newer call runs in it.
    func rejoin(_ id: AuthSceneID, after stamp: Stamp, result: TransitionResult) -> AttachAction? {
        switch result {
        case .completed, .interrupted: return nil
        case .superseded, .rejected, .cancelled: break
        }
        guard isAttached(id), stamp == newest, newestEnded else { return nil }
        return arrival(of: id)
    }

    /// Whether a scene's placement (``AttachAction/place(_:_:_:epoch:origin:)``) is admitted: while
    /// the call it was decided under is still the newest.
    func admitPlacement(_ stamp: Stamp) -> Bool {
        stamp == newest && !isFinished
    }

    /// Whether scene `id` is attached.
    func isAttached(_ id: AuthSceneID) -> Bool {
        sceneList.contains(id)
    }

    // MARK: - Fanning out and in

    /// Where a call runs.
    enum FanOutAction {
        /// In each of these scenes.
        case run([(id: AuthSceneID, scene: Scene)])
        /// Nowhere, with this result: the flow is finished (`cancelled`), or no scene is
        /// attached and the call was decided on the flow's place alone.
        case resolved(TransitionResult)
    }

    /// What to do once a call has run in its scenes.
    enum ScenesAction {
        /// Run it again in these scenes, each in a task of its own that the caller's
        /// cancellation does not reach: the call began in some scene, and these were
        /// cancelled before it began in them, so they would show what the others left.
        case followUp([(id: AuthSceneID, scene: Scene)])
        /// The call's result across the scenes.
        case done(TransitionResult)
    }

    /// What call `stamp`'s results in its scenes lead to, in one step: the call ends with
    /// the merged result (``scenesEnded(_:_:followingUp:)``, then ``callEnded(_:result:)``),
    /// or is followed up in the lagging scenes.
    enum EndingAction {
        /// The call ended: resume its joiners with this.
        case done(EndAction)
        /// Run it again in these scenes first, as ``ScenesAction/followUp(_:)`` says.
        case followUp([(id: AuthSceneID, scene: Scene)])
    }

    /// Call `stamp` ended in each scene with these results: merges them and, unless they
    /// need a follow-up, ends the call in the same step.
    mutating func end(
        _ stamp: Stamp,
        _ results: some Collection<(id: AuthSceneID, result: TransitionResult)>,
        followingUp: Bool
    ) -> EndingAction {
        switch scenesEnded(stamp, results, followingUp: followingUp) {
        case .done(let result): .done(callEnded(stamp, result: result))
        case .followUp(let lagging): .followUp(lagging)
        }
    }

    /// Call `stamp` ended in each scene with these results; `followingUp` when they are
    /// the results of a follow-up, which is never followed up again.
    ///
    /// The call's result, once no follow-up is needed, counts the scenes still attached
    /// (all of them if none is): `interrupted` if it was cut short in any, else
    /// `completed` if it ran in any, else `superseded` (or ``AuthResult/unchanged``, as
    /// ``callEnded(_:result:)`` says), `rejected`, `cancelled`, in that order.
    mutating func scenesEnded(
        _ stamp: Stamp,
        _ results: some Collection<(id: AuthSceneID, result: TransitionResult)>,
        followingUp: Bool
    ) -> ScenesAction {
        checkIssued(stamp, "scenesEnded")
        if !followingUp && !isFinished && stamp == newest && newestBegun {
            let lagging = scenes.filter { scene in
                results.contains { $0.id == scene.id && $0.result == .cancelled }
            }
            if !lagging.isEmpty { return .followUp(lagging) }
        }
        let anyAttached = results.contains { isAttached($0.id) }
        var best: TransitionResult?
        for (id, result) in results where !anyAttached || isAttached(id) {
            if Self.rank(result) < best.map(Self.rank) ?? .max { best = result }
        }
        return .done(best ?? .cancelled)
    }

    /// A result's place in the merge order: lower wins.
    private static func rank(_ result: TransitionResult) -> Int {
        switch result {
        case .interrupted: return 0
        case .completed: return 1
        case .superseded: return 2
        case .rejected: return 3
        case .cancelled: return 4
        }
    }
}

extension AuthStateMachine.AttachAction: Sendable {}
extension AuthStateMachine.FanOutAction: Sendable where Scene: Sendable {}
extension AuthStateMachine.ScenesAction: Sendable where Scene: Sendable {}
