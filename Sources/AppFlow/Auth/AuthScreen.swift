/// The child an ``AuthFlow``'s container holds: the user's child and the phase it belongs to.
///
/// It forwards the ``FlowLifecycle`` hooks to its child when the child adopts
/// ``FlowLifecycle``, so an `AuthFlow`'s children get the same hooks as a plain
/// container's.
public struct AuthScreen<Session: Sendable & Equatable, Child: Sendable>: Sendable {
    /// Where this screen stands, as the flow's machine planned it (or, for a screen the app
    /// placed, as its phase and variant say).
    let place: AuthPlace<Session>
    /// The user's child.
    public let child: Child
    /// The call that placed this screen; `nil` for a screen the flow did not place itself
    /// (a `hop` within a phase, say).
    let call: AuthCall?
    /// The stamp of the call that placed this screen; `nil` when ``call`` is, and for a
    /// scene's placement where the flow already was.
    let stamp: UInt64?
    /// The session whose child this is, with its scene's cover mark; `nil` for a child of
    /// no session, and for a screen the app placed (which belongs to the session it was
    /// placed in). A screen of a session always has its scene's mark, so a child that goes
    /// under a cover always has a mark to keep it.
    let inSession: InSession?
    /// Who hears, when this screen appears, which session its scene now shows; `nil`
    /// for a screen the app placed, and in a flow without session services.
    let owner: AuthScreenOwner?

    /// The session a screen's child belongs to: the epoch of that session, and the scene's
    /// record of the session child a cover keeps (``AuthCoverMark``).
    struct InSession: Sendable {
        let epoch: UInt64
        let coverMark: AuthCoverMark
    }

    /// The epoch of the session whose child this is; `nil` for a child of no session, and
    /// for a screen the app placed.
    var sessionEpoch: UInt64? { inSession?.epoch }
    /// Which child the flow built this screen with, unique per child built: a screen that
    /// shows a kept child again has the number of the screen that showed it before. `nil`
    /// for a screen the flow did not build a child for.
    let childSerial: UInt64?

    /// A screen of `phase` showing `child`, as an app places one itself (a `hop` within a
    /// phase, say). A logged-out screen gets the ``LogoutVariant/signedOut`` variant.
    public init(phase: AuthPhase<Session>, child: Child) {
        self.init(phase: phase, child: child, logoutVariant: .signedOut)
    }

    /// A screen of this one's phase and logout variant showing `child`: what an app places
    /// with a `hop` within the phase shown (onboarding, a forced update), without naming the
    /// phase. Read the screen in the hop's factory (`await container.child`), which runs
    /// when the hop's transition starts, so it is the phase shown then. Like every screen
    /// the app places, it belongs to the session it is placed in, and a call that leaves
    /// the phase replaces it.
    public func showing(_ child: Child) -> AuthScreen {
        AuthScreen(phase: phase, child: child, logoutVariant: logoutVariant ?? .signedOut)
    }

    /// A screen of `phase` showing `child`; `logoutVariant` counts only when logged out.
    public init(phase: AuthPhase<Session>, child: Child, logoutVariant: LogoutVariant) {
        let place: AuthPlace<Session> =
            switch phase {
            case .splash: .splash
            case .loggedOut: .loggedOut(logoutVariant)
            case .loggedIn(let session): .loggedIn(session)
            // A lock screen the app places keeps no session of its own.
            case .locked(let session): .locked(session, keepsSession: false)
            }
        self.init(place: place, child: child, call: nil)
    }

    init(
        place: AuthPlace<Session>,
        child: Child,
        call: AuthCall?,
        stamp: UInt64? = nil,
        inSession: InSession? = nil,
        owner: AuthScreenOwner? = nil,
        childSerial: UInt64? = nil
    ) {
        self.place = place
        self.child = child
        self.call = call
        self.stamp = call == nil ? nil : stamp
        self.inSession = inSession
        self.owner = owner
        self.childSerial = childSerial
    }

    /// The phase this child belongs to.
    public var phase: AuthPhase<Session> { place.phase }

    /// The variant of a logged-out child; `nil` in the other phases.
    public var logoutVariant: LogoutVariant? { place.logoutVariant }

    /// Whether this is the switching placeholder shown while one session's child is
    /// released before the next one is built.
    var isSwitchingPlaceholder: Bool {
        if case .switching = place { return true }
        return false
    }

    /// Whether this is the privacy cover (``AuthFlow/cover()``) rather than a lock screen.
    var isPrivacyCover: Bool { place.isPrivacyCover }

    /// Whether this screen shows a logged-in session's own child: `false` for the splash,
    /// a logged-out child, a lock screen, the privacy cover and the placeholder shown while
    /// one session's child is released before another's is built. A switch from a screen
    /// that shows a session to one that does not takes the session off the screen.
    public var showsSession: Bool {
        if case .loggedIn = place { return true }
        return false
    }

    /// Whether this screen covers a session that stays under it: the privacy cover and a
    /// lock of the cover style (``AuthLockStyle``), which keep the session's child and show
    /// it again when they go. A host puts such a screen above everything in the window and
    /// keeps the session's child, with what it presents, untouched under it.
    public var coversSession: Bool {
        switch place {
        case .covered, .locked(_, keepsSession: true): return true
        default: return false
        }
    }

}

extension AuthScreen: FlowCovering {
    /// Whether this screen shows again the very child `covered` showed: the session's child
    /// that the privacy cover or a cover-style lock kept, as the uncover or unlock shows it.
    /// `false` for any other screen, even one of the same session.
    public func returns(to covered: AuthScreen) -> Bool {
        guard let childSerial else { return false }
        return childSerial == covered.childSerial
    }
}

extension AuthScreen: FlowLifecycle {
    /// Forwards to the child, if it adopts ``FlowLifecycle``.
    public func flowWillAppear() async {
        await (child as? any FlowLifecycle)?.flowWillAppear()
    }

    /// Forwards to the child, if it adopts ``FlowLifecycle``.
    public func flowDidAppear() async {
        await (child as? any FlowLifecycle)?.flowDidAppear()
        owner?.appeared(sessionEpoch)
    }

    /// Forwards to the child, if it adopts ``FlowLifecycle``.
    public func flowWillDisappear() async {
        await (child as? any FlowLifecycle)?.flowWillDisappear()
    }

    /// Forwards to the child, if it adopts ``FlowLifecycle``.
    public func flowDidDisappear() async {
        await (child as? any FlowLifecycle)?.flowDidDisappear()
    }
}

extension AuthScreen {
    /// Runs both disappear hooks: a child released from under a cover.
    func disappear() async {
        await flowWillDisappear()
        await flowDidDisappear()
    }
}

extension AuthScreen: PairedFlowLifecycle {
    /// A session's child going under a cover of its own session is covered, not hidden:
    /// it hears ``FlowLifecycle/flowWillBeCovered()`` and owes its disappear hooks, which it
    /// gets when its session ends under the cover (``AuthScene``'s release); coming back
    /// from that cover, it hears ``FlowLifecycle/flowWasUncovered()``. Any other transition
    /// forwards the hook as it is.
    func flowHook(_ hook: FlowLifecycleHook, beside other: Any) async {
        let lifecycle = child as? any FlowLifecycle
        let cover = other as? Self
        // A transition that puts no child under a cover of its own session, nor brings one
        // back, forwards every hook as it is, without reading the mark; a child of no
        // session never goes under a cover.
        let action: CoverMarkMachine.HookAction
        if let inSession,
            CoveredChildMachine<Self>.goesUnderCover(
                place,
                epoch: inSession.epoch,
                beside: cover?.place,
                epoch: cover?.sessionEpoch
            )
        {
            action = inSession.coverMark.hear(hook, epoch: inSession.epoch)
        } else {
            action = .forward
        }
        switch action {
        case .covered: await lifecycle?.flowWillBeCovered()
        case .skip: break
        case .uncovered:
            await lifecycle?.flowWasUncovered()
            owner?.appeared(sessionEpoch)
        case .forward:
            switch hook {
            case .willAppear: await flowWillAppear()
            case .didAppear: await flowDidAppear()
            case .willDisappear: await flowWillDisappear()
            case .didDisappear: await flowDidDisappear()
            }
        }
    }
}

extension AuthScreen: WrappingFlowChild {
    var wrappedChild: any Sendable { child }
}

/// Tells a flow's session services which session's child a scene shows, as each screen the
/// flow made appears: the outgoing screen has disappeared by then, so a session whose last
/// child just left can be torn down.
final class AuthScreenOwner: Sendable {
    private let scene: AuthSceneID
    private let shows: @Sendable (AuthSceneID, UInt64?) -> Void

    init(scene: AuthSceneID, shows: @escaping @Sendable (AuthSceneID, UInt64?) -> Void) {
        self.scene = scene
        self.shows = shows
    }

    /// A screen of session epoch `epoch` (or of none) appeared in the scene.
    func appeared(_ epoch: UInt64?) {
        shows(scene, epoch)
    }
}
