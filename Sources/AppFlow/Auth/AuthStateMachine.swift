/// The decisions of an ``AuthFlow``, as a plain value with no `await` and no side effects.
///
/// Every call (`start`, `login`, `logout`, `refresh`) takes a stamp from one counter the
/// moment it is made. The newest stamp decides: a call whose stamp is no longer the
/// newest is superseded, and is refused at each of the container's admission points, however
/// late it reaches them. A logout called while a logout of the same variant is on its way,
/// with no other call in between, joins it instead of taking a stamp of its own, so that
/// one logout never supersedes another. A refresh rebuilds the session shown: it never
/// supersedes a login, a logout or a start on its way, and returns
/// ``AuthResult/unchanged`` at once instead.
///
/// Beyond call order, the machine decides what each call does: the place a `start()`
/// lands on once the provider has answered, whether a call is unchanged, what its
/// transition shows and builds, whether the outgoing child prepares to leave, whether a
/// session switch first releases the old session's child, and which ``AuthResult`` the
/// call returns. `AuthFlow` only performs.
///
/// `AuthFlow` keeps the machine in a ``LockedValue``: calls come from any task, and the
/// admission closures it hands the container run on the container. The actions are
/// performed after the lock is released.
///
/// Generic parameters keep it testable without tasks: `Joiner` is how a joined logout is
/// resumed, `Build` the handle of a running factory that a later call cancels, `Scene` a
/// window's presenter (``AuthScene``), which the machine hands back in its actions.
///
/// ## Scenes
/// Every call runs in every scene attached when it fans out (``fanOut(_:_:)``); a scene
/// attached later joins the newest call at its destination, or is placed where the flow
/// is (``attach(_:)``). The first admission of a call at its start, in any scene, is its
/// *beginning*: it moves ``place``, the flow's shared place, and decides the session's
/// epoch (a new one for each session entered; a refresh keeps it). A call that began in
/// one scene and was cancelled before it began in another is run there again
/// (``scenesEnded(_:_:followingUp:)``), so that scenes never part ways.
///
/// ## Invariants
/// ``invariantViolations()`` checks them; the tables after every row, the fuzzer after
/// every input.
/// 1. Every stamp held (the call order's, its calls answered unchanged included, a start's
///    answer, a target, a guard) is at most `lastStamp`.
/// 2. Only a logout on its way can be joined by a logout, and 3. a factory runs only for
///    the newest call: both now hold by the state enum of ``AuthCallOrder``.
/// 4. ``place`` is never the switching placeholder, and it has a live session (logged in,
///    covered, or locked in the cover style) exactly when ``sessionEpoch`` is set: both
///    hold by the state enum of ``AuthPlaceMachine``, which checks that every epoch is
///    one it gave out.
/// 5. Only the newest call on its way counts as begun or fanned out, by the state enum of
///    ``AuthCallOrder``; so a call that began is an issued stamp.
/// 6. Scene ids are unique, in attach order, and below `nextScene` (``AuthSceneList`` checks it).
/// 7. A start's guards are in call order; each call that joined a start was made after it
///    and is one of its guards.
struct AuthStateMachine<Session: Sendable & Equatable, Joiner, Build, Scene> {
    typealias Stamp = UInt64

    /// One call, as it is made.
    enum Call: Sendable, Equatable {
        /// `start()`: where it lands is the provider's answer, told by ``startAnswered(_:_:)``.
        case start
        /// `login(_:)`.
        case login(Session)
        /// `logout(_:)` to this variant.
        case logout(LogoutVariant)
        /// `refresh(_:)`: rebuild the logged-in child, for this session or the one shown.
        case refresh(Session?)
        /// `lock(_:)` in a style, or `cover()`.
        case lock(LockKind)
        /// `unlock()`; with `since`, an unlock whose authentication began when `since`
        /// calls had been made, superseded if a lock or a cover was called after that.
        case unlock(since: Stamp?)
        /// `uncover()`.
        case uncover
    }

    /// What a lock puts over the session.
    typealias LockKind = AuthLockMachine<Session>.Kind

    /// Why a call is refused at an admission point.
    enum Refusal: Sendable, Hashable {
        /// A later call was made: the call returns ``AuthResult/superseded``.
        case superseded
        /// The flow already is where the call would take it (or, for a refresh, is not
        /// logged in with the session asked for): the call returns ``AuthResult/unchanged``.
        case unchanged
    }

    /// One lock, cover, unlock or uncover made while a start had not begun
    /// (``AuthStartGuards``).
    typealias StartGuard = AuthStartGuards<Session, Joiner>.Guard

    /// A joined call to resume, with its own result.
    struct Resumption {
        var joiner: Joiner
        var result: AuthResult
    }

    /// The order of the calls: their stamps, the newest call and its factory, and the
    /// logouts that joined one on its way.
    private(set) var order = AuthCallOrder<Call, Joiner, Build>()
    var lastStamp: Stamp { order.lastStamp }
    /// The newest call that decides; joined logouts and refused refreshes do not count.
    var newest: Stamp { order.newest }
    /// What the newest call is, and whether it has ended.
    var newestCall: Call? { order.newestCall }
    var newestEnded: Bool { order.newestEnded }
    /// The phase the newest call asks for; `nil` before any call, or while the newest is
    /// a `start()` whose provider has not answered.
    private(set) var requestedPhase: AuthPhase<Session>?
    /// Where each lock, cover, unlock and uncover on its way goes, and which lock or cover
    /// came last.
    private(set) var locks = AuthLockMachine<Session>()
    /// Where each `start()` lands once its provider answered, and the guard calls made
    /// before it began, with their callers; and the guards carried to the next start.
    private(set) var starts = AuthStartGuards<Session, Joiner>()

    /// The scenes attached, changed only by the scene inputs below.
    private(set) var sceneList = AuthSceneList<Scene>()
    /// The scenes attached, in attach order.
    var scenes: [(id: AuthSceneID, scene: Scene)] { sceneList.scenes }
    /// The number the next scene reserved gets.
    var nextScene: UInt64 { sceneList.nextID }
    /// Whether the newest call is on its way and has fanned out to the scenes.
    var newestFannedOut: Bool { order.newestFannedOut }
    /// Where the flow is and the epoch of its session: moved by the newest call that began
    /// in a scene (or, with no scene, that fanned out).
    private(set) var placeMachine = AuthPlaceMachine<Session>()
    /// Where the flow is. Never ``AuthPlace/switching(from:)``.
    var place: AuthPlace<Session> { placeMachine.place }
    /// The epoch of the session that lives at ``place``; `nil` while none does.
    var sessionEpoch: UInt64? { placeMachine.sessionEpoch }
    /// The call that moved the flow to ``place``.
    var placeOrigin: AuthCall { placeMachine.origin }

    /// The session epoch the services are to hear of, once per change of the flow's session
    /// (``AuthPlaceMachine/takeEpochChange()``); `nil` if it has not changed since.
    mutating func takeSessionChange() -> UInt64?? {
        placeMachine.takeEpochChange()
    }
    /// Whether the newest call is on its way and has begun in some scene.
    var newestBegun: Bool { order.newestBegun }
    /// Whether ``finish()`` was called.
    private(set) var isFinished = false
    /// Whether the provider makes session services: a switch between sessions then always
    /// releases the old session's children first, since the new session's services are
    /// made only once the old ones are torn down.
    let hasServices: Bool
    /// The app's settings the decisions read: animations, delays, the policy.
    let configuration: AuthFlowConfiguration

    init(configuration: AuthFlowConfiguration = AuthFlowConfiguration(), hasServices: Bool = false) {
        self.configuration = configuration
        self.hasServices = hasServices
    }

    /// How many calls have been made, joined logouts and refused refreshes included.
    var callCount: UInt64 { lastStamp }
    /// How many calls have ended having switched what some scene shows (a joined call
    /// counts with the call it joined). A counter for apps, left out of ``snapshot``: the
    /// tables check the decisions, `AuthStateMachineTests` checks this count.
    private(set) var changeCount: UInt64 = 0

    // MARK: - Calls

    /// What a new call does.
    enum CallAction {
        /// Go on with stamp `stamp`. Cancel `cancelBuilds` first: they are the factories of
        /// an older call, in every scene it builds in, which can no longer be shown.
        case proceed(Stamp, cancelBuilds: [Build])
        /// A logout joined the logout on its way: its `joiner` is resumed with that
        /// logout's result (``callEnded(_:result:)``).
        case joined(Stamp)
        /// A call that would supersede a call on its way in the wrong direction (a refresh
        /// or an unlock while a login, logout or start is on its way; a lock while a logout
        /// or start is; the cover with no session to hide), or a superseded unlock attempt: it
        /// returns this at once, takes no place in call order and builds nothing.
        case resolve(AuthResult)
    }

    /// A call is made. For a logout, `joiner` is how to resume the caller if it joins the
    /// logout on its way; a call without one (every other call, and a logout made by
    /// `follow`) never joins.
    mutating func call(_ call: Call, joiner: Joiner?) -> CallAction {
        let stamp = order.issue()
        if let answered = answerAtOnce(call, stamp, joiner: joiner) { return answered }
        // A newer start lands under the guards of a start that never began anywhere.
        let unbegunStart = order.onItsWay == .start && !newestBegun ? newest : nil
        starts.called(stamp, isStart: call == .start, replacingUnbegunStart: unbegunStart)
        let cancelled = order.makeNewest(stamp, call)
        switch call {
        case .logout:
            requestedPhase = .loggedOut
        case .login(let session):
            requestedPhase = .loggedIn(session)
        case .start:
            requestedPhase = nil
        case .refresh:
            break
        case .lock(let kind):
            // It asks for its target; with nothing to lock or cover, the flow stays where it is.
            requestedPhase = (locks.aim(stamp, .lock(kind), from: place) ?? place).phase
        case .unlock:
            requestedPhase = (locks.aim(stamp, .unlock, from: place) ?? place).phase
        case .uncover:
            requestedPhase = (locks.aim(stamp, .uncover, from: place) ?? place).phase
        }
        return .proceed(stamp, cancelBuilds: cancelled)
    }

    /// What call `stamp`, made as `call`, does at once instead of taking its place as the
    /// newest call, if anything: join the logout or the start on its way, or resolve at once
    /// (``CallAction/resolve(_:)``). `nil`: it goes on. A cover notes that it was called.
    private mutating func answerAtOnce(_ call: Call, _ stamp: Stamp, joiner: Joiner?) -> CallAction? {
        let onItsWay = order.onItsWay
        // A start on its way that has not begun anywhere: a lock, a cover, an unlock or an
        // uncover made now joins it and decides where it lands (a caller to resume is needed).
        let guardable = onItsWay == .start && !newestBegun && joiner != nil && !isFinished
        // A start on its way that has begun and lands covered or locked: an uncover or an
        // unlock goes on, as it would after a cover or lock on its way.
        var startCovers = false
        var startLocks = false
        if onItsWay == .start, newestBegun {
            switch place {
            case .covered: startCovers = true
            case .locked: startLocks = true
            case .splash, .loggedOut, .loggedIn, .switching: break
            }
        }
        switch call {
        case .logout(let variant):
            if let joiner, let joined = order.join(joiner, if: { $0 == .logout(variant) }) {
                return .joined(joined)
            }
        case .unlock(let since):
            // Its authentication began before a newer lock or cover: that one needs its own.
            if let since, locks.supersedes(attemptSince: since) { return .resolve(.superseded) }
            if guardable, let joiner { return guardStart(.unlock, joiner) }
            // An unlock never supersedes a start, a login or a logout on its way: it would
            // undo it.
            if Self.changesPlace(onItsWay) && !startLocks { return .resolve(.unchanged) }
        case .uncover:
            // A lock called after the cover stays: lifting it needs an unlock.
            if locks.isLockedSinceCover { return .resolve(.unchanged) }
            if guardable, let joiner { return guardStart(.uncover, joiner) }
            if Self.changesPlace(onItsWay) && !startCovers { return .resolve(.unchanged) }
        case .lock(.privacy):
            return answerCoverAtOnce(stamp, guardable: guardable, joiner: joiner)
        case .lock(let kind):
            return answerLockAtOnce(kind, stamp, guardable: guardable, joiner: joiner)
        case .refresh:
            switch onItsWay {
            case .start?, .login?, .logout?, .lock?, .unlock?, .uncover?:
                // A refresh rebuilds the session shown; a call on its way changes it.
                return .resolve(.unchanged)
            case .refresh?, nil:
                break
            }
        case .start, .login:
            break
        }
        return nil
    }

    /// ``answerAtOnce(_:_:joiner:)`` for a privacy cover, which notes that it was called.
    private mutating func answerCoverAtOnce(_ stamp: Stamp, guardable: Bool, joiner: Joiner?) -> CallAction? {
        locks.coverCalled(stamp)
        if guardable, let joiner {
            // A start's session is covered once it lands.
            locks.hides(stamp, as: .privacy)
            return guardStart(.cover, joiner)
        }
        // Nothing to cover: a login on its way goes on (the user may be signing in as
        // the app goes to the background); a lock on its way stays, a logout too.
        switch place {
        case .loggedIn, .covered: break
        case .splash, .loggedOut, .switching, .locked: return .resolve(.unchanged)
        }
        switch order.onItsWay {
        case .logout?, .lock(.cover)?, .lock(.teardown)?: return .resolve(.unchanged)
        case .start? where !newestBegun: return .resolve(.unchanged)
        default: return nil
        }
    }

    /// ``answerAtOnce(_:_:joiner:)`` for a lock of `kind`.
    private mutating func answerLockAtOnce(
        _ kind: LockKind,
        _ stamp: Stamp,
        guardable: Bool,
        joiner: Joiner?
    ) -> CallAction? {
        if guardable, let joiner {
            // A start's session is locked once it lands.
            locks.hides(stamp, as: kind)
            return guardStart(.lock(keepsSession: kind == .cover), joiner)
        }
        // A lock never supersedes a logout (the session ends anyway), a start that has
        // not begun and has no caller to resume, nor a start that has begun with nothing
        // to lock (it would leave a scene the start has yet to reach on the splash).
        switch order.onItsWay {
        case .logout?: return .resolve(.unchanged)
        case .start? where !newestBegun: return .resolve(.unchanged)
        case .start?:
            switch place {
            case .loggedIn, .covered, .locked: return nil
            case .splash, .loggedOut, .switching: return .resolve(.unchanged)
            }
        default: return nil
        }
    }

    /// The provider told `start()` call `stamp` where it lands. A locked answer counts as
    /// a lock called with the start: an authentication begun before it is superseded.
    mutating func startAnswered(_ stamp: Stamp, _ answer: AuthInitialState<Session>) {
        checkIssued(stamp, "startAnswered")
        starts.answered(stamp, answer)
        if case .locked = answer { locks.hides(stamp, as: .teardown) }
        if stamp == newest {
            requestedPhase = landing(ofStart: stamp).phase
        }
    }

    /// Call `lastStamp`, a guard call made while the newest call is a start that has not
    /// begun, joins that start: the start lands as `kind` asks, and `joiner` is resumed
    /// when it ends (``callEnded(_:result:)``).
    private mutating func guardStart(_ kind: StartGuard.Kind, _ joiner: Joiner) -> CallAction {
        starts.join(newest, kind, by: lastStamp, joiner)
        if starts.answer(of: newest) != nil { requestedPhase = landing(ofStart: newest).phase }
        return .joined(newest)
    }

    // MARK: - Admission

    /// The verdict of an admission check.
    enum AdmitAction: Sendable, Hashable {
        /// The call goes on.
        case admit
        /// The call is dropped for this reason.
        case refuse(Refusal)
    }

    /// Whether call `stamp`, made as `call`, is admitted at `point` while `current` is in
    /// place. A refusal as unchanged is remembered for the call's result. `sameAccount`
    /// tells whether a refresh's session belongs to the account shown (the provider's
    /// ``AuthFlowProvider/isSameAccount(_:as:)``).
    ///
    /// `currentEpoch` is the session epoch of the child in place (`nil` for a screen the
    /// app placed, which belongs to the session it was placed in): a child of a session
    /// the flow has left is never the session shown, even for the same session value. The
    /// first admission at the start is the call's beginning: it moves ``place``.
    ///
    /// At ``FlowAdmissionPoint/overtaken`` (a newer call reached the container while this
    /// one makes its child) `building` tells whether the call's factory is building its
    /// child: a superseded call then lets the newer one go first, since its child is never
    /// shown. While the outgoing child prepares to leave it keeps its turn, so that the
    /// newer call's transition never races that preparation.
    mutating func admit(
        _ stamp: Stamp,
        _ call: Call,
        at point: FlowAdmissionPoint,
        current: AuthPlace<Session>,
        currentEpoch: UInt64? = nil,
        building: Bool = false,
        sameAccount: (Session, Session) -> Bool = { $0 == $1 }
    ) -> AdmitAction {
        let superseded = order.isSuperseded(stamp)
        if point == .overtaken {
            return building && superseded ? .refuse(.superseded) : .admit
        }
        // A call that ended takes no more turns: a scene that joined it late is placed
        // instead (`rejoin`). A finished flow begins nothing.
        guard !superseded else { return .refuse(.superseded) }
        switch point {
        case .arrival, .childMade, .overtaken:
            return .admit
        case .start:
            if isFinished { return .refuse(.superseded) }
            let unchanged: Bool
            let inSession = currentEpoch == nil || currentEpoch == sessionEpoch
            switch call {
            case .start:
                let target = landing(ofStart: stamp)
                unchanged = current == target && (target.session == nil || inSession)
            case .login(let session):
                unchanged = current == .loggedIn(session) && inSession
            case .logout(let variant):
                unchanged = current == .loggedOut(variant)
            case .refresh(let session):
                // Only the session shown is rebuilt: a refresh never switches accounts.
                guard let shown = current.session, inSession else {
                    unchanged = true
                    break
                }
                unchanged = session.map { !sameAccount($0, shown) } ?? false
            case .lock:
                // Unchanged where the scene shows this very screen: its session, its style
                // (the privacy cover, a cover or a teardown lock screen) and, for one that
                // keeps the session, the flow's epoch. So a teardown lock replaces a cover
                // lock screen, and a lock replaces the privacy cover.
                guard let target = locks.target(of: stamp) else {
                    unchanged = true
                    break
                }
                unchanged = current == target && inSession
            case .unlock, .uncover:
                guard case .loggedIn(let session)? = locks.target(of: stamp) else {
                    unchanged = true
                    break
                }
                unchanged = current == .loggedIn(session) && inSession
            }
            if unchanged {
                order.answeredUnchanged(stamp)
                // The scene shows the call's destination already, but the flow still goes
                // there: a login that began and was superseded before its child showed left the
                // flow's place in its session. A refresh has no destination of its own.
                if case .refresh = call {} else { begin(stamp, call, current: current) }
                return .refuse(.unchanged)
            }
            begin(stamp, call, current: current)
            return .admit
        }
    }

    /// ``admit(_:_:at:current:currentEpoch:building:sameAccount:)``, and for a call it
    /// begins (admitted at ``FlowAdmissionPoint/start``) its plan in the same step:
    /// ``plan(_:_:current:)`` as the call begins, which its factory then follows.
    mutating func admitAndPlan(
        _ stamp: Stamp,
        _ call: Call,
        at point: FlowAdmissionPoint,
        current: AuthPlace<Session>,
        currentEpoch: UInt64?,
        building: Bool,
        sameAccount: (Session, Session) -> Bool
    ) -> (action: AdmitAction, plan: Plan?) {
        let action = admit(
            stamp,
            call,
            at: point,
            current: current,
            currentEpoch: currentEpoch,
            building: building,
            sameAccount: sameAccount
        )
        guard point == .start, action == .admit else { return (action, nil) }
        return (action, plan(stamp, call, current: current))
    }

    /// Call `stamp` begins in a scene showing `current`: the flow's place moves to its
    /// destination, and entering a session other than the one the flow is in starts a new
    /// epoch.
    mutating func begin(_ stamp: Stamp, _ call: Call, current: AuthPlace<Session>) {
        order.began(stamp)
        let step: AuthPlaceMachine<Session>.Step
        switch call {
        case .start:
            switch landing(ofStart: stamp) {
            case .loggedIn(let session): step = .enter(session)
            case let landing: step = .move(to: landing)
            }
        case .login(let session):
            step = .enter(session)
        case .logout(let variant):
            step = .move(to: .loggedOut(variant))
        case .refresh(let session):
            step = (session ?? current.session ?? place.session).map { .move(to: .loggedIn($0)) } ?? .stay
        case .lock:
            step = locks.target(of: stamp).map { .move(to: $0) } ?? .stay
        case .unlock, .uncover:
            if case .loggedIn(let session)? = locks.target(of: stamp) {
                step = .move(to: .loggedIn(session))
            } else {
                step = .stay
            }
        }
        placeMachine.begin(step, by: call.origin)
    }

    /// Whether the release step of call `stamp` (its ``Route/release``) is admitted at
    /// `point` while `current` is in place: while the call is the newest and `current`
    /// is a session the call leaves.
    ///
    /// With session services (``hasServices``), a child of a session the flow has left
    /// (`currentEpoch` is not ``sessionEpoch``) is released too, before a login or refresh
    /// builds anything: the new session's services are made only once it is gone.
    mutating func admitRelease(
        _ stamp: Stamp,
        _ call: Call,
        at point: FlowAdmissionPoint,
        current: AuthPlace<Session>,
        currentEpoch: UInt64? = nil,
        releasesSessionBeforeSwitch: Bool = true,
        sameAccount: (Session, Session) -> Bool = { $0 == $1 }
    ) -> Bool {
        // The old session's child prepares to leave meanwhile: a newer call waits for it.
        if point == .overtaken { return true }
        guard !order.isSuperseded(stamp), !isFinished, case .loggedIn(let shown) = current else { return false }
        let releases = releaseNeeded(stamp, call, shown: shown, currentEpoch, releasesSessionBeforeSwitch, sameAccount)
        if releases && point == .start {
            // The old session's child goes: the call has begun in this scene.
            order.began(stamp)
        }
        return releases
    }

    private func releaseNeeded(
        _ stamp: Stamp,
        _ call: Call,
        shown: Session,
        _ currentEpoch: UInt64?,
        _ releasesSessionBeforeSwitch: Bool,
        _ sameAccount: (Session, Session) -> Bool
    ) -> Bool {
        let leftSession = hasServices && currentEpoch != nil && currentEpoch != sessionEpoch
        switch call {
        case .login(let session):
            return session != shown ? releasesSessionBeforeSwitch || hasServices : leftSession
        case .refresh(let session):
            if leftSession { return true }
            return releasesSessionBeforeSwitch && (session.map { sameAccount($0, shown) } ?? true)
        case .start:
            guard starts.answer(of: stamp) != nil, let session = landing(ofStart: stamp).liveSession else {
                return false
            }
            return session != shown ? releasesSessionBeforeSwitch || hasServices : leftSession
        case .unlock:
            // After a teardown lock, a scene the lock never reached still shows the session
            // the flow left: with services, it goes before the new session's are made.
            return leftSession
        case .logout, .lock, .uncover:
            return false
        }
    }

    // MARK: - Factories and ends

    /// What to do with a factory that has just started.
    typealias BuildAction = AuthCallOrder<Call, Joiner, Build>.BuildAction

    /// What the factory of a call makes, once the outgoing child prepared and the delay ran.
    enum FactoryWork: Sendable, Hashable {
        /// The call's child, from the provider's factory: the call is still the newest.
        case child
        /// The switching placeholder: a newer call superseded this one before its factory
        /// began, so the provider's factory is never called, and the placeholder stands in
        /// for a child that would be dropped unseen.
        case switchingPlaceholder
    }

    /// What the factory of call `stamp` makes: its child only while it is the newest call.
    func factoryWork(_ stamp: Stamp) -> FactoryWork {
        stamp == newest ? .child : .switchingPlaceholder
    }

    /// A factory of call `stamp` has started in `scene` as `handle`: the call order keeps it
    /// while the call is the newest (``AuthCallOrder/buildStarted(_:in:_:)``) and the scene
    /// is attached. A scene detached before its factory started (during the delay or the
    /// outgoing child's preparation) had none for its detach to cancel, so it is cancelled
    /// now, as is one that starts after ``finish()``.
    mutating func buildStarted(_ stamp: Stamp, in scene: AuthSceneID, _ handle: Build) -> BuildAction {
        checkIssued(stamp, "buildStarted")
        guard !isFinished, sceneList.contains(scene) else { return .cancel(handle) }
        return order.buildStarted(stamp, in: scene, handle)
    }

    /// What to do once a call has ended.
    struct EndAction {
        /// What the call returns.
        var result: AuthResult
        /// The joined logouts to resume with it.
        var joiners: [Joiner]
        /// The guard calls that joined a start, each with its own result.
        var guards: [Resumption] = []
    }

    /// Call `stamp` has returned from the container with `result`; nothing keeps its
    /// factory any longer.
    mutating func callEnded(_ stamp: Stamp, result: TransitionResult) -> EndAction {
        checkIssued(stamp, "callEnded")
        let hadBegun = stamp == newest && newestBegun
        let ending = order.end(stamp)
        let authResult: AuthResult =
            result == .superseded && ending.answeredUnchanged ? .unchanged : AuthResult(result)
        if authResult.didSwitch { changeCount += 1 }
        // The newest call, a start that never began anywhere: its guards stay in force for
        // the next start.
        let guards = starts.ended(stamp, result: authResult, carries: stamp == newest && !hadBegun).map {
            Resumption(joiner: $0.joiner, result: $0.result)
        }
        locks.ended(stamp)
        return EndAction(result: authResult, joiners: ending.joiners, guards: guards)
    }

    // MARK: - Helpers

    /// Traps on a stamp the machine never issued: `AuthFlow` only reports its own calls.
    func checkIssued(_ stamp: Stamp, _ input: StaticString) {
        guard stamp >= 1, stamp <= lastStamp else {
            preconditionFailure("Internal inconsistency: \(input)(\(stamp)) after \(lastStamp) calls")
        }
    }

    // MARK: - Scene inputs that set the scene state

    // The other scene inputs are in `AuthStateMachine+Scenes.swift`.

    /// The id of the next scene, taken before the scene is made.
    mutating func reserveScene() -> AuthSceneID {
        sceneList.reserve()
    }

    /// Scene `id` (reserved by ``reserveScene()``) is attached: every call that fans out
    /// after this step runs in it. In the same step it learns where the flow is, so that a
    /// call made after it can never be missed.
    mutating func attach(_ id: AuthSceneID, _ scene: Scene) -> AttachAction {
        guard sceneList.attach(id, scene) else {
            preconditionFailure("Internal inconsistency: \(id) attached unreserved or twice")
        }
        return arrival(of: id)
    }

    /// Scene `id` is detached; returns it, or `nil` if it was not attached, and the newest
    /// call's factories there, to cancel: the scene shows nothing more. Calls fanning out
    /// later no longer run in it, and its results no longer count.
    mutating func detach(_ id: AuthSceneID) -> (scene: Scene?, cancelBuilds: [Build]) {
        (sceneList.detach(id), order.detached(id))
    }

    /// Call `stamp`, made as `call`, is ready to run (a start once its provider answered).
    /// With no scene attached, the call is admitted against the flow's place as if a scene
    /// showed it: it begins and completes, or is unchanged or superseded.
    mutating func fanOut(_ stamp: Stamp, _ call: Call) -> FanOutAction {
        checkIssued(stamp, "fanOut")
        if isFinished { return .resolved(.cancelled) }
        order.fannedOut(stamp)
        guard scenes.isEmpty else { return .run(scenes) }
        switch admit(stamp, call, at: .start, current: place, currentEpoch: sessionEpoch) {
        case .admit: return .resolved(.completed)
        case .refuse: return .resolved(.superseded)
        }
    }

    /// How a ready call runs: the animation it takes, where it runs, and how it runs in
    /// each scene.
    struct Launch {
        /// The caller's animation, or the configured one (``animation(for:_:)``).
        var animation: TransitionAnimation
        /// Where it runs (``fanOut(_:_:)``).
        var fanOut: FanOutAction
        /// How it runs in each scene (``route(_:_:hasServices:)``).
        var route: Route
    }

    /// Call `stamp`, made as `call`, is launched: it takes the caller's `animation` (`nil`:
    /// the configured one), fans out (``fanOut(_:_:)``), and runs in each scene by its
    /// route, all decided in this one step.
    mutating func launch(_ stamp: Stamp, _ call: Call, animation: TransitionAnimation?) -> Launch {
        let animation = animation ?? self.animation(for: stamp, call)
        return Launch(
            animation: animation,
            fanOut: fanOut(stamp, call),
            route: Self.route(call, configuration, hasServices: hasServices)
        )
    }

    /// The flow is finished: every scene is returned for its container to be finished,
    /// with the newest call's factories still building, to cancel
    /// (``AuthCallOrder/finished()``); calls fanning out later resolve as `cancelled`, and a
    /// factory starting later is cancelled as it starts (``buildStarted(_:in:_:)``). Called
    /// again, it returns the scenes still attached and no factory.
    mutating func finish() -> (scenes: [(id: AuthSceneID, scene: Scene)], cancelBuilds: [Build]) {
        isFinished = true
        return (scenes, order.finished())
    }

    // MARK: - Invariants

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        var broken = order.invariantViolations() + locks.invariantViolations(lastStamp: lastStamp)
        let held = starts.heldStamps
        if let newestHeld = held.max(), newestHeld > lastStamp {
            broken.append("1: stamp \(newestHeld) after \(lastStamp) calls")
        }
        broken += placeMachine.invariantViolations()
        broken += starts.invariantViolations()
        broken += sceneList.invariantViolations()
        return broken
    }
}

extension AuthStateMachine: Sendable where Joiner: Sendable, Build: Sendable, Scene: Sendable {}
extension AuthStateMachine.CallAction: Sendable where Build: Sendable {}
extension AuthStateMachine.Launch: Sendable where Scene: Sendable {}
extension AuthStateMachine.CallAction: Equatable where Build: Equatable {}
extension AuthStateMachine.EndAction: Sendable where Joiner: Sendable {}
extension AuthStateMachine.EndAction: Equatable where Joiner: Equatable {}
extension AuthStateMachine.Resumption: Sendable where Joiner: Sendable {}
extension AuthStateMachine.Resumption: Equatable where Joiner: Equatable {}
