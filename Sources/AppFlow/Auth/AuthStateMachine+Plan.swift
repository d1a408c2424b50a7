// The route and the plan of a call: how it runs in a scene (release step with its
// departure, policy, whether the hidden child is kept), what
// its transition shows and builds, and the animation it takes when its caller names none;
// then the other questions the performers ask, which change nothing.

extension AuthStateMachine {
    /// How a call runs in each scene, decided before it reaches any container: the one
    /// value the performer follows there (``route(_:_:hasServices:)``).
    struct Route: Sendable, Hashable {
        /// Whether the call first releases the session shown.
        enum Release: Sendable, Hashable {
            /// Go straight to the call's own transition.
            case none
            /// First show the switching placeholder where ``admitRelease(_:_:at:current:currentEpoch:releasesSessionBeforeSwitch:sameAccount:)``
            /// admits it, the child shown preparing for `departure`, then run the call's
            /// transition. Showing the placeholder begins the call, so a scene whose caller
            /// was cancelled after it is run again (``scenesEnded(_:_:followingUp:)``): the
            /// old session's child is gone, and a cancelled call must not leave the
            /// placeholder on screen.
            case first(departure: AuthDeparture)
        }

        /// Whether it first releases the session shown, and what the child shown then
        /// prepares for.
        var release: Release
        /// Its overlap policy: the configured one, or ``OverlapPolicy/interrupt`` for a call
        /// that cuts a running transition short (``interruptsRunningTransition(_:)``).
        var policy: OverlapPolicy
        /// Whether a scene keeps the session's child a lock hid once the call has run there
        /// (``keepsCoveredChild(after:)``).
        var keepsCoveredChild: Bool

        /// What the call does once its release step has returned with `result`: goes on to
        /// its own transition (the old session's child was released, or there was nothing
        /// to release, or the call was superseded: its own admission then says so), or ends
        /// there, rejected by the policy or cancelled before it began (or by `finish()`).
        func afterRelease(_ result: TransitionResult) -> ReleaseEndAction {
            switch result {
            case .completed, .interrupted, .superseded: return .cycle
            case .rejected, .cancelled: return .end(result)
            }
        }

        /// Whether a scene lets go of the session's child a lock hid once the call's request
        /// there returned with `result`: only if the call's child was put in place (the lock
        /// screen has gone: an unlock showed the kept child, or another call replaced it),
        /// and the call is not one that keeps it (``keepsCoveredChild``).
        func releasesCoveredChild(after result: TransitionResult) -> Bool {
            result.didRun && !keepsCoveredChild
        }
    }

    /// How `call` runs in each scene under `configuration`. Reads no state: it is decided
    /// in the step that launches the call (``launch(_:_:animation:)``), and for a scene
    /// that joins the call on its way.
    static func route(_ call: Call, _ configuration: AuthFlowConfiguration, hasServices: Bool) -> Route {
        let releasesFirst = releasesFirst(
            call,
            releasesSessionBeforeSwitch: configuration.releasesSessionBeforeSwitch,
            hasServices: hasServices
        )
        return Route(
            release: releasesFirst ? .first(departure: releaseDeparture(call)) : .none,
            policy: interruptsRunningTransition(call) ? .interrupt : configuration.policy,
            keepsCoveredChild: keepsCoveredChild(after: call)
        )
    }

    /// With `releasesSessionBeforeSwitch` set, a login or a refresh releases the session
    /// shown first; nothing else does.
    /// With session services, a login, a refresh, a start or an unlock may have to release
    /// a child of a session the flow has left (``admitRelease(_:_:at:current:currentEpoch:releasesSessionBeforeSwitch:sameAccount:)``
    /// decides in each scene). Reads no state.
    static func releasesFirst(_ call: Call, releasesSessionBeforeSwitch: Bool, hasServices: Bool) -> Bool {
        switch call {
        case .login, .refresh: return releasesSessionBeforeSwitch || hasServices
        case .start, .unlock: return hasServices
        case .logout, .lock, .uncover: return false
        }
    }

    /// What a call does once its release step has returned (``Route/afterRelease(_:)``).
    enum ReleaseEndAction: Sendable, Hashable {
        /// Go on to the call's own transition.
        case cycle
        /// End here with this result.
        case end(TransitionResult)
    }

    /// What a call a newer one beat at a scene's arrival gate returns: as the container's
    /// arrival would, `cancelled` for a caller cancelled or a flow finished (the container
    /// checks those first), else `superseded`. A call from inside the
    /// scene's running transition, which the container would reject, is `superseded` too.
    func beatenAtGate(callerCancelled: Bool) -> TransitionResult {
        callerCancelled || isFinished ? .cancelled : .superseded
    }

    /// The two sessions whose accounts the provider compares
    /// (``AuthFlowProvider/isSameAccount(_:as:)``, asked outside the lock) before call
    /// `call` is admitted, or its release step, in a scene showing `current`: the session
    /// a refresh names and the one shown. `nil` when there is nothing to compare: the
    /// answer is then "another account". Reads no state.
    static func accountsToCompare(_ call: Call, _ current: AuthPlace<Session>) -> (asked: Session, shown: Session)? {
        guard case .refresh(let session?) = call, let shown = current.session else { return nil }
        return (session, shown)
    }

    /// The departure the session shown prepares for in the release step of `call`. Reads
    /// no state.
    private static func releaseDeparture(_ call: Call) -> AuthDeparture {
        switch call {
        case .refresh: return AuthDeparture(direction: .login, call: .refresh, logoutVariant: nil)
        case .login, .logout, .start, .lock, .unlock, .uncover:
            return AuthDeparture(direction: .login, call: .login, logoutVariant: nil)
        }
    }

    /// What a call's transition shows and how it gets there.
    struct Plan: Sendable, Equatable {
        /// The phase of the new screen.
        var phase: AuthPhase<Session>
        /// The variant of a logged-out screen.
        var logoutVariant: LogoutVariant?
        /// The call the screen's events report.
        var origin: AuthCall
        /// The direction, for the delay, the animation and the outgoing child.
        var direction: AuthDirection
        /// Whether the outgoing child prepares to leave. A switching placeholder's
        /// session child prepared already, before it was released, unless this is a
        /// logout, whose preparation (a server-side logout) is its own.
        var prepares: Bool
        /// The session epoch of a logged-in child: whose services it is built with; of a
        /// cover lock screen: the session it keeps.
        var epoch: UInt64? = nil
        /// What each scene does with the session's child a cover hides.
        var coveredChild: CoveredChild = .untouched
        /// The privacy cover: the provider's ``AuthFlowProvider/makePrivacyCover(for:in:)``.
        var isPrivacyCover = false
        /// The wait before the new child is made, after the preparation: the configured
        /// delay of the direction; `nil` (no wait, not even a yield to the clock) when that
        /// delay is zero or less.
        var delay: Duration? = nil

        /// What a call does with the session's child a cover hides: one value, since a call
        /// never both keeps a child and shows one again.
        enum CoveredChild: Sendable, Hashable {
            /// Nothing: no child is kept, and none is shown again.
            case untouched
            /// The privacy cover or a cover lock: each scene keeps the session's child it
            /// hides, to show it again.
            case kept
            /// An unlock or an uncover: each scene shows again the child it kept, if it kept
            /// one of the plan's epoch, rather than building one.
            case shownAgain
        }

        /// Where the new screen stands: the place the call takes the flow to, in the style
        /// of its lock screen (one that keeps the session's epoch keeps the session).
        var place: AuthPlace<Session> {
            switch phase {
            case .splash: return .splash
            case .loggedOut: return .loggedOut(logoutVariant ?? .signedOut)
            case .loggedIn(let session): return .loggedIn(session)
            case .locked(let session):
                return isPrivacyCover ? .covered(session) : .locked(session, keepsSession: epoch != nil)
            }
        }

        /// What the outgoing child prepares for, or `nil` if it does not prepare
        /// (``prepares``).
        var departure: AuthDeparture? {
            prepares ? AuthDeparture(direction: direction, call: origin, logoutVariant: logoutVariant) : nil
        }
    }

    /// Where the switching placeholder stands that replaces a child at `current`: still in
    /// the session it releases, at its lock screen's session for a lock screen (keeping no
    /// session of its own), and at the place as it is otherwise.
    static func switchingPlace(replacing current: AuthPlace<Session>) -> AuthPlace<Session> {
        switch current {
        case .loggedIn(let session), .switching(from: let session): return .switching(from: session)
        case .locked(let session, _), .covered(let session): return .locked(session, keepsSession: false)
        case .splash: return .splash
        case .loggedOut: return .loggedOut(.signedOut)
        }
    }

    /// The plan of call `stamp`, made as `call`, with `current` in place when its factory
    /// runs (after admission at its start).
    func plan(_ stamp: Stamp, _ call: Call, current: AuthPlace<Session>) -> Plan {
        var plan = screenPlan(stamp, call, current: current)
        let delay = plan.direction == .login ? configuration.loginDelay : configuration.logoutDelay
        plan.delay = delay > .zero ? delay : nil
        return plan
    }

    /// What ``plan(_:_:current:)`` shows and builds, before the delay of its direction.
    private func screenPlan(_ stamp: Stamp, _ call: Call, current: AuthPlace<Session>) -> Plan {
        // A switching placeholder's session child prepared already, before it was released.
        let isPlaceholder: Bool
        if case .switching = current { isPlaceholder = true } else { isPlaceholder = false }
        let origin = call.origin
        switch call {
        case .start:
            return startPlan(stamp, prepares: !isPlaceholder)
        case .login(let session):
            return loggedInPlan(session, origin, prepares: !isPlaceholder)
        case .logout(let variant):
            return loggedOutPlan(variant, origin)
        case .refresh(let session):
            guard let session = session ?? current.session else {
                preconditionFailure("Internal inconsistency: a refresh was admitted while not logged in")
            }
            return loggedInPlan(session, origin, prepares: !isPlaceholder)
        case .lock(.privacy):
            guard case .covered(let session)? = locks.target(of: stamp) else {
                preconditionFailure("Internal inconsistency: a cover with nothing to cover was admitted")
            }
            return Plan(
                phase: .locked(session),
                origin: origin,
                direction: .logout,
                prepares: false,
                epoch: sessionEpoch,
                coveredChild: .kept,
                isPrivacyCover: true
            )
        case .lock:
            guard case .locked(let session, let keepsSession)? = locks.target(of: stamp) else {
                preconditionFailure("Internal inconsistency: a lock with nothing to lock was admitted")
            }
            // A cover lock hides the child as it is; a teardown lock lets it prepare to go.
            return Plan(
                phase: .locked(session),
                origin: origin,
                direction: .logout,
                prepares: !keepsSession,
                epoch: keepsSession ? sessionEpoch : nil,
                coveredChild: keepsSession ? .kept : .untouched
            )
        case .unlock, .uncover:
            guard case .loggedIn(let session)? = locks.target(of: stamp) else {
                preconditionFailure("Internal inconsistency: an unlock with nothing to unlock was admitted")
            }
            // The lock screen leaves: nothing of the session prepares.
            var plan = loggedInPlan(session, origin, prepares: false)
            plan.coveredChild = .shownAgain
            return plan
        }
    }

    /// The plan of start `stamp`, where the provider's answer lands it; a session child
    /// shown `prepares` (not a switching placeholder's, which prepared before it was
    /// released).
    private func startPlan(_ stamp: Stamp, prepares: Bool) -> Plan {
        switch landing(ofStart: stamp) {
        case .loggedIn(let session):
            return loggedInPlan(session, .start, prepares: prepares)
        case .loggedOut(let variant):
            return loggedOutPlan(variant, .start)
        case .covered(let session):
            // The privacy cover over a session not built yet: the uncover builds it.
            return Plan(
                phase: .locked(session),
                origin: .start,
                direction: .logout,
                prepares: false,
                epoch: sessionEpoch,
                isPrivacyCover: true
            )
        case .locked(let session, let keepsSession):
            return Plan(
                phase: .locked(session),
                origin: .start,
                direction: .logout,
                prepares: true,
                epoch: keepsSession ? sessionEpoch : nil
            )
        case .splash, .switching:
            preconditionFailure("Internal inconsistency: a start landing on \(landing(ofStart: stamp))")
        }
    }

    /// A plan to `session`'s child, in the flow's session epoch, made by a call of `origin`.
    private func loggedInPlan(_ session: Session, _ origin: AuthCall, prepares: Bool) -> Plan {
        Plan(phase: .loggedIn(session), origin: origin, direction: .login, prepares: prepares, epoch: sessionEpoch)
    }

    /// A plan to the logged-out child of `variant`, made by a call of `origin`.
    private func loggedOutPlan(_ variant: LogoutVariant, _ origin: AuthCall) -> Plan {
        Plan(phase: .loggedOut, logoutVariant: variant, origin: origin, direction: .logout, prepares: true)
    }

    /// Whether `call` is launched (its animation chosen, its scenes fanned out, its route
    /// decided: ``launch(_:_:animation:)``) in the step
    /// that stamps it: a call with nothing to run before it shows anything. A start asks the
    /// provider where it lands first, and a call `preparing` runs the app's work first (an
    /// unlock that clears data); each launches in a step of its own once that is done.
    static func launchesWhenStamped(_ call: Call, preparing: Bool) -> Bool {
        if case .start = call { return false }
        return !preparing
    }

    /// Which configured animation a call takes when its caller names none.
    enum AnimationChoice: Sendable, Hashable {
        /// ``AuthFlowConfiguration/startAnimation``.
        case start
        /// ``AuthFlowConfiguration/loginAnimation``.
        case login
        /// ``AuthFlowConfiguration/logoutAnimation``.
        case logout
        /// None: the privacy cover comes and goes at once.
        case immediate
    }

    /// The call `request` makes: a lock whose caller names no style takes the configured
    /// one (``AuthFlowConfiguration/lockStyle``), and an unlock begins no authentication of
    /// its own. Reads no state.
    static func call(for request: AuthRequest<Session>, _ configuration: AuthFlowConfiguration) -> Call {
        switch request {
        case .start: .start
        case .login(let session): .login(session)
        case .logout(let variant): .logout(variant)
        case .refresh(let session): .refresh(session)
        case .lock(let style): .lock(LockKind(style ?? configuration.lockStyle))
        case .unlock: .unlock(since: nil)
        case .cover: .lock(.privacy)
        case .uncover: .uncover
        }
    }

    /// Where start `stamp` lands: the provider's answer, under the cover or the lock that
    /// joined it before it began, or lifted by the uncover or unlock that joined it last.
    ///
    /// Once the start has ended its answer is gone; a scene that joined it late and plans it
    /// afterwards gets where the flow is, the place the start took it.
    func landing(ofStart stamp: Stamp) -> AuthPlace<Session> {
        guard let answer = starts.answer(of: stamp) else {
            guard !order.isSuperseded(stamp) else { return place }
            preconditionFailure("Internal inconsistency: start \(stamp) asked about before its provider answered")
        }
        return starts.fold(ofStart: stamp).last?.place ?? answer.place
    }

    /// The call a followed session makes (``AuthFlow/follow(_:animation:)``): a login with
    /// it, or, for `nil`, a logout to the signed-out variant. Reads no state.
    static func call(following session: Session?) -> Call {
        session.map { .login($0) } ?? .logout(.signedOut)
    }

    /// The animation call `stamp` runs with when its caller names none: the first of
    /// ``animations(for:_:)`` that the configuration sets.
    func animation(for stamp: Stamp, _ call: Call) -> TransitionAnimation {
        for choice in animations(for: stamp, call) {
            switch choice {
            case .start: if let animation = configuration.startAnimation { return animation }
            case .login: return configuration.loginAnimation
            case .logout: return configuration.logoutAnimation
            case .immediate: return .immediate
            }
        }
        return configuration.loginAnimation
    }

    /// The animations a call tries in order when its caller names none: a start takes the
    /// start animation, else the one of its direction.
    func animations(for stamp: Stamp, _ call: Call) -> [AnimationChoice] {
        switch call {
        case .start:
            switch landing(ofStart: stamp) {
            case .loggedIn: return [.start, .login]
            case .covered: return [.immediate]
            case .loggedOut, .locked, .splash, .switching: return [.start, .logout]
            }
        case .lock(.privacy), .uncover: return [.immediate]
        case .login, .refresh, .unlock: return [.login]
        case .logout, .lock: return [.logout]
        }
    }
}

extension AuthStateMachine {
    // MARK: - What a call does

    /// Whether lock, unlock, cover or uncover call `stamp` takes the flow somewhere else
    /// than where it is (not unchanged, nor only bringing a lagging scene where the flow is).
    func movesPlace(_ stamp: Stamp) -> Bool {
        guard let target = locks.target(of: stamp) else { return false }
        return target != place
    }

    /// Whether an intent's switch (``AuthFlow/open(_:for:in:switching:)``) may log in now:
    /// never while the flow is locked or covered, or a lock or cover is on its way, since the
    /// app, not the user, asks for that login.
    var allowsSwitchingLogin: Bool {
        switch place {
        case .locked, .covered: return false
        case .splash, .loggedOut, .loggedIn, .switching: break
        }
        if case .lock? = order.onItsWay { return false }
        // A start on its way that lands locked or covered.
        if order.onItsWay == .start, starts.answer(of: newest) != nil {
            switch landing(ofStart: newest) {
            case .locked, .covered: return false
            case .splash, .loggedOut, .loggedIn, .switching: break
            }
        } else if order.onItsWay == .start, starts.hasGuards(newest) {
            return false
        }
        if !starts.carried.isEmpty { return false }
        return true
    }

    /// Whether an auto-lock may lock now: a session is shown or covered, and no call that
    /// changes where the flow goes (a start, a login, a logout, an unlock or an uncover) is
    /// on its way, so that a timer never supersedes such a call.
    var allowsAutoLock: Bool {
        switch place {
        case .loggedIn, .covered: break
        case .splash, .loggedOut, .switching, .locked: return false
        }
        guard let call = order.onItsWay else { return true }
        switch call {
        case .start, .login, .logout, .unlock, .uncover: return false
        case .refresh, .lock: return true
        }
    }

    /// Whether `call`, on its way, changes where the flow goes: a start, a login or a logout.
    static func changesPlace(_ call: Call?) -> Bool {
        switch call {
        case .start?, .login?, .logout?: return true
        case .refresh?, .lock?, .unlock?, .uncover?, nil: return false
        }
    }

    /// Whether `call` cuts a running transition short rather than waiting for it, whatever
    /// the flow's policy: the privacy cover must be shown at once. Reads no state.
    static func interruptsRunningTransition(_ call: Call) -> Bool {
        if case .lock(.privacy) = call { return true }
        return false
    }

    /// Whether a scene keeps the session's child a lock hid once `call` has run there: a
    /// cover lock or the privacy cover keeps it (to show it again); any other call that ran
    /// has shown that child again or replaced the lock screen, so the scene lets it go.
    /// Reads no state.
    static func keepsCoveredChild(after call: Call) -> Bool {
        switch call {
        case .lock(.cover), .lock(.privacy): return true
        case .lock(.teardown), .start, .login, .logout, .refresh, .unlock, .uncover: return false
        }
    }

    // MARK: - Screens

    /// What a scene's screen means for the intents, once the scene's request for a call
    /// has returned.
    enum Settled: Sendable, Equatable {
        /// A child of the session the flow is in: the session's intents may go to it.
        case inSession(Session)
        /// The newest call's outcome, in no session: the intents stop waiting for it.
        case outOfSession
        /// A newer call was made: the intents wait for that one's outcome.
        case superseded
    }

    /// What the screen a scene shows at `shown`, of session epoch `epoch` (`nil` for a
    /// screen the app placed, which belongs to the session it was placed in), means for the
    /// intents now that the scene's request for call `stamp` has returned. It is in session
    /// only while the call is still the newest, the flow is not finished, and the screen is
    /// a child of the session the flow is in: a child of a session the flow left, even with
    /// the same session value, or one a newer call may be replacing, never is.
    func settled(after stamp: Stamp, shown: AuthPlace<Session>, epoch: UInt64?) -> Settled {
        guard stamp == newest else { return .superseded }
        guard !isFinished, case .loggedIn(let session) = place, shown == place,
            epoch == nil || epoch == sessionEpoch
        else { return .outOfSession }
        return .inSession(session)
    }
}

extension AuthStateMachine.Call {
    /// The public call it is, as its screens' events and its plan report it: the one
    /// place a machine's call maps to an ``AuthCall``.
    var origin: AuthCall {
        switch self {
        case .start: .start
        case .login: .login
        case .logout: .logout
        case .refresh: .refresh
        case .lock(let kind): kind == .privacy ? .cover : .lock
        case .unlock: .unlock
        case .uncover: .uncover
        }
    }
}
