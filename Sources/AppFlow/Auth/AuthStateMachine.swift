/// Where an ``AuthFlow`` stands, with the variant of a logged-out state.
enum AuthPlace<Session: Sendable & Equatable>: Sendable, Equatable {
    /// The placeholder before `start()`.
    case splash
    /// Logged out, in this variant.
    case loggedOut(LogoutVariant)
    /// Logged in with this session.
    case loggedIn(Session)
    /// Still logged in with this session, its child already released: the switching
    /// placeholder of ``AuthFlowConfiguration/releasesSessionBeforeSwitch`` is shown, and
    /// the new session's child is still to be built.
    case switching(from: Session)
}

/// The call-order decisions of an ``AuthFlow``, as a plain value with no `await` and no
/// side effects.
///
/// Every call (`start`, `login`, `logout`, `refresh`) takes a stamp from one counter the
/// moment it is made. The newest stamp decides: a call whose stamp is no longer the
/// newest is stale, and is refused at each of the container's admission points, however
/// late it reaches them. A logout called while a logout of the same variant is on its way,
/// with no other call in between, joins it instead of taking a stamp of its own, so that
/// one logout never supersedes another.
///
/// `AuthFlow` keeps the machine in a ``LockedValue``: calls come from any task. The
/// admission closures it hands the container only ask (``admit(_:_:at:current:)`` does
/// not mutate); the actions are performed after the lock is released.
///
/// Generic parameters keep it testable without tasks: `Joiner` is how a joined logout is
/// resumed, `Build` the handle of a running factory that a later call cancels.
struct AuthStateMachine<Session: Sendable & Equatable, Joiner, Build> {
    typealias Stamp = UInt64

    /// One call, with what it asks for.
    enum Call: Sendable, Equatable {
        /// `start()`: the initial state, once the provider has told it.
        case start(AuthPlace<Session>)
        /// `login(_:)`.
        case login(Session)
        /// `logout(_:)` to this variant.
        case logout(LogoutVariant)
        /// `refresh(_:)`: rebuild the logged-in child, for this session or the one shown.
        case refresh(Session?)
    }

    /// Why a call is refused at an admission point.
    enum Refusal: Sendable, Hashable {
        /// A later call was made: the call returns ``AuthResult/superseded``.
        case stale
        /// The flow already is where the call would take it (or, for a refresh, is not
        /// logged in): the call returns ``AuthResult/unchanged``.
        case unchanged
    }

    struct RunningBuild {
        var stamp: Stamp
        var handle: Build
    }

    private var lastStamp: Stamp = 0
    /// The newest call that decides; joined logouts do not count.
    private var newest: Stamp = 0
    /// The newest logout and its variant, which a later logout of that variant joins
    /// while it is still the newest call.
    private var joinableLogout: (stamp: Stamp, variant: LogoutVariant)?
    /// The calls waiting for each logout they joined.
    private var joiners: [Stamp: [Joiner]] = [:]
    /// The factory running now, if a call registered one.
    private var build: RunningBuild?

    init() {}

    /// How many calls have been made, joined logouts included.
    var callCount: UInt64 { lastStamp }

    // MARK: - Inputs

    /// What a new call does.
    enum CallAction {
        /// Go on with stamp `stamp`. Cancel `cancelBuild` first, if set: it is the
        /// factory of an older call, which can no longer be shown.
        case proceed(Stamp, cancelBuild: Build?)
        /// A logout joined the logout on its way: its `joiner` is resumed with that
        /// logout's result (``callEnded(_:result:)``).
        case joined(Stamp)
    }

    /// A call is made. For a logout, `joiner` is how to resume the caller if it joins the
    /// logout on its way; a call without one (every other call, and a logout made by
    /// `follow`) never joins.
    mutating func call(_ call: Call, joiner: Joiner?) -> CallAction {
        lastStamp += 1
        if case .logout(let variant) = call, let joiner, let joinable = joinableLogout, joinable.stamp == newest,
            joinable.variant == variant
        {
            joiners[joinable.stamp, default: []].append(joiner)
            return .joined(joinable.stamp)
        }
        let stamp = lastStamp
        newest = stamp
        if case .logout(let variant) = call {
            joinableLogout = (stamp, variant)
        }
        let cancelled = build?.handle
        build = nil
        return .proceed(stamp, cancelBuild: cancelled)
    }

    /// The verdict of an admission check.
    enum AdmitAction: Sendable, Hashable {
        /// The call goes on.
        case admit
        /// The call is dropped for this reason.
        case refuse(Refusal)
    }

    /// Whether call `stamp`, asking for `call`, is admitted at `point` while `current`
    /// is in place. It only asks: the machine does not change.
    func admit(_ stamp: Stamp, _ call: Call, at point: FlowAdmissionPoint, current: AuthPlace<Session>) -> AdmitAction {
        guard stamp == newest else { return .refuse(.stale) }
        switch point {
        case .arrival, .childMade:
            return .admit
        case .start:
            let unchanged: Bool
            switch call {
            case .start(let place):
                unchanged = current == place
            case .login(let session):
                unchanged = current == .loggedIn(session)
            case .logout(let variant):
                unchanged = current == .loggedOut(variant)
            case .refresh:
                switch current {
                case .loggedIn, .switching: unchanged = false
                case .splash, .loggedOut: unchanged = true
                }
            }
            return unchanged ? .refuse(.unchanged) : .admit
        }
    }

    /// What to do with a factory that has just started.
    enum BuildAction {
        /// Let it run; a later call cancels it.
        case keep
        /// A later call was made meanwhile: cancel it now.
        case cancel(Build)
    }

    /// The factory of call `stamp` has started as `handle`.
    mutating func buildStarted(_ stamp: Stamp, _ handle: Build) -> BuildAction {
        checkIssued(stamp, "buildStarted")
        guard stamp == newest else { return .cancel(handle) }
        build = RunningBuild(stamp: stamp, handle: handle)
        return .keep
    }

    /// What to do once a call has ended.
    enum EndAction {
        /// Resume these joined logouts with the call's result.
        case resumeJoiners([Joiner])
    }

    /// Call `stamp` has returned; nothing keeps its factory any longer.
    mutating func callEnded(_ stamp: Stamp) -> EndAction {
        checkIssued(stamp, "callEnded")
        if build?.stamp == stamp {
            build = nil
        }
        if joinableLogout?.stamp == stamp {
            joinableLogout = nil
        }
        return .resumeJoiners(joiners.removeValue(forKey: stamp) ?? [])
    }

    /// Traps on a stamp the machine never issued: `AuthFlow` only reports its own calls.
    private func checkIssued(_ stamp: Stamp, _ input: StaticString) {
        guard stamp >= 1, stamp <= lastStamp else {
            preconditionFailure("Internal inconsistency: \(input)(\(stamp)) after \(lastStamp) calls")
        }
    }

    // MARK: - Snapshot

    /// The state as plain values, so that tests can compare states.
    struct Snapshot {
        var lastStamp: Stamp = 0
        var newest: Stamp = 0
        var joinableLogout: Stamp?
        var joinableVariant: LogoutVariant?
        var joiners: [Stamp: [Joiner]] = [:]
        var build: Stamp?
        var buildHandle: Build?
    }

    /// The state now.
    var snapshot: Snapshot {
        Snapshot(
            lastStamp: lastStamp,
            newest: newest,
            joinableLogout: joinableLogout?.stamp,
            joinableVariant: joinableLogout?.variant,
            joiners: joiners,
            build: build?.stamp,
            buildHandle: build?.handle
        )
    }
}

extension AuthStateMachine: Sendable where Joiner: Sendable, Build: Sendable {}
extension AuthStateMachine.RunningBuild: Sendable where Build: Sendable {}
extension AuthStateMachine.CallAction: Sendable where Build: Sendable {}
extension AuthStateMachine.CallAction: Equatable where Build: Equatable {}
extension AuthStateMachine.BuildAction: Sendable where Build: Sendable {}
extension AuthStateMachine.BuildAction: Equatable where Build: Equatable {}
extension AuthStateMachine.EndAction: Sendable where Joiner: Sendable {}
extension AuthStateMachine.EndAction: Equatable where Joiner: Equatable {}
extension AuthStateMachine.Snapshot: Sendable where Joiner: Sendable, Build: Sendable {}
extension AuthStateMachine.Snapshot: Equatable where Joiner: Equatable, Build: Equatable {}
