/// Supplies an ``AuthFlow`` with its children: AppController's
/// `AppControllerInterfaceProviding`, in async form.
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

    /// The session the app starts with; `nil` starts logged out. Defaults to the session
    /// of ``initialState()`` (logged in or locked), so a provider implements one of the
    /// two: each defaults to the other, and a provider that implements neither stops the
    /// process with a message saying so at its first `start()`.
    ///
    /// Asked, through the default ``initialState()``, by each ``AuthFlow/start()`` call, in the caller's task, before the call
    /// reaches the container; so it sees the caller's cancellation, and it is asked even
    /// after ``AuthFlow/finish()`` (that `start()` then returns ``AuthResult/cancelled``).
    func initialSession() async -> Session?
    /// Where the app starts: logged in with a session, or logged out in a variant of its
    /// choosing. Defaults to ``initialSession()``, logged out as
    /// ``LogoutVariant/signedOut`` without a session.
    ///
    /// It is what ``AuthFlow/start(animation:)`` asks, in the caller's task, before the call
    /// reaches the container. Implement it when the app opens locked
    /// (``AuthInitialState/locked(_:)``) or on a logged-out screen of its own, so that the
    /// flow knows which child it shows; ``initialSession()`` then needs no implementation,
    /// and is asked only if this implementation asks it.
    func initialState() async -> AuthInitialState<Session>
    /// Makes the logged-out child.
    ///
    /// Called, through the default ``makeLoggedOutChild(for:)``, only when a logout
    /// transition starts, never for a logout superseded before it began building. Calls
    /// come in the order the transitions start; one may still run when the next begins, if
    /// a later call beat it (see ``makeLoggedInChild(for:)``). Cancellation and
    /// ``AuthFlow/finish()`` are as for ``makeLoggedInChild(for:)``.
    func makeLoggedOutChild() async -> Child
    /// Makes the logged-out child for `variant`. Defaults to ``makeLoggedOutChild()``.
    ///
    /// Called only when a logout (or a `start()` without a session) to `variant` starts.
    /// Ordering, cancellation and ``AuthFlow/finish()`` are as for ``makeLoggedInChild(for:)``.
    func makeLoggedOutChild(for variant: LogoutVariant) async -> Child
    /// Makes the logged-in child for `session`.
    ///
    /// Called only when a login or refresh transition starts, and never once a later call
    /// has beaten it. It runs in a task of its own, which is cancelled the moment a later
    /// call is made (a logout, another login, a refresh): check `Task.isCancelled` to stop
    /// early. Whatever it returns then is dropped unseen, before `willTransition`, and the
    /// call returns ``AuthResult/superseded``. The later call does not wait for it: its
    /// factory may run while this one finishes, so factories of one scene can overlap
    /// (never two for calls that were both still the newest). If ``AuthFlow/finish()``
    /// arrives while it runs, the child it returns is dropped and the call returns
    /// ``AuthResult/cancelled`` (``AuthResult/superseded`` if a later call had beaten it);
    /// `finish()` waits for it to return, and after `finish()` it is not called.
    ///
    /// A provider implements this, ``makeLoggedInChild(for:call:)`` or
    /// ``makeLoggedInChild(for:in:)``: the flow asks the last, whose default asks the
    /// second, whose default asks this one. A provider that implements none stops the
    /// process with a message saying so the first time a logged-in child is made.
    func makeLoggedInChild(for session: Session) async -> Child
    /// Makes the logged-in child for `session`, knowing which call asked for it
    /// (``AuthCall/login``, ``AuthCall/refresh``, ``AuthCall/start``, or ``AuthCall/unlock``
    /// and ``AuthCall/uncover`` when a session has no child to show again). Defaults to
    /// ``makeLoggedInChild(for:)``. Ordering, cancellation and ``AuthFlow/finish()`` are as
    /// for ``makeLoggedInChild(for:)``.
    func makeLoggedInChild(for session: Session, call: AuthCall) async -> Child
    /// Work the outgoing child does before a switch in `direction`: dismiss modals, save
    /// state. Defaults to nothing.
    ///
    /// Runs inside the transition, before the new child is made, one transition at a time.
    /// It runs in a task of its own under ``AuthFlowConfiguration/preparationTimeout``:
    /// if it takes longer, that task is cancelled and the switch goes on without waiting
    /// for it. After ``AuthFlow/finish()`` it is not called.
    func prepareToLeave(_ child: Child, direction: AuthDirection) async
    /// As ``prepareToLeave(_:direction:)``, told the whole departure: the call and, for a
    /// logout, its variant, so that a soft logout can skip the server-side logout.
    /// Defaults to ``prepareToLeave(_:direction:)``. A logout from the switching placeholder
    /// prepares the placeholder too: the session's server-side logout has not run yet.
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
    /// The child shown while a session switch releases the old session's child, with
    /// ``AuthFlowConfiguration/releasesSessionBeforeSwitch``. Defaults to the
    /// ``LogoutVariant/signedOut`` logged-out child.
    func makeSwitchingPlaceholder() async -> Child
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
    /// Makes the logged-in child for `session` in one scene, with the session's services.
    /// Defaults to ``makeLoggedInChild(for:call:)``. Ordering, cancellation and
    /// ``AuthFlow/finish()`` are as for ``makeLoggedInChild(for:)``; each scene gets a
    /// child of its own.
    func makeLoggedInChild(for session: Session, in context: AuthChildContext<Services>) async -> Child
    /// Makes the switching placeholder for scene `scene`. Defaults to
    /// ``makeSwitchingPlaceholder()``; each scene gets a placeholder of its own.
    func makeSwitchingPlaceholder(in scene: AuthSceneID) async -> Child
    /// Makes the logged-out child for `variant` in scene `scene`. Defaults to
    /// ``makeLoggedOutChild(for:)``; each scene gets a child of its own.
    func makeLoggedOutChild(for variant: LogoutVariant, in scene: AuthSceneID) async -> Child
    /// Animations, delays and policy. Defaults to ``AuthFlowConfiguration/init(loginAnimation:logoutAnimation:loginDelay:logoutDelay:preparationTimeout:policy:startAnimation:releasesSessionBeforeSwitch:servicesTeardownTimeout:intentExpiry:maxHeldIntents:lockStyle:)`` with every default.
    var configuration: AuthFlowConfiguration { get }

    /// Makes the lock screen `scene` shows over `session` while the flow is locked
    /// (``AuthFlow/lock(_:animation:)``): a Face ID or passcode prompt. It must show nothing
    /// of the session. Defaults to ``makeSwitchingPlaceholder(in:)``.
    func makeLockScreen(for session: Session, in scene: AuthSceneID) async -> Child

    /// Makes the privacy cover `scene` shows over `session` while the app is inactive
    /// (``AuthFlow/cover()``): a logo or a blur, shown without animation. It must show
    /// nothing of the session. Defaults to ``makeSwitchingPlaceholder(in:)``.
    func makePrivacyCover(for session: Session, in scene: AuthSceneID) async -> Child

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
    /// Does nothing.
    public func tearDown(_ services: Services, of session: Session) async {}

    /// Does nothing.
    public func servicesTeardownTimedOut(for session: Session) {}

    /// Calls ``makeLoggedInChild(for:call:)`` with the context's call.
    public func makeLoggedInChild(for session: Session, in context: AuthChildContext<Services>) async -> Child {
        await makeLoggedInChild(for: session, call: context.call)
    }

    /// Calls ``makeSwitchingPlaceholder()``.
    public func makeSwitchingPlaceholder(in scene: AuthSceneID) async -> Child {
        await makeSwitchingPlaceholder()
    }

    /// Calls ``makeSwitchingPlaceholder(in:)``.
    public func makeLockScreen(for session: Session, in scene: AuthSceneID) async -> Child {
        await makeSwitchingPlaceholder(in: scene)
    }

    /// Calls ``makeSwitchingPlaceholder(in:)``.
    public func makePrivacyCover(for session: Session, in scene: AuthSceneID) async -> Child {
        await makeSwitchingPlaceholder(in: scene)
    }

    /// Calls ``makeLoggedOutChild(for:)``.
    public func makeLoggedOutChild(for variant: LogoutVariant, in scene: AuthSceneID) async -> Child {
        await makeLoggedOutChild(for: variant)
    }

    /// Whether the provider declares services of its own.
    static var hasServices: Bool { Services.self != Void.self }

    /// Whether the provider declares intents.
    static var hasIntents: Bool { Intent.self != Never.self }

    /// ``initialSession()``: logged in with its session, or logged out as
    /// ``LogoutVariant/signedOut``.
    public func initialState() async -> AuthInitialState<Session> {
        await InitialStateDefault.$running.withValue(ObjectIdentifier(Self.self)) {
            await initialSession().map { .loggedIn($0) } ?? .loggedOut(.signedOut)
        }
    }

    /// The session of ``initialState()``: its session, logged in or locked; `nil` logged
    /// out.
    public func initialSession() async -> Session? {
        if InitialStateDefault.running == ObjectIdentifier(Self.self) {
            // fatalError keeps its message in release builds: this is the app's mistake.
            fatalError("\(Self.self) implements neither initialState() nor initialSession(): implement one")
        }
        switch await initialState() {
        case .loggedIn(let session), .locked(let session): return session
        case .loggedOut: return nil
        }
    }

    /// Stops the process with a message: a provider implements this, or
    /// ``makeLoggedInChild(for:call:)``, or ``makeLoggedInChild(for:in:)``, and the flow
    /// reaches this default only when it implements none of them (or when app code calls
    /// it on a provider that implements only another form).
    public func makeLoggedInChild(for session: Session) async -> Child {
        fatalError(
            "\(Self.self) implements none of makeLoggedInChild(for:), makeLoggedInChild(for:call:) and"
                + " makeLoggedInChild(for:in:): implement one"
        )
    }

    /// Calls ``makeLoggedOutChild(for:)`` with ``LogoutVariant/signedOut``, so that a
    /// provider that implements the variant form needs no other. A provider must implement
    /// one of the two: each defaults to the other, and a provider that implements neither
    /// stops the process with a message saying so the first time a logged-out child is
    /// made.
    public func makeLoggedOutChild() async -> Child {
        await LoggedOutDefault.$isRunning.withValue(true) {
            await makeLoggedOutChild(for: .signedOut)
        }
    }

    /// `session == other`.
    public func isSameAccount(_ session: Session, as other: Session) -> Bool {
        session == other
    }

    /// Calls ``makeLoggedInChild(for:)``.
    public func makeLoggedInChild(for session: Session, call: AuthCall) async -> Child {
        await makeLoggedInChild(for: session)
    }

    /// Calls ``prepareToLeave(_:direction:)`` with the departure's direction.
    public func prepareToLeave(_ child: Child, for departure: AuthDeparture) async {
        await prepareToLeave(child, direction: departure.direction)
    }

    /// Calls ``makeLoggedOutChild()``: a provider without variants builds one logged-out child.
    public func makeLoggedOutChild(for variant: LogoutVariant) async -> Child {
        if LoggedOutDefault.isRunning {
            // fatalError keeps its message in release builds: this is the app's mistake.
            fatalError(
                "\(Self.self) implements neither makeLoggedOutChild() nor makeLoggedOutChild(for:): implement one"
            )
        }
        return await makeLoggedOutChild()
    }

    /// The ``LogoutVariant/signedOut`` logged-out child.
    public func makeSwitchingPlaceholder() async -> Child {
        await makeLoggedOutChild(for: .signedOut)
    }

    /// Does nothing.
    public func prepareToLeave(_ child: Child, direction: AuthDirection) async {}
    /// The default configuration.
    public var configuration: AuthFlowConfiguration { AuthFlowConfiguration() }
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

/// Whether the default ``AuthFlowProvider/makeLoggedOutChild()`` is running in this task,
/// so that the other default can tell a provider that implements neither form.
enum LoggedOutDefault {
    @TaskLocal static var isRunning = false
}

/// The provider type whose default ``AuthFlowProvider/initialState()`` is running in this
/// task, so that its default ``AuthFlowProvider/initialSession()`` can tell a provider that
/// implements neither (and another provider's defaults, asked from inside, are not
/// mistaken for it).
enum InitialStateDefault {
    @TaskLocal static var running: ObjectIdentifier?
}

/// What ``AuthFlowProvider/makeLoggedInChild(for:in:)`` is told about the child to make.
public struct AuthChildContext<Services: Sendable>: Sendable {
    /// The call that asked for the child; for a scene attached mid-session, the call that
    /// brought the flow to its session.
    public let call: AuthCall
    /// The scene the child is for: each scene (window) gets a child of its own.
    public let scene: AuthSceneID
    /// The session's services, made by ``AuthFlowProvider/makeServices(for:)``.
    public let services: Services

    /// A context; ``AuthFlow`` makes these, tests may too.
    public init(call: AuthCall, scene: AuthSceneID, services: Services) {
        self.call = call
        self.scene = scene
        self.services = services
    }
}
