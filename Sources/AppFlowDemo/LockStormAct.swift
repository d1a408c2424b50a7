import AppFlow
import AppFlowTesting

/// Act 4: one task places thousands of lock, unlock, login and logout calls on an
/// ``AuthFlow`` shown in two scenes, with slow lock screens and slow logins, while a
/// ``LockGuardChecker`` watches, live, that no session is shown between a lock and an unlock
/// (or a login) placed after it.
public enum LockStormAct {
    /// Runs the act with `options.authTasks` calls; on a live `console`, a status line
    /// shows calls made, sessions shown and violations found so far.
    public static func run(
        options: DemoOptions,
        console: Console? = nil,
        recorder: FlowTraceRecorder? = nil
    ) async -> LockStormReport {
        let watch = LockWatch()
        let flow = AuthFlow(
            provider: LockDemoProvider(fast: options.fast),
            splash: AppScreen.splash,
            stage: LockWatchStage(watch: watch),
            tracer: recorder
        )
        _ = flow.attachScene(placeholder: .splash, stage: LockWatchStage(watch: watch))
        await flow.start()

        let status = console.map { console in
            LiveStatus(console: console) {
                let checker = watch.checker
                return "  calls \(checker.calls) / \(options.authTasks)   sessions shown \(checker.sessionMounts)   "
                    + "violations \(checker.violations)"
            }
        }
        var random = SeededGenerator(seed: options.seed ^ 0x10C4)
        var handles: [AuthCallHandle] = []
        handles.reserveCapacity(options.authTasks)
        var returns: [Task<Void, Never>] = []
        var logins = 0
        var locks = 0
        for index in 0..<options.authTasks {
            let request: AuthRequest<String>
            let call: LockGuardChecker.Call
            switch random.next() % 8 {
            case 0, 1:
                logins += 1
                (request, call) = (.login("u\(logins)"), .login)
            case 2: (request, call) = (.logout(), .logout)
            case 3, 4:
                locks += 1
                (request, call) = (.lock(locks % 2 == 0 ? .cover : .teardown), .lock)
            default: (request, call) = (.unlock, .unlock)
            }
            watch.observe { $0.placing(call, index: index) }
            let handle = flow.request(request)
            handles.append(handle)
            if call == .lock {
                returns.append(
                    Task {
                        // A lock with no session to lock returns `unchanged` at once,
                        // waiting for no scene: only one that ran bars the session.
                        let result = await handle.result
                        if result == .completed || result == .interrupted {
                            watch.observe { $0.lockReturned(index: index) }
                        }
                    }
                )
            }
            for _ in 0..<random.next() % 6 { await Task.yield() }
        }
        var returned = 0
        for handle in handles {
            _ = await handle.result
            returned += 1
        }
        for task in returns { await task.value }
        await status?.stop()
        let finalPhase = await flow.phase
        await flow.finish()
        return LockStormReport(
            checker: watch.checker,
            locks: locks,
            returned: returned,
            finalPhase: finalPhase
        )
    }
}

/// The act's checker, fed under one lock: the order it sees is the order in real time.
final class LockWatch: Sendable {
    private let state = LockedValue(LockGuardChecker())

    /// Feeds the checker one observation.
    func observe(_ observation: (inout LockGuardChecker) -> Void) {
        state.withLock { observation(&$0) }
    }

    var checker: LockGuardChecker { state.withLock { $0 } }
}

/// A scene's stage that reports every mount of a session's child.
final class LockWatchStage: FlowStage {
    typealias Child = AuthScreen<String, AppScreen>
    private let watch: LockWatch

    init(watch: LockWatch) {
        self.watch = watch
    }

    func mount(_ transition: Transition<Child>) async {
        guard transition.to.child.isLoggedIn else { return }
        watch.observe { $0.mountedSession() }
    }

    func unmount(_ transition: Transition<Child>) async {}
}

/// The act's provider: logins and lock screens take up to a millisecond (none when `fast`).
struct LockDemoProvider: AuthFlowProvider {
    let fast: Bool

    func initialState() async -> AuthInitialState<String> { .loggedOut(.signedOut) }
    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> AppScreen { .login }
    func makeLoggedInChild(_ context: AuthLoggedInContext<String, Void>) async -> AppScreen {
        await pause(context.session.hashValue & 0xFF)
        return .main(user: context.session)
    }
    func makeLockScreen(_ context: AuthCoverContext<String>) async -> AppScreen {
        await pause((context.session.hashValue >> 8) & 0xFF)
        return .splash
    }
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate, startAnimation: .immediate)
    }

    private func pause(_ salt: Int) async {
        guard !fast else { return }
        try? await Task.sleep(for: .microseconds(150 * (salt % 7)))
    }
}
