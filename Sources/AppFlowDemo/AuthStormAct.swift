import AppFlow
import AppFlowTesting

/// Act 3: thousands of tasks call `start()`, `login(_:)` and `logout()` on one
/// ``AuthFlow`` with slow logins, while a ``LogoutGuaranteeChecker`` watches, live, that
/// a logout beats every login called before it.
public enum AuthStormAct {
    /// One planned call.
    public struct PlannedCall: Sendable, Equatable {
        /// Its index in the plan; a login's session is named after it.
        public let index: Int
        /// Which method it calls.
        public let kind: AuthCallKind
        /// Whether its task is cancelled right after it is started.
        public let cancel: Bool
        /// How long building its logged-in child takes.
        public let loginTime: Duration
    }

    /// Calls fired together, all in one direction, at `offset` after the act starts.
    public struct Batch: Sendable, Equatable {
        /// Its place in the plan.
        public let index: Int
        /// When it is fired, from the start of the act.
        public let offset: Duration
        /// Its calls.
        public let calls: [PlannedCall]
    }

    /// The seeded plan: who calls what, and when. The scheduler decides the rest.
    ///
    /// `tasks` calls in batches of 1 to 40, each all logins (one in twenty a `start()`
    /// restoring a session) or all logouts, spread over about 1.5 s (no spread when
    /// `fast`). One call in a hundred is cancelled, except in the last batch, which so
    /// decides the final phase. Logins take 5 to 40 ms to build their child (none when
    /// `fast`).
    public static func plan(tasks: Int, seed: UInt64, fast: Bool) -> [Batch] {
        var random = SeededGenerator(seed: seed ^ 0xA5A5)
        var sizes: [Int] = []
        var remaining = tasks
        while remaining > 0 {
            let size = Int.random(in: 1...min(40, remaining), using: &random)
            sizes.append(size)
            remaining -= size
        }
        let offsets = sizes.map { _ in fast ? 0 : Int.random(in: 0..<1_500, using: &random) }.sorted()
        var index = 0
        return sizes.enumerated().map { batchIndex, size in
            let isLogin = Bool.random(using: &random)
            let isLast = batchIndex == sizes.count - 1
            let calls = (0..<size).map { _ in
                defer { index += 1 }
                let kind: AuthCallKind =
                    isLogin ? (Int.random(in: 0..<20, using: &random) == 0 ? .start : .login) : .logout
                let cancel = !isLast && Int.random(in: 0..<100, using: &random) == 0
                let loginTime = fast ? Duration.zero : .milliseconds(Int.random(in: 5...40, using: &random))
                return PlannedCall(index: index, kind: kind, cancel: cancel, loginTime: loginTime)
            }
            return Batch(index: batchIndex, offset: .milliseconds(offsets[batchIndex]), calls: calls)
        }
    }

    /// Runs the act with `options.authTasks` calls; on a live `console`, a status line
    /// shows calls made, transitions run and violations found so far.
    public static func run(
        options: DemoOptions,
        console: Console? = nil,
        recorder: FlowTraceRecorder? = nil
    ) async -> AuthStormReport {
        let batches = plan(tasks: options.authTasks, seed: options.seed, fast: options.fast)
        let calls = batches.flatMap(\.calls)
        let watch = AuthWatch()
        let provider = DemoAuthProvider(
            loginTimes: calls.map(\.loginTime),
            fast: options.fast,
            watch: watch
        )
        let flow = AuthFlow(
            provider: provider,
            splash: AppScreen.splash,
            stage: AuthWatchStage(watch: watch),
            tracer: recorder
        )
        let events = flow.events()
        let observer = Task {
            for await event in events {
                watch.observe(.announced(event.kind, session: event.session, transition: event.transitionID))
            }
        }
        await flow.start()  // logged out: no session to restore outside the storm

        let status = console.map { console in
            LiveStatus(console: console) {
                let checker = watch.checker
                return "  calls \(checker.calls) / \(calls.count)   transitions \(checker.shown)   "
                    + "logouts guarded \(checker.guardedLogouts)   violations \(checker.violations.count)"
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(calls.count)
        var orderKnown = true
        for batch in batches {
            if batch.offset > .zero {
                try? await clock.sleep(until: start.advanced(by: batch.offset))
            }
            let numbered = flow.callCount + UInt64(batch.calls.count)
            for call in batch.calls {
                watch.observe(.calling(call: call.index, batch: batch.index, kind: call.kind))
                let task = Task {
                    let result: AuthResult
                    switch call.kind {
                    case .login: result = await flow.login(DemoSession(call: call.index))
                    case .logout: result = await flow.logout()
                    case .start:
                        result = await DemoAuthProvider.$restoring.withValue(DemoSession(call: call.index)) {
                            await flow.start()
                        }
                    }
                    watch.observe(.returned(call: call.index, result: result))
                }
                if call.cancel { task.cancel() }
                tasks.append(task)
            }
            // The next batch is called only once every call of this one has its number, so
            // that a call of an earlier batch was certainly called first.
            orderKnown = await waitUntil(deadline: clock.now.advanced(by: .seconds(10))) {
                flow.callCount >= numbered
            }
            if !orderKnown { break }
        }
        for task in tasks { await task.value }
        let elapsed = start.duration(to: clock.now)
        await status?.stop()
        let finalPhase = await flow.phase
        await flow.finish()
        await observer.value
        var checker = watch.checker
        checker.finish(finalPhase: finalPhase)
        return AuthStormReport(
            options: options,
            batches: batches.count,
            checker: checker,
            finalPhase: finalPhase,
            orderKnown: orderKnown,
            maxInFlight: watch.maxInFlight,
            elapsed: elapsed
        )
    }

    /// Yields until `condition` holds or `deadline` passes; returns whether it held.
    private static func waitUntil(
        deadline: ContinuousClock.Instant,
        _ condition: () -> Bool
    ) async -> Bool {
        var spins = 0
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            spins += 1
            if spins < 1_000 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .microseconds(100))
            }
        }
        return true
    }
}

/// Everything the act observes, stamped by being fed to the checker under one lock: the
/// order the checker sees is the order in real time.
final class AuthWatch: Sendable {
    private struct State: Sendable {
        var checker = LogoutGuaranteeChecker()
        var inFlight = 0
        var maxInFlight = 0
    }

    private let state = LockedValue(State())

    /// Stamps `observation` and checks it.
    func observe(_ observation: AuthObservation) {
        state.withLock { $0.checker.observe(observation) }
    }

    /// A copy of the checker as it stands.
    var checker: LogoutGuaranteeChecker { state.withLock { $0.checker } }

    /// The most transitions between mount and unmount at once.
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    /// Stamps a mount, and counts it in flight.
    func mounted(_ transition: Transition<AuthScreen<DemoSession, AppScreen>>) {
        state.withLock {
            $0.checker.observe(.shown(transition.id, session: transition.to.phase.session))
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
        }
    }

    /// Counts an unmount.
    func unmounted() {
        state.withLock { $0.inFlight -= 1 }
    }
}

/// The demo's login provider: a logged-in child takes its call's planned time to build
/// (a slow sign-in), and each build is stamped as it ends.
struct DemoAuthProvider: AuthFlowProvider {
    /// The session a `start()` call restores; set by the caller around the call, read in
    /// the caller's task (as ``AuthFlowProvider/initialState()`` promises).
    @TaskLocal static var restoring: DemoSession?

    let loginTimes: [Duration]
    let fast: Bool
    let watch: AuthWatch

    var configuration: AuthFlowConfiguration {
        let animation: TransitionAnimation = fast ? .immediate : .fade(duration: .milliseconds(10))
        return AuthFlowConfiguration(loginAnimation: animation, logoutAnimation: animation, policy: .latestWins)
    }

    func initialState() async -> AuthInitialState<DemoSession> {
        Self.restoring.map { .loggedIn($0) } ?? .loggedOut(.signedOut)
    }

    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> AppScreen { .login }

    func makeLoggedInChild(_ context: AuthLoggedInContext<DemoSession, Void>) async -> AppScreen {
        let session = context.session
        let time = loginTimes.indices.contains(session.call) ? loginTimes[session.call] : .zero
        if time > .zero {
            try? await Task.sleep(for: time)
        } else {
            await Task.yield()
        }
        watch.observe(.built(session))
        return .main(user: session.description)
    }
}

/// A stage that stamps every mount for the checker and counts transitions in flight.
struct AuthWatchStage: FlowStage {
    let watch: AuthWatch

    func mount(_ transition: Transition<AuthScreen<DemoSession, AppScreen>>) async {
        watch.mounted(transition)
    }

    func unmount(_ transition: Transition<AuthScreen<DemoSession, AppScreen>>) async {
        watch.unmounted()
    }
}
