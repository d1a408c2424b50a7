/// Supplies an ``AuthFlow`` with its children: AppController's
/// `AppControllerInterfaceProviding`, in async form.
public protocol AuthFlowProvider<Session, Child>: Sendable {
    /// What a login carries: a user, a token, an API key.
    associatedtype Session: Sendable & Equatable
    /// The kind of child shown.
    associatedtype Child: Sendable

    /// The session the app starts with; `nil` starts logged out.
    ///
    /// Asked by each ``AuthFlow/start()`` call, in the caller's task, before the call
    /// reaches the container; so it sees the caller's cancellation, and it is asked even
    /// after ``AuthFlow/finish()`` (that `start()` then returns ``AuthResult/cancelled``).
    func initialSession() async -> Session?
    /// Makes the logged-out child.
    ///
    /// Called only when a logout transition starts, never for a superseded logout. Calls
    /// never overlap: they come one transition at a time, in the order the transitions
    /// run. The transition ignores task cancellation, so this call is not cancelled. If
    /// ``AuthFlow/finish()`` arrives while it runs, the child it returns is dropped and
    /// the logout returns ``AuthResult/cancelled``; after `finish()` it is not called.
    func makeLoggedOutChild() async -> Child
    /// Makes the logged-in child for `session`.
    ///
    /// Called only when a login transition starts. Ordering, cancellation and
    /// ``AuthFlow/finish()`` are as for ``makeLoggedOutChild()``.
    func makeLoggedInChild(for session: Session) async -> Child
    /// Work the outgoing child does before a switch in `direction`: dismiss modals, save
    /// state. Defaults to nothing.
    ///
    /// Runs inside the transition, before the new child is made, one transition at a time.
    /// It runs in a task of its own under ``AuthFlowConfiguration/preparationTimeout``:
    /// if it takes longer, that task is cancelled and the switch goes on without waiting
    /// for it. After ``AuthFlow/finish()`` it is not called.
    func prepareToLeave(_ child: Child, direction: AuthDirection) async
    /// Animations, delays and policy. Defaults to ``AuthFlowConfiguration/init(loginAnimation:logoutAnimation:loginDelay:logoutDelay:preparationTimeout:policy:)`` with every default.
    var configuration: AuthFlowConfiguration { get }
}

extension AuthFlowProvider {
    /// Does nothing.
    public func prepareToLeave(_ child: Child, direction: AuthDirection) async {}
    /// The default configuration.
    public var configuration: AuthFlowConfiguration { AuthFlowConfiguration() }
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

    /// A configuration; the defaults are 0.2 s fades, no delays, a 1 s preparation
    /// timeout, and latest-wins.
    public init(
        loginAnimation: TransitionAnimation = .fade(),
        logoutAnimation: TransitionAnimation = .fade(),
        loginDelay: Duration = .zero,
        logoutDelay: Duration = .zero,
        preparationTimeout: Duration = .seconds(1),
        policy: OverlapPolicy = .latestWins
    ) {
        self.loginAnimation = loginAnimation
        self.logoutAnimation = logoutAnimation
        self.loginDelay = loginDelay
        self.logoutDelay = logoutDelay
        self.preparationTimeout = preparationTimeout
        self.policy = policy
    }
}
