/// Login and logout on a ``FlowContainer``: AppController's pattern, race-free.
///
/// A provider supplies the logged-out and logged-in children (built only when their
/// transition starts) and the configuration of each direction. ``start()`` replaces the
/// splash child with the initial state; ``login(_:)`` and ``logout()`` switch and return
/// an ``AuthResult``; ``events()`` delivers AppController's will/did login/logout
/// handlers to any number of observers.
///
/// ## The security invariant
/// A logout beats every login *called* before it. Once ``logout()`` has returned, the
/// logged-in child is not shown again, and no logged-in child is built, until a login
/// called after that logout. "Before" is call order, not arrival order: each call takes a
/// number from a counter, under a lock, the moment it is made, before it reaches any
/// actor. A logout records its number at once. A login whose number is older is dropped
/// (``AuthResult/superseded``) when it reaches the container and again when its turn
/// comes, however late the scheduler runs it. One logout never supersedes another: a
/// logout called while one is on its way joins it.
///
/// ## Overlap
/// The default policy is latest-wins: the final state is the last call made, and a
/// superseded login never builds its child. A login with the session already shown, or
/// a logout while logged out, returns ``AuthResult/unchanged`` and builds nothing.
public final class AuthFlow<Provider: AuthFlowProvider>: Sendable {
    /// The session type.
    public typealias Session = Provider.Session
    /// The child type.
    public typealias Child = Provider.Child
    /// What the container holds.
    public typealias Screen = AuthScreen<Session, Child>

    /// The container that shows the children; use it for a stage or a ``FlowModel``.
    public let container: FlowContainer<Screen>
    private let provider: Provider
    private let configuration: AuthFlowConfiguration
    private let clock: any Clock<Duration>
    private let ledger = LockedValue(Ledger())

    /// The call counter and what it guards.
    private struct Ledger: Sendable {
        var lastStamp: UInt64 = 0
        /// The number of the newest logout called.
        var lastLogout: UInt64 = 0
        /// The number of the newest login (or start) called.
        var lastLogin: UInt64 = 0
        /// The logout on its way, which later logouts join until a login is called.
        var logoutInFlight: (stamp: UInt64, task: Task<AuthResult, Never>)?
        /// The phase of the transition that started last.
        var shown: AuthPhase<Session> = .splash

        mutating func stamp() -> UInt64 {
            lastStamp += 1
            return lastStamp
        }
    }

    /// Why a call was dropped by its admission check.
    private enum Refusal: Sendable {
        case stale, unchanged
    }

    /// Creates a flow showing `splash` until ``start()``.
    ///
    /// - Parameters:
    ///   - provider: Supplies children and configuration.
    ///   - splash: The child shown first, as in `AppFlowCoordinator.start(with:)`; any
    ///     placeholder will do.
    ///   - stage: Where children are shown; `nil` runs headless.
    ///   - clock: The clock for animations, delays and the preparation timeout.
    public init(
        provider: Provider,
        splash: Child,
        stage: (any FlowStage<Screen>)? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.provider = provider
        self.configuration = provider.configuration
        self.clock = clock
        self.container = FlowContainer(
            initial: Screen(phase: .splash, child: splash),
            animation: provider.configuration.loginAnimation,
            policy: provider.configuration.policy,
            stage: stage,
            clock: clock
        )
    }

    /// How many ``start()``, ``login(_:)`` and ``logout()`` calls have been made. A call
    /// takes its number, and so its place in call order, the moment it is made.
    public var callCount: UInt64 {
        ledger.withLock { $0.lastStamp }
    }

    /// The phase shown now (the destination once a transition has begun).
    ///
    /// It reads the container's child: it waits for the actor, never for a transition,
    /// and cancellation does not affect it. After ``finish()`` it keeps returning the
    /// last phase shown.
    public var phase: AuthPhase<Session> {
        get async { await container.child.phase }
    }

    /// Replaces the splash child with the initial state: logged in if the provider's
    /// ``AuthFlowProvider/initialSession()`` returns a session, logged out otherwise.
    /// Observers see it flagged ``AuthEvent/isInitial``. Ordered, cancelled and finished
    /// like ``login(_:)``; a call made after another call has already placed a state
    /// returns ``AuthResult/unchanged`` if that state is the initial one.
    @discardableResult
    public func start() async -> AuthResult {
        let stamp = ledger.withLock { ledger in
            let stamp = ledger.stamp()
            ledger.lastLogin = stamp
            return stamp
        }
        let target: AuthPhase<Session> = await provider.initialSession().map { .loggedIn($0) } ?? .loggedOut
        return await switchTo(target, stamp: stamp)
    }

    /// Logs in with `session`.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called. A logout
    /// called later beats it; a logout called earlier does not.
    ///
    /// **Result.** ``AuthResult/unchanged`` if, when its turn comes, the flow already
    /// shows this session; ``AuthResult/superseded`` if a later call replaced it or a
    /// logout was called after it. The logged-in child is built only if the transition
    /// starts.
    ///
    /// **Cancellation.** As ``FlowContainer/cycle(to:animation:policy:)``: cancelled
    /// before it starts, it returns ``AuthResult/cancelled``; after, it completes.
    ///
    /// **After ``finish()``.** Returns ``AuthResult/cancelled`` at once.
    @discardableResult
    public func login(_ session: Session) async -> AuthResult {
        let stamp = ledger.withLock { ledger in
            let stamp = ledger.stamp()
            ledger.lastLogin = stamp
            return stamp
        }
        return await switchTo(.loggedIn(session), stamp: stamp)
    }

    /// Logs out.
    ///
    /// The moment it is called, every login called before it is barred from showing its
    /// child, even one already on its way. Returns ``AuthResult/unchanged`` if the flow is
    /// logged out when its turn comes.
    ///
    /// **Ordering.** Takes its place in call order the moment it is called.
    ///
    /// A logout called while another is on its way, with no login called in between,
    /// joins it and returns its result: one logout never supersedes another, so a
    /// logout returns only once the flow has logged out, or once a later login replaced
    /// it.
    ///
    /// **Cancellation.** Cancelling the call that started a logout cancels that logout
    /// if it has not started (every joined call then returns ``AuthResult/cancelled``
    /// too); cancelling a joined call does not stop the logout it waits for. Either way
    /// the logins called before it stay barred. After ``finish()`` it returns
    /// ``AuthResult/cancelled`` at once.
    @discardableResult
    public func logout() async -> AuthResult {
        let (task, owns): (Task<AuthResult, Never>, Bool) = ledger.withLock { ledger in
            let stamp = ledger.stamp()
            ledger.lastLogout = stamp
            if let inFlight = ledger.logoutInFlight, inFlight.stamp > ledger.lastLogin {
                return (inFlight.task, false)
            }
            let task = Task { [self] in
                let result = await switchTo(.loggedOut, stamp: stamp)
                self.ledger.withLock { ledger in
                    if ledger.logoutInFlight?.stamp == stamp { ledger.logoutInFlight = nil }
                }
                return result
            }
            ledger.logoutInFlight = (stamp, task)
            return (task, true)
        }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            if owns { task.cancel() }
        }
    }

    /// Ends the flow, as ``FlowContainer/finish()`` ends its container.
    ///
    /// Logins and logouts that have not started return ``AuthResult/cancelled``; the
    /// running one is cut short (or cancelled if its child was still being made); every
    /// stream from ``events()`` ends. Calls made afterwards return ``AuthResult/cancelled``
    /// at once. It returns once all of that is done; calling it again, or concurrently,
    /// waits for the same, and cancelling the caller does not shorten the wait.
    public func finish() async {
        await container.finish()
    }

    /// A new stream of login and logout events; one subscriber per call.
    ///
    /// Subscribes at once, so it sees every transition that begins after this call.
    /// Ends when the flow finishes, or when the consumer stops (its forwarding task is
    /// then cancelled).
    public func events() -> AsyncStream<AuthEvent<Session, Child>> {
        let source = container.events()
        let (stream, continuation) = AsyncStream.makeStream(of: AuthEvent<Session, Child>.self)
        let forwarder = Task {
            for await event in source {
                if let authEvent = Self.authEvent(for: event) {
                    continuation.yield(authEvent)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarder.cancel() }
        return stream
    }

    // MARK: - Switching

    private func switchTo(_ target: AuthPhase<Session>, stamp: UInt64) async -> AuthResult {
        let refusal = LockedValue<Refusal?>(nil)
        let ledger = self.ledger
        let isLogin = target.session != nil
        let admission: @Sendable (FlowAdmissionCheck) -> Bool = { check in
            let verdict: Refusal? = ledger.withLock { ledger in
                // A call made before the newest call of the other direction is stale:
                // the last call made decides, whatever order they arrive in.
                if isLogin ? ledger.lastLogout > stamp : ledger.lastLogin > stamp { return .stale }
                if check == .start && ledger.shown == target { return .unchanged }
                if check == .start { ledger.shown = target }
                return nil
            }
            refusal.withLock { $0 = verdict }
            return verdict == nil
        }
        let result = await container.cycle(
            animation: isLogin ? configuration.loginAnimation : configuration.logoutAnimation,
            policy: configuration.policy,
            admittedIf: admission
        ) { [provider, configuration, clock, container] in
            let leaving = await container.child.child
            _ = await runWithTimeout(configuration.preparationTimeout, clock: clock) {
                await provider.prepareToLeave(leaving, direction: isLogin ? .login : .logout)
            }
            let delay = isLogin ? configuration.loginDelay : configuration.logoutDelay
            if delay > .zero {
                try? await clock.sleep(for: delay)
            }
            let child =
                if let session = target.session {
                    await provider.makeLoggedInChild(for: session)
                } else {
                    await provider.makeLoggedOutChild()
                }
            return Screen(phase: target, child: child)
        }
        if result == .superseded, refusal.withLock({ $0 }) == .unchanged {
            return .unchanged
        }
        return AuthResult(result)
    }

    private static func authEvent(for event: FlowEvent<Screen>) -> AuthEvent<Session, Child>? {
        let (transition, ended): (Transition<Screen>, Bool)
        switch event {
        case .willTransition(let value): (transition, ended) = (value, false)
        case .didTransition(let value): (transition, ended) = (value, true)
        case .progress: return nil
        }
        let session = transition.to.phase.session
        let kind: AuthEvent<Session, Child>.Kind =
            switch (session != nil, ended) {
            case (true, false): .willLogin
            case (true, true): .didLogin
            case (false, false): .willLogout
            case (false, true): .didLogout
            }
        return AuthEvent(
            kind: kind,
            child: transition.to.child,
            session: session,
            isInitial: transition.from.phase == .splash,
            transitionID: transition.id
        )
    }
}
