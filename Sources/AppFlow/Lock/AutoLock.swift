/// Locks an ``AuthFlow`` after a stretch without activity, measured on a clock you inject.
///
/// ```swift
/// let autoLock = AutoLock(flow, after: .seconds(300), clock: clock)
/// autoLock.activity()  // a touch, a keystroke: the countdown starts over
/// ```
///
/// The countdown starts when the auto-lock is made, starts over at every ``activity()`` and
/// every login or unlock that completes in the flow's first scene, and ends in
/// ``AuthFlow/lock(_:animation:)`` with `style` (else the configured style), if the flow
/// then shows a session and no call is on its way to another phase (a lock beats every
/// call before it, and a timer must not beat a login). ``stop()``, or releasing the
/// auto-lock, ends it.
public final class AutoLock<Provider: AuthFlowProvider>: Sendable {
    private let flow: AuthFlow<Provider>
    private let duration: Duration
    private let style: AuthLockStyle?
    private let clock: any Clock<Duration>
    /// The countdown running, and the task that restarts it on logins and unlocks.
    private let state = LockedValue<(countdown: Task<Void, Never>?, watcher: Task<Void, Never>?, stopped: Bool)>(
        (nil, nil, false)
    )

    /// An auto-lock of `flow` after `duration` without activity on `clock`, in `style`.
    public init(
        _ flow: AuthFlow<Provider>,
        after duration: Duration,
        style: AuthLockStyle? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.flow = flow
        self.duration = duration
        self.style = style
        self.clock = clock
        let events = flow.events()
        let watcher = Task { [weak self] in
            for await event in events where event.kind == .didLogin {
                self?.activity()
            }
        }
        state.withLock { $0.watcher = watcher }
        activity()
    }

    deinit {
        let (countdown, watcher) = state.withLock { ($0.countdown, $0.watcher) }
        countdown?.cancel()
        watcher?.cancel()
    }

    /// The user did something: the countdown starts over. Does nothing after ``stop()``.
    public func activity() {
        let countdown = Task { [weak self, clock, duration] in
            do { try await clock.sleep(for: duration) } catch { return }
            guard let self else { return }
            // Only a session shown, with no call on its way elsewhere: a lock beats the calls
            // before it, and a login still on its way must not be beaten by a timer.
            guard case .loggedIn(let shown) = await flow.phase, flow.requestedPhase == .loggedIn(shown) else { return }
            await flow.lock(style)
        }
        let replaced: Task<Void, Never>? = state.withLock { state in
            guard !state.stopped else { return countdown }
            defer { state.countdown = countdown }
            return state.countdown
        }
        replaced?.cancel()
    }

    /// Ends the auto-lock: no countdown runs from now on, and a lock it already called goes on.
    public func stop() {
        let (countdown, watcher) = state.withLock { state in
            state.stopped = true
            return (state.countdown, state.watcher)
        }
        countdown?.cancel()
        watcher?.cancel()
    }
}
