/// Where a lock, a privacy cover, an unlock or an uncover takes the flow, decided when it is
/// called, and which of the locks and covers came last. One of the small machines of
/// ``AuthStateMachine``, which decides whether such a call goes on at all; this one aims it.
///
/// A call's target is decided from the flow's place when it is made: the place cannot move
/// between a call and its beginning, since only the newest call begins. A call with
/// nothing to do there has no target, and is unchanged.
///
/// ## Invariants
/// One state enum, ``Hiding``, keeps what the later calls need of the locks and covers
/// called: what hid the session last and, if a privacy cover was called after it without
/// hiding the session, that cover. So the cover called last can no longer disagree with
/// what hides the session: a cover that hid it is, by the case, the newest called.
/// ``invariantViolations(lastStamp:)`` checks the one order the cases cannot hold (a cover
/// called after what it follows) and that every stamp it holds was issued.
struct AuthLockMachine<Session: Sendable & Equatable>: Sendable {
    typealias Stamp = UInt64

    /// What a lock puts over the session.
    enum Kind: Sendable, Hashable {
        /// ``AuthLockStyle/cover``.
        case cover
        /// ``AuthLockStyle/teardown``.
        case teardown
        /// The privacy cover of `cover()`: no authentication lifts it, `uncover()` does.
        case privacy

        init(_ style: AuthLockStyle) {
            switch style {
            case .cover: self = .cover
            case .teardown: self = .teardown
            }
        }
    }

    /// A call this machine aims.
    enum Call: Sendable, Hashable {
        /// A lock of this kind, or the privacy cover.
        case lock(Kind)
        /// `unlock()`.
        case unlock
        /// `uncover()`.
        case uncover
    }

    /// What hides the session last.
    enum LastHidden: Sendable, Hashable {
        /// Neither a lock nor a cover with a session to cover was called.
        case nothing
        /// A lock, a start that lands locked, or a lock that joined a start.
        case lock(Stamp)
        /// A privacy cover with a session to cover.
        case cover(Stamp)

        var stamp: Stamp {
            switch self {
            case .nothing: return 0
            case .lock(let stamp), .cover(let stamp): return stamp
            }
        }
    }

    /// The locks and covers called, as far as later calls need them.
    enum Hiding: Sendable, Hashable {
        /// The newest lock or cover called is the one that hid the session last, or none was
        /// called (``LastHidden/nothing``).
        case hidden(LastHidden)
        /// Privacy cover `stamp` was called after `over` hid the session, and has not hidden
        /// it: it had no session to cover, or has not gone on.
        case coverCalled(Stamp, over: LastHidden)
    }

    /// The locks and covers called, as far as later calls need them.
    private(set) var hiding = Hiding.hidden(.nothing)
    /// Where each call on its way goes.
    private(set) var targets: [Stamp: AuthPlace<Session>] = [:]

    /// What hides the session last.
    var lastHidden: LastHidden {
        switch hiding {
        case .hidden(let hidden), .coverCalled(_, let hidden): hidden
        }
    }

    /// The newest lock or cover called, whether it hid the session or not; 0 if none was.
    var newestCalled: Stamp {
        switch hiding {
        case .hidden(let hidden): hidden.stamp
        case .coverCalled(let stamp, _): stamp
        }
    }

    /// Whether an unlock whose authentication began when `since` calls had been made is
    /// superseded: a lock or a cover was called after that, and needs its own.
    func supersedes(attemptSince since: Stamp) -> Bool {
        newestCalled > since
    }

    /// Whether a lock was called after the last cover: an uncover leaves it, since lifting
    /// it needs an unlock.
    var isLockedSinceCover: Bool {
        if case .lock = lastHidden { return true }
        return false
    }

    /// Privacy cover `stamp` is called, whatever it turns out to do.
    mutating func coverCalled(_ stamp: Stamp) {
        guard stamp > newestCalled else { return }
        hiding = .coverCalled(stamp, over: lastHidden)
    }

    /// Call `stamp` hides the session, as `hider` says, without a target of its own: it
    /// joined a start, or it is a start that lands locked. It is the last to hide unless a
    /// newer lock or cover was called.
    mutating func hides(_ stamp: Stamp, as hider: Kind) {
        guard stamp > lastHidden.stamp else { return }
        record(hider == .privacy ? .cover(stamp) : .lock(stamp))
    }

    /// Call `stamp`, made as `call` with the flow at `place`, goes on: returns its target,
    /// `nil` if it has nothing to do there. A lock while locked (an unlock while unlocked)
    /// targets the place as it is, so that a scene the previous one never reached gets
    /// there.
    mutating func aim(_ stamp: Stamp, _ call: Call, from place: AuthPlace<Session>) -> AuthPlace<Session>? {
        let target: AuthPlace<Session>?
        switch (call, place) {
        case (.lock(.privacy), .loggedIn(let session)): target = .covered(session)
        // Covered already: it covers again as the flow is, so that a scene the last cover
        // never reached (a later call superseded it there) is covered too.
        case (.lock(.privacy), .covered): target = place
        case (.lock(.privacy), _): target = nil
        case (.lock(let kind), .loggedIn(let session)), (.lock(let kind), .covered(let session)):
            target = .locked(session, keepsSession: kind == .cover)
        // Locked already: it locks again as the flow is, for a scene the last lock never
        // reached; an unlock while unlocked does the same for a scene left on the lock screen.
        case (.lock, .locked): target = place
        case (.unlock, .locked(let session, _)), (.uncover, .covered(let session)): target = .loggedIn(session)
        case (.unlock, .loggedIn), (.uncover, .loggedIn): target = place
        case (.lock, _), (.unlock, _), (.uncover, _): target = nil
        }
        switch call {
        case .lock(.privacy): if target != nil { record(.cover(stamp)) }
        case .lock: record(.lock(stamp))
        case .unlock, .uncover: break
        }
        targets[stamp] = target
        return target
    }

    /// `hidden` hides the session now; a cover called after it, and not by it, is kept.
    private mutating func record(_ hidden: LastHidden) {
        if case .coverCalled(let cover, _) = hiding, cover > hidden.stamp {
            hiding = .coverCalled(cover, over: hidden)
        } else {
            hiding = .hidden(hidden)
        }
    }

    /// Where call `stamp` goes; `nil` if it has nothing to do, or is no call this machine
    /// aimed.
    func target(of stamp: Stamp) -> AuthPlace<Session>? {
        targets[stamp]
    }

    /// Call `stamp` has ended: its target is dropped.
    mutating func ended(_ stamp: Stamp) {
        targets[stamp] = nil
    }

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations(lastStamp: Stamp) -> [String] {
        var broken: [String] = []
        if case .coverCalled(let cover, let over) = hiding, cover <= over.stamp {
            broken.append("1: cover \(cover) called before \(over), which it follows")
        }
        if let late = ([newestCalled] + Array(targets.keys)).max(), late > lastStamp {
            broken.append("2: lock stamp \(late) after \(lastStamp) calls")
        }
        return broken
    }
}
