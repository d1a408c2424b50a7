/// Where an ``AuthFlow`` is, and the epoch of the session it lives in. One of the small
/// machines of ``AuthStateMachine``, which decides where each call goes; this one moves
/// the flow there when the call begins.
///
/// A session lives from the moment the flow enters it until it leaves it (a logout, a
/// teardown lock, a start that lands logged out): each such stretch has an epoch of its
/// own, so that a child built in an older stretch of the same session value is never taken
/// for the session shown. The privacy cover and a cover lock keep the session, and its
/// epoch, alive behind them.
///
/// ## Invariants
/// The state enum makes two unrepresentable: the flow is never at the switching
/// placeholder, and it has an epoch exactly when a session lives. ``invariantViolations()``
/// checks the last one: every epoch is one given out.
struct AuthPlaceMachine<Session: Sendable & Equatable>: Sendable {
    /// How a session that lives is shown.
    enum Showing: Sendable, Hashable {
        /// Its own screens.
        case session
        /// The privacy cover.
        case privacyCover
        /// A lock screen in the cover style.
        case lockScreen
    }

    /// Where the flow is.
    enum State: Sendable, Equatable {
        /// The placeholder before the first call began.
        case splash
        /// Logged out, in this variant.
        case loggedOut(LogoutVariant)
        /// In this session, whose stretch is `epoch`, showing it as `showing` says.
        case live(Session, epoch: UInt64, showing: Showing)
        /// Locked in the teardown style over this session, which the flow has left.
        case tornDown(Session)
    }

    /// Where a call that begins takes the flow.
    enum Step: Sendable, Equatable {
        /// Into this session, logged in: a new epoch, unless the flow shows this very
        /// session already (a login or a start that lands logged in).
        case enter(Session)
        /// To this place: a session that lives on keeps its epoch; one that did not live, or
        /// another session under the privacy cover or a cover lock, takes a new one.
        case move(to: AuthPlace<Session>)
        /// Nowhere: the call has nothing to change (a lock with nothing to lock, a refresh
        /// with nothing to rebuild).
        case stay
    }

    private(set) var state: State = .splash
    /// The newest epoch given out.
    private(set) var lastEpoch: UInt64 = 0
    /// The call that moved the flow here, or began here last.
    private(set) var origin: AuthCall = .start
    /// The session epoch the services last heard of (``takeEpochChange()``).
    private(set) var announcedEpoch: UInt64?

    /// Where the flow is, as a place.
    var place: AuthPlace<Session> {
        switch state {
        case .splash: return .splash
        case .loggedOut(let variant): return .loggedOut(variant)
        case .live(let session, _, .session): return .loggedIn(session)
        case .live(let session, _, .privacyCover): return .covered(session)
        case .live(let session, _, .lockScreen): return .locked(session, keepsSession: true)
        case .tornDown(let session): return .locked(session, keepsSession: false)
        }
    }

    /// The epoch of the session that lives; `nil` while none does.
    var sessionEpoch: UInt64? {
        if case .live(_, let epoch, _) = state { return epoch }
        return nil
    }

    /// Call `origin` begins and takes the flow as `step` says.
    mutating func begin(_ step: Step, by origin: AuthCall) {
        self.origin = origin
        switch step {
        case .stay:
            break
        case .enter(let session):
            if case .live(session, let epoch, .session) = state {
                state = .live(session, epoch: epoch, showing: .session)
            } else {
                state = .live(session, epoch: newEpoch(), showing: .session)
            }
        case .move(to: .splash), .move(to: .switching):
            preconditionFailure("Internal inconsistency: a call began towards \(step)")
        case .move(to: .loggedOut(let variant)):
            state = .loggedOut(variant)
        case .move(to: .locked(let session, keepsSession: false)):
            state = .tornDown(session)
        case .move(to: .loggedIn(let session)):
            // A session shown again (an unlock, an uncover, a refresh) lives on; after a
            // teardown lock or with none, it is entered anew.
            state = .live(session, epoch: sessionEpoch ?? newEpoch(), showing: .session)
        case .move(to: .covered(let session)):
            state = .live(session, epoch: epoch(keeping: session), showing: .privacyCover)
        case .move(to: .locked(let session, keepsSession: true)):
            state = .live(session, epoch: epoch(keeping: session), showing: .lockScreen)
        }
    }

    /// The epoch of the session that lives now, if the services have not heard of it: the
    /// flow entered a session, left one, or both, since they last heard. `nil` if nothing
    /// changed; `.some(nil)` if no session lives any longer. Each change is told once.
    mutating func takeEpochChange() -> UInt64?? {
        guard sessionEpoch != announcedEpoch else { return nil }
        announcedEpoch = sessionEpoch
        return .some(sessionEpoch)
    }

    /// The epoch of `session` as it goes under a cover: its own if it lives, else a new one.
    private mutating func epoch(keeping session: Session) -> UInt64 {
        if case .live(session, let epoch, _) = state { return epoch }
        return newEpoch()
    }

    private mutating func newEpoch() -> UInt64 {
        lastEpoch += 1
        return lastEpoch
    }

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        guard let epoch = sessionEpoch, epoch > lastEpoch else { return [] }
        return ["4: epoch \(epoch) of \(lastEpoch)"]
    }
}
