/// Supplies an ``AuthFlow`` with its children: AppController's
/// `AppControllerInterfaceProviding`, in async form.
///
/// One requirement per job, each factory told one context value. A provider implements
/// three: ``initialState()``, ``makeLoggedOutChild(_:)`` and ``makeLoggedInChild(_:)``;
/// the others have defaults, and a provider grows into them (services, intents, the lock
/// screen, the privacy cover, the switching placeholder, the preparation to leave). The
/// older forms (``makeLoggedInChild(for:)`` and its overloads, ``initialSession()``) keep
/// working: they are deprecated, and the new requirements' defaults ask them.
public protocol AuthFlowProvider<Session, Child>: Sendable {
    /// What a login carries: a user, a token, an API key.
    associatedtype Session: Sendable & Equatable
    /// The kind of child shown.
    associatedtype Child: Sendable
    /// What a session's services are: an API client, a database, a sync engine. Defaults
    /// to `Void`: no services.
    associatedtype Services: Sendable = Void
    /// The intents the app hands the flow with ``AuthFlow/open(_:for:in:switching:)``: a
    /// route, a notification's payload, a shortcut. `Never` by default: no intents.
    associatedtype Intent: Sendable = Never

    /// Where the app starts: logged in with a session, locked over one, or logged out in a
    /// variant of its choosing.
    ///
    /// Asked by each ``AuthFlow/start(animation:)`` call, in the caller's task, before the
    /// call reaches the container; so it sees the caller's cancellation, and it is asked
    /// even after ``AuthFlow/finish()`` (that `start()` then returns ``AuthResult/cancelled``).
    /// Its default asks the deprecated ``initialSession()``: logged in with its session, or
    /// logged out as ``LogoutVariant/signedOut`` without one; a provider that implements
    /// neither stops the process with a message saying so at its first `start()`.
    func initialState() async -> AuthInitialState<Session>

    /// Makes the logged-out child for the context's variant and scene.
    ///
    /// Called only when a logout transition (or a `start()` logged out) starts, never for a
    /// call superseded before it began building. Calls come in the order the transitions
    /// start; one may still run when the next begins, if a later call superseded it. Cancellation
    /// and ``AuthFlow/finish()`` are as for ``makeLoggedInChild(_:)``. Its default asks the
    /// deprecated ``makeLoggedOutChild(for:in:)`` chain.
    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> Child

    /// Makes the logged-in child for the context's session, in its scene, with the
    /// session's services.
    ///
    /// Called only when a login or refresh transition starts, and never once a later call
    /// has superseded it. It runs in a task of its own, which is cancelled the moment a later
    /// call is made (a logout, another login, a refresh), in every scene, or the moment its
    /// scene is detached (``AuthFlow/detach(_:)``): check `Task.isCancelled` to stop
    /// early. Whatever it returns then is dropped unseen, before `willTransition`, and the
    /// call returns ``AuthResult/superseded``. The later call does not wait for it: its
    /// factory may run while this one finishes, so factories of one scene can overlap
    /// (never two for calls that were both still the newest). If ``AuthFlow/finish()``
    /// arrives while it runs, its task is cancelled, the child it returns is dropped, and the
    /// call returns ``AuthResult/cancelled`` (``AuthResult/superseded`` if a later call had superseded it);
    /// `finish()` waits for it to return, and after `finish()` it is not called. Each scene
    /// gets a child of its own. Its default asks the deprecated
    /// ``makeLoggedInChild(for:in:)`` chain; a provider that implements no form stops the
    /// process with a message saying so the first time a logged-in child is made.
    func makeLoggedInChild(_ context: AuthLoggedInContext<Session, Services>) async -> Child

    /// Makes the lock screen a scene shows over the context's session while the flow is
    /// locked (``AuthFlow/lock(_:animation:)``): a Face ID or passcode prompt. It must show
    /// nothing of the session. Ordering, cancellation and ``AuthFlow/finish()`` are as for
    /// ``makeLoggedInChild(_:)``. Defaults to ``makeSwitchingPlaceholder(in:)`` (through
    /// the deprecated ``makeLockScreen(for:in:)``).
    func makeLockScreen(_ context: AuthCoverContext<Session>) async -> Child

    /// Makes the privacy cover a scene shows over the context's session while the app is
    /// inactive (``AuthFlow/cover()``): a logo or a blur, shown without animation. It must
    /// show nothing of the session. Ordering, cancellation and ``AuthFlow/finish()`` are as
    /// for ``makeLoggedInChild(_:)``. Defaults to ``makeSwitchingPlaceholder(in:)``
    /// (through the deprecated ``makePrivacyCover(for:in:)``).
    func makePrivacyCover(_ context: AuthCoverContext<Session>) async -> Child

    /// Makes the switching placeholder for scene `scene`: the child shown while a session
    /// switch releases the old session's child, with
    /// ``AuthFlowConfiguration/releasesSessionBeforeSwitch`` or services. Each scene gets a
    /// placeholder of its own. Defaults to the ``LogoutVariant/signedOut`` logged-out child
    /// (through the deprecated ``makeSwitchingPlaceholder()``).
    func makeSwitchingPlaceholder(in scene: AuthSceneID) async -> Child

    /// Work the outgoing child does before a switch: dismiss modals, save state. It is told
    /// the whole departure: the direction, the call and, for a logout, its variant, so that
    /// a soft logout can skip the server-side logout. A logout from the switching
    /// placeholder prepares the placeholder too: the session's server-side logout has not
    /// run yet. Defaults to the deprecated ``prepareToLeave(_:direction:)``, which does
    /// nothing.
    ///
    /// Runs inside the transition, before the new child is made, one transition at a time.
    /// It runs in a task of its own under ``AuthFlowConfiguration/preparationTimeout``:
    /// if it takes longer, that task is cancelled and the switch goes on without waiting
    /// for it. After ``AuthFlow/finish()`` it is not called.
    func prepareToLeave(_ child: Child, for departure: AuthDeparture) async

    /// Whether `session` belongs to the same account as `other`: a
    /// ``AuthFlow/refresh(_:animation:)`` with a session rebuilds only the account shown,
    /// so that a reload built from a stale read never switches users, and an intent opened
    /// `for:` a session goes to a child of the same account, also after its token was
    /// renewed (``AuthFlow/open(_:for:in:switching:)``). Defaults to `==`; implement it
    /// when a session value changes within one account. It is called under the flow's
    /// locks, as the session's `==` is: keep it quick and pure, and make no call on the
    /// flow from it.
    func isSameAccount(_ session: Session, as other: Session) -> Bool
    /// Makes the services of a session: once per session, before the first logged-in
    /// child of the session is built in any scene. Required when ``Services`` is declared;
    /// `Void` services need none.
    ///
    /// **Ordering.** Called only once the services of the session before are torn down
    /// (``tearDown(_:of:)``): two sessions' services never exist at once. A login
    /// superseded before its transition began never asks for them. A login of another
    /// session (or after a logout) is a new session; a refresh keeps the session's services.
    /// **Cancellation.** It runs in the task of the factory that first needed the
    /// services; a later call may cancel that task, and the services are made and torn
    /// down all the same. **After ``AuthFlow/finish()``.** Not called.
    func makeServices(for session: Session) async -> Services
    /// Tears a session's services down: once the flow has left the session (a logout, a
    /// switch to another session, ``AuthFlow/finish()``), no scene shows a child of it, and
    /// no factory of it runs. Defaults to nothing.
    ///
    /// It runs in a task of its own under ``AuthFlowConfiguration/servicesTeardownTimeout``:
    /// if it takes longer, that task is cancelled, ``servicesTeardownTimedOut(for:)`` is
    /// told, and the next session's services may be made.
    func tearDown(_ services: Services, of session: Session) async
    /// Told when ``tearDown(_:of:)`` of `session`'s services outlived
    /// ``AuthFlowConfiguration/servicesTeardownTimeout``. Defaults to nothing.
    func servicesTeardownTimedOut(for session: Session)
    /// Animations, delays and policy. Defaults to ``AuthFlowConfiguration/init(loginAnimation:logoutAnimation:loginDelay:logoutDelay:preparationTimeout:policy:startAnimation:releasesSessionBeforeSwitch:servicesTeardownTimeout:intentExpiry:maxHeldIntents:lockStyle:)`` with every default.
    var configuration: AuthFlowConfiguration { get }

    /// Hands `intent` to `child`, the logged-in child a scene shows: navigate to the route,
    /// show the message.
    ///
    /// The flow calls it once per intent delivered, one intent at a time in the order they
    /// were opened, only once `child`'s transition has ended (its `didTransition` and
    /// `flowDidAppear`) and while no call has been made since. It runs in a task of its
    /// own, which the opener's cancellation does not reach: a delivery begun finishes. A
    /// call made while it runs is not held for it, so it may log out or switch sessions
    /// itself. Required once the provider declares ``Intent``.
    func handle(_ intent: Intent, in child: Child, context: AuthIntentContext<Session>) async

    // The older forms, deprecated: the flow asks only the requirements above, whose
    // defaults ask these (AuthFlowProvider+Deprecated.swift).

    /// The session the app starts with; `nil` starts logged out. Deprecated: implement
    /// ``initialState()``, which says where the app starts in one answer.
    @available(
        *,
        deprecated,
        renamed: "initialState()",
        message: "implement initialState(), which says where the app starts"
    )
    func initialSession() async -> Session?
    /// Makes the logged-out child. Deprecated: implement ``makeLoggedOutChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedOutChild(_:)",
        message: "implement makeLoggedOutChild(_:), told the variant and the scene"
    )
    func makeLoggedOutChild() async -> Child
    /// Makes the logged-out child for `variant`. Deprecated: implement
    /// ``makeLoggedOutChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedOutChild(_:)",
        message: "implement makeLoggedOutChild(_:), told the variant and the scene"
    )
    func makeLoggedOutChild(for variant: LogoutVariant) async -> Child
    /// Makes the logged-out child for `variant` in scene `scene`. Deprecated: implement
    /// ``makeLoggedOutChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedOutChild(_:)",
        message: "implement makeLoggedOutChild(_:), told the variant and the scene"
    )
    func makeLoggedOutChild(for variant: LogoutVariant, in scene: AuthSceneID) async -> Child
    /// Makes the logged-in child for `session`. Deprecated: implement
    /// ``makeLoggedInChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedInChild(_:)",
        message: "implement makeLoggedInChild(_:), told the session, call, scene and services"
    )
    func makeLoggedInChild(for session: Session) async -> Child
    /// Makes the logged-in child for `session`, knowing the call. Deprecated: implement
    /// ``makeLoggedInChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedInChild(_:)",
        message: "implement makeLoggedInChild(_:), told the session, call, scene and services"
    )
    func makeLoggedInChild(for session: Session, call: AuthCall) async -> Child
    /// Makes the logged-in child for `session` in one scene, with the session's services.
    /// Deprecated: implement ``makeLoggedInChild(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLoggedInChild(_:)",
        message: "implement makeLoggedInChild(_:), told the session, call, scene and services"
    )
    func makeLoggedInChild(for session: Session, in context: AuthChildContext<Services>) async -> Child
    /// Makes the lock screen. Deprecated: implement ``makeLockScreen(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makeLockScreen(_:)",
        message: "implement makeLockScreen(_:), told the session and the scene"
    )
    func makeLockScreen(for session: Session, in scene: AuthSceneID) async -> Child
    /// Makes the privacy cover. Deprecated: implement ``makePrivacyCover(_:)``.
    @available(
        *,
        deprecated,
        renamed: "makePrivacyCover(_:)",
        message: "implement makePrivacyCover(_:), told the session and the scene"
    )
    func makePrivacyCover(for session: Session, in scene: AuthSceneID) async -> Child
    /// Makes the switching placeholder. Deprecated: implement
    /// ``makeSwitchingPlaceholder(in:)``.
    @available(
        *,
        deprecated,
        renamed: "makeSwitchingPlaceholder(in:)",
        message: "implement makeSwitchingPlaceholder(in:), told the scene"
    )
    func makeSwitchingPlaceholder() async -> Child
    /// Work before a switch in `direction`. Deprecated: implement
    /// ``prepareToLeave(_:for:)``, told the whole departure.
    @available(
        *,
        deprecated,
        renamed: "prepareToLeave(_:for:)",
        message: "implement prepareToLeave(_:for:), told the whole departure"
    )
    func prepareToLeave(_ child: Child, direction: AuthDirection) async
}

extension AuthFlowProvider where Intent == Never {
    /// Never called: a provider without intents gets none.
    public func handle(_ intent: Never, in child: Child, context: AuthIntentContext<Session>) async {}
}

extension AuthFlowProvider where Services == Void {
    /// No services.
    public func makeServices(for session: Session) async {}
}

extension AuthFlowProvider {
    /// Asks the deprecated ``initialSession()``: logged in with its session, or logged out
    /// as ``LogoutVariant/signedOut``.
    public func initialState() async -> AuthInitialState<Session> {
        await DeprecatedForms.bridge.initialState(of: self)
    }

    /// Asks the deprecated ``makeLoggedOutChild(for:in:)``.
    public func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> Child {
        await DeprecatedForms.bridge.loggedOutChild(of: self, context)
    }

    /// Asks the deprecated ``makeLoggedInChild(for:in:)``.
    public func makeLoggedInChild(_ context: AuthLoggedInContext<Session, Services>) async -> Child {
        await DeprecatedForms.bridge.loggedInChild(of: self, context)
    }

    /// Asks the deprecated ``makeLockScreen(for:in:)``, which defaults to
    /// ``makeSwitchingPlaceholder(in:)``.
    public func makeLockScreen(_ context: AuthCoverContext<Session>) async -> Child {
        await DeprecatedForms.bridge.lockScreen(of: self, context)
    }

    /// Asks the deprecated ``makePrivacyCover(for:in:)``, which defaults to
    /// ``makeSwitchingPlaceholder(in:)``.
    public func makePrivacyCover(_ context: AuthCoverContext<Session>) async -> Child {
        await DeprecatedForms.bridge.privacyCover(of: self, context)
    }

    /// Asks the deprecated ``makeSwitchingPlaceholder()``, which defaults to the
    /// ``LogoutVariant/signedOut`` logged-out child.
    public func makeSwitchingPlaceholder(in scene: AuthSceneID) async -> Child {
        await DeprecatedForms.bridge.switchingPlaceholder(of: self, scene)
    }

    /// Asks the deprecated ``prepareToLeave(_:direction:)``, which does nothing.
    public func prepareToLeave(_ child: Child, for departure: AuthDeparture) async {
        await DeprecatedForms.bridge.prepareToLeave(of: self, child, departure)
    }

    /// Does nothing.
    public func tearDown(_ services: Services, of session: Session) async {}

    /// Does nothing.
    public func servicesTeardownTimedOut(for session: Session) {}

    /// `session == other`.
    public func isSameAccount(_ session: Session, as other: Session) -> Bool {
        session == other
    }

    /// The default configuration.
    public var configuration: AuthFlowConfiguration { AuthFlowConfiguration() }

    /// Whether the provider declares services of its own.
    static var hasServices: Bool { Services.self != Void.self }

    /// Whether the provider declares intents.
    static var hasIntents: Bool { Intent.self != Never.self }
}

/// What an ``AuthFlow`` transition leaves the outgoing child for, as
/// ``AuthFlowProvider/prepareToLeave(_:for:)`` is told.
public struct AuthDeparture: Sendable, Hashable {
    /// Toward the logged-in or the logged-out child.
    public let direction: AuthDirection
    /// The call that made the transition.
    public let call: AuthCall
    /// The variant of a logout's logged-out child; `nil` toward the logged-in child.
    public let logoutVariant: LogoutVariant?

    /// A departure; ``AuthFlow`` makes these, tests may too.
    public init(direction: AuthDirection, call: AuthCall, logoutVariant: LogoutVariant?) {
        self.direction = direction
        self.call = call
        self.logoutVariant = logoutVariant
    }
}

/// The direction of an ``AuthFlow`` transition.
public enum AuthDirection: Sendable, Hashable {
    /// To the logged-in child.
    case login
    /// To the logged-out child.
    case logout
}

/// How an ``AuthFlow`` switches: AppController's `Configuration`.
public struct AuthFlowConfiguration: Sendable {
    /// The animation of a login.
    public var loginAnimation: TransitionAnimation
    /// The animation of a logout.
    public var logoutAnimation: TransitionAnimation
    /// A wait before a login's new child is made (after the preparation).
    public var loginDelay: Duration
    /// A wait before a logout's new child is made (after the preparation).
    public var logoutDelay: Duration
    /// How long ``AuthFlowProvider/prepareToLeave(_:direction:)`` may take; the switch goes
    /// on after it either way.
    public var preparationTimeout: Duration
    /// How overlapping logins and logouts are settled: latest-wins by default.
    public var policy: OverlapPolicy
    /// The animation of `start()`'s initial placement; `nil` uses the animation of its
    /// direction. Launch placement is usually `.immediate`.
    public var startAnimation: TransitionAnimation?
    /// How long ``AuthFlowProvider/tearDown(_:of:)`` may take before the next session's
    /// services may be made anyway; 5 s by default.
    public var servicesTeardownTimeout: Duration
    /// Whether a login for another session, or a refresh, first releases the logged-in
    /// child shown, by showing ``AuthFlowProvider/makeSwitchingPlaceholder()`` in the
    /// old session's phase, before the new child is built. Off by default. The
    /// placeholder's transition is not reported by ``AuthFlow/events(bufferingPolicy:)``.
    public var releasesSessionBeforeSwitch: Bool
    /// How long an intent may be held, on the flow's clock, before it is dropped as
    /// ``IntentDropReason/expired``; `nil` holds it until it has another outcome. 10 minutes
    /// by default.
    public var intentExpiry: Duration?
    /// The most intents held at once (at least 1): opening one more drops the oldest held
    /// as ``IntentDropReason/displaced``. 32 by default.
    public var maxHeldIntents: Int
    /// How ``AuthFlow/lock(_:animation:)`` hides the session when the call names no style:
    /// ``AuthLockStyle/cover`` by default.
    public var lockStyle: AuthLockStyle

    /// A configuration; the defaults are 0.2 s fades, no delays, a 1 s preparation
    /// timeout, latest-wins, a 5 s services teardown timeout, and intents held for up to
    /// 10 minutes, 32 at most, and locks in the cover style.
    public init(
        loginAnimation: TransitionAnimation = .fade(),
        logoutAnimation: TransitionAnimation = .fade(),
        loginDelay: Duration = .zero,
        logoutDelay: Duration = .zero,
        preparationTimeout: Duration = .seconds(1),
        policy: OverlapPolicy = .latestWins,
        startAnimation: TransitionAnimation? = nil,
        releasesSessionBeforeSwitch: Bool = false,
        servicesTeardownTimeout: Duration = .seconds(5),
        intentExpiry: Duration? = .seconds(600),
        maxHeldIntents: Int = 32,
        lockStyle: AuthLockStyle = .cover
    ) {
        self.lockStyle = lockStyle
        self.intentExpiry = intentExpiry
        self.maxHeldIntents = maxHeldIntents
        self.servicesTeardownTimeout = servicesTeardownTimeout
        self.loginAnimation = loginAnimation
        self.logoutAnimation = logoutAnimation
        self.loginDelay = loginDelay
        self.logoutDelay = logoutDelay
        self.preparationTimeout = preparationTimeout
        self.policy = policy
        self.startAnimation = startAnimation
        self.releasesSessionBeforeSwitch = releasesSessionBeforeSwitch
    }
}
