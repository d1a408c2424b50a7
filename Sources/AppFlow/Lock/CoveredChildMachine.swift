/// The session's screen that a scene keeps under a cover lock or the privacy cover, to show
/// it again on unlock or uncover: which one it keeps, and when it lets it go. One per
/// ``AuthScene``, in a lock of its own; `Screen` is the scene's screen type.
///
/// A cover keeps the screen it hides if it is a child of the session it covers (shown at
/// the session's place, of the epoch covered: not a lock screen nor a child of a session
/// the flow left). A newer cover replaces what an
/// older one kept; a call that ran in the scene after the cover that kept it (an unlock
/// that showed it again, a logout that replaced the lock screen) lets it go.
///
/// ## Invariants
/// The state enum makes them unrepresentable: at most one screen is kept, and a kept
/// screen always has the epoch and the cover it was kept by.
struct CoveredChildMachine<Screen> {
    typealias Stamp = UInt64

    enum State {
        /// Nothing is kept.
        case empty
        /// `screen`, a child of session epoch `epoch`, kept by cover call `keptBy`.
        case kept(Screen, epoch: UInt64, keptBy: Stamp)
    }

    private(set) var state: State = .empty

    /// Cover call `stamp`, covering session epoch `coverEpoch`, is about to hide `screen`,
    /// a screen at `place` of session epoch `screenEpoch`. It keeps it if it is a child of
    /// that session (shown at the session's own place, not a lock screen, a cover or a
    /// logged-out screen, nor a child of another epoch). Returns the screen it replaces,
    /// for the caller to drop outside its lock.
    mutating func keep<Session>(
        _ screen: Screen,
        at place: AuthPlace<Session>,
        screenEpoch: UInt64?,
        coverEpoch: UInt64?,
        by stamp: Stamp
    ) -> Screen? {
        guard let coverEpoch, screenEpoch == coverEpoch, place.session != nil else { return nil }
        switch state {
        case .kept(_, _, let keptBy) where keptBy >= stamp:
            // A newer cover kept one already.
            return nil
        case .kept(let replaced, _, _):
            state = .kept(screen, epoch: coverEpoch, keptBy: stamp)
            return replaced
        case .empty:
            state = .kept(screen, epoch: coverEpoch, keptBy: stamp)
            return nil
        }
    }

    /// The kept screen, if it is of session epoch `epoch`: an unlock of that session shows
    /// it again rather than building one.
    func covered(ofEpoch epoch: UInt64?) -> Screen? {
        guard case .kept(let screen, let kept, _) = state, kept == epoch else { return nil }
        return screen
    }

    /// Call `stamp` ran in the scene and does not keep the screen: lets it go if an older
    /// cover kept it. With `nil` (the scene has ended), lets it go whatever kept it.
    /// Returns the screen let go and its epoch.
    mutating func release(keptBefore stamp: Stamp?) -> (screen: Screen, epoch: UInt64)? {
        guard case .kept(let screen, let epoch, let keptBy) = state, stamp.map({ keptBy < $0 }) ?? true else {
            return nil
        }
        state = .empty
        return (screen, epoch)
    }

    /// Whether a screen at `place`, a child of session epoch `epoch`, goes under (or comes
    /// back from) a cover in a transition beside a screen at `other`, of epoch `otherEpoch`:
    /// a session's own child beside the privacy cover or a cover-style lock screen of that
    /// very epoch. Such a child is covered, not hidden: it hears
    /// ``FlowLifecycle/flowWillBeCovered()`` and ``FlowLifecycle/flowWasUncovered()``
    /// instead of its disappear and appear hooks.
    static func goesUnderCover<Session>(
        _ place: AuthPlace<Session>,
        epoch: UInt64?,
        beside other: AuthPlace<Session>?,
        epoch otherEpoch: UInt64?
    ) -> Bool {
        guard case .loggedIn = place else { return false }
        switch other {
        case .covered?, .locked(_, keepsSession: true)?: return otherEpoch == epoch
        default: return false
        }
    }
}

extension CoveredChildMachine: Sendable where Screen: Sendable {}
extension CoveredChildMachine.State: Sendable where Screen: Sendable {}
