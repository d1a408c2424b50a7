/// Locks an ``AuthFlow`` after a stretch without activity, measured on a clock you inject.
///
/// ```swift
/// let autoLock = AutoLock(flow, after: .seconds(300), clock: clock)
/// autoLock.activity()  // a touch, a keystroke: the countdown starts over
/// ```
///
/// The countdown starts when the auto-lock is made, starts over at every ``activity()`` and
/// every `didLogin` event of the flow (``AuthFlow/events()``: a login, a refresh, an
/// unlock or an uncover, whichever windows show it), and ends in
/// ``AuthFlow/lock(_:animation:)`` with `style` (else the configured style), if, in the
/// step that would take the lock's place, the flow shows a session (or covers it with the
/// privacy cover) and no start, login, logout, unlock or uncover is on its way: a lock
/// supersedes every call before it, and a timer must not supersede one of those.
/// ``stop()``, or releasing the auto-lock, ends it.
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
        let watcher = Task.explorable("auto-lock watcher") { [weak self] in
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
        let countdown = Task.explorable("auto-lock countdown") { [weak self, clock, duration] in
            do { try await clock.sleep(for: duration) } catch { return }
            guard let self else { return }
            // Decided by the machine in the step that would take the lock's place: only a
            // session shown or covered, with no start, login, logout, unlock or uncover on
            // its way, since a lock supersedes the calls before it.
            _ = await flow.autoLock(style)
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
