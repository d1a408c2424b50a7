/// The flow's own events made from its scenes': one will/did pair per call, whichever
/// windows show it, so that ``AuthFlow/events(bufferingPolicy:)`` belongs to the flow and
/// not to a scene.
///
/// Each subscriber has one: it is fed, in one order, every scene's auth events (with the
/// stamp of the call that made each screen) and the end of each scene's stream, and
/// says what the subscriber sees. The first scene to begin a call announces it; the call's
/// `did` comes once every scene that began it within this subscription has ended it, or
/// gone, or a newer call begins: the flow's events never overlap, as one container's do
/// not. A call older than one announced is not announced (a scene that joins a call late,
/// or a superseded transition in one window). No `await`, no lock: the subscriber's one consumer
/// task performs.
struct AuthEventMerge<Session: Sendable & Equatable, Child: Sendable> {
    typealias Event = AuthEvent<Session, Child>
    typealias Screen = AuthScreen<Session, Child>

    /// One scene's transition: the scene and its container's transition id.
    struct Member: Hashable {
        let scene: AuthSceneID
        let transition: TransitionID
    }

    /// The call announced and not yet ended, if any.
    enum State {
        /// No call's `will` awaits its `did`.
        case idle
        /// Call `stamp` was announced by `will`; `members` are the scene transitions
        /// still showing it.
        case open(stamp: UInt64, will: Event, members: Set<Member>)
        /// The flow finished: nothing more is announced.
        case finished
    }

    private(set) var state = State.idle
    /// The newest call announced; every call announced is newer than the one before.
    private(set) var newestAnnounced: UInt64?

    /// A scene's transition for call `stamp` began with `event`, a `will`. Returns what
    /// the subscriber sees: nothing (the call is announced, or older than one that was),
    /// the `will`, or the open call's `did` and then the `will` of this newer one.
    mutating func began(_ event: Event, stamp: UInt64, in member: Member) -> [Event] {
        switch state {
        case .finished:
            return []
        case .open(let open, let will, var members) where open == stamp:
            members.insert(member)
            state = .open(stamp: open, will: will, members: members)
            return []
        case .open(_, let will, _):
            guard isNewer(stamp) else { return [] }
            announce(event, stamp: stamp, member: member)
            return [will.ended, event]
        case .idle:
            guard isNewer(stamp) else { return [] }
            announce(event, stamp: stamp, member: member)
            return [event]
        }
    }

    /// A scene's transition ended. Returns the open call's `did` when it was the last of
    /// the call's transitions; otherwise nothing.
    mutating func ended(_ member: Member) -> Event? {
        guard case .open(let stamp, let will, var members) = state, members.remove(member) != nil else {
            return nil
        }
        return close(stamp, will, members)
    }

    /// Scene `scene`'s stream ended (it was detached, or the flow finished): its
    /// transitions count as ended. Returns the open call's `did` if none is left.
    mutating func sceneEnded(_ scene: AuthSceneID) -> Event? {
        guard case .open(let stamp, let will, var members) = state else { return nil }
        let before = members.count
        members = members.filter { $0.scene != scene }
        guard members.count < before else { return nil }
        return close(stamp, will, members)
    }

    /// The flow finished and every scene's stream has ended. Returns the open call's
    /// `did`, if one is still owed; nothing is announced afterwards.
    mutating func flowFinished() -> Event? {
        defer { state = .finished }
        guard case .open(_, let will, _) = state else { return nil }
        return will.ended
    }

    /// Hears one input of the subscriber's feed, in the feed's order; returns what the
    /// subscriber sees. A scene's `will` counts only for a screen a call placed (one with a
    /// stamp), as the event ``event(for:)`` makes of it; its `did` ends that scene
    /// transition; progress is never seen.
    mutating func hear(_ input: AuthEventFeed<Screen>.Input) -> [Event] {
        switch input {
        case .event(let scene, .willTransition(let transition)):
            guard let stamp = transition.to.stamp, let event = Self.event(for: .willTransition(transition)) else {
                return []
            }
            return began(event, stamp: stamp, in: Member(scene: scene, transition: transition.id))
        case .event(let scene, .didTransition(let transition)):
            return ended(Member(scene: scene, transition: transition.id)).map { [$0] } ?? []
        case .event(_, .progress):
            return []
        case .sceneEnded(let scene):
            return sceneEnded(scene).map { [$0] } ?? []
        case .flowFinished:
            return flowFinished().map { [$0] } ?? []
        }
    }

    /// The auth event one scene's container event makes: for a transition to a screen a
    /// call placed, its `will` or `did` by the phase that screen shows (a session's is a
    /// login, a lock screen's a lock, the splash's and a logged-out child's a logout), with
    /// the session it shows, and marked initial for ``AuthCall/start``. `nil` for progress
    /// and for a screen no call placed (a `hop` within a phase).
    static func event(for event: FlowEvent<Screen>) -> Event? {
        let (transition, ended): (Transition<Screen>, Bool)
        switch event {
        case .willTransition(let value): (transition, ended) = (value, false)
        case .didTransition(let value): (transition, ended) = (value, true)
        case .progress: return nil
        }
        guard let call = transition.to.call else { return nil }
        let session: Session?
        let kind: Event.Kind
        switch transition.to.phase {
        case .loggedIn(let loggedIn):
            (session, kind) = (loggedIn, ended ? .didLogin : .willLogin)
        case .locked(let locked):
            (session, kind) = (locked, ended ? .didLock : .willLock)
        case .loggedOut, .splash:
            (session, kind) = (nil, ended ? .didLogout : .willLogout)
        }
        return Event(
            kind: kind,
            child: transition.to.child,
            session: session,
            isInitial: call == .start,
            call: call,
            logoutVariant: transition.to.logoutVariant,
            transitionID: transition.id
        )
    }

    private func isNewer(_ stamp: UInt64) -> Bool {
        newestAnnounced.map { stamp > $0 } ?? true
    }

    private mutating func announce(_ event: Event, stamp: UInt64, member: Member) {
        state = .open(stamp: stamp, will: event, members: [member])
        newestAnnounced = stamp
    }

    private mutating func close(_ stamp: UInt64, _ will: Event, _ members: Set<Member>) -> Event? {
        guard members.isEmpty else {
            state = .open(stamp: stamp, will: will, members: members)
            return nil
        }
        state = .idle
        return will.ended
    }
}

extension AuthEvent {
    /// The `did` event of this `will`: the same transition, ended.
    var ended: AuthEvent {
        let endedKind: Kind =
            switch kind {
            case .willLogin, .didLogin: .didLogin
            case .willLogout, .didLogout: .didLogout
            case .willLock, .didLock: .didLock
            }
        return AuthEvent(
            kind: endedKind,
            child: child,
            session: session,
            isInitial: isInitial,
            call: call,
            logoutVariant: logoutVariant,
            transitionID: transitionID
        )
    }
}
