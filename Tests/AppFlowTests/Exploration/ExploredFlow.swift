import AppFlow
import AppFlowTesting

/// What the explored provider saw, across the tasks of one schedule.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ExploredWorld: Sendable {
    private struct State {
        var alive: [String] = []
        var breaches: [String] = []
        /// Weak: the rules hold the flow, which holds the provider, which holds this.
        weak var rules: AuthFlowRules<ExploredProvider>?
        var buildsOnExplorer = 0
        var buildsElsewhere = 0
        /// The scene of each intent handed to the provider, by intent, in handing order.
        var deliveries: [(intent: Int, scene: AuthSceneID)] = []
    }

    private let state = LockedValue(State())

    func attach(_ rules: AuthFlowRules<ExploredProvider>) { state.withLock { $0.rules = rules } }
    var rules: AuthFlowRules<ExploredProvider>? { state.withLock { $0.rules } }
    var breaches: [String] { state.withLock { $0.breaches } }
    var builds: (onExplorer: Int, elsewhere: Int) { state.withLock { ($0.buildsOnExplorer, $0.buildsElsewhere) } }

    func servicesMade(for session: String) {
        state.withLock { state in
            if !state.alive.isEmpty { state.breaches.append("services of \(session) made while \(state.alive) live") }
            state.alive.append(session)
        }
    }

    func servicesTornDown(for session: String) {
        state.withLock { $0.alive.removeAll { $0 == session } }
    }

    func breach(_ text: String) { state.withLock { $0.breaches.append(text) } }

    /// Intent `id` was handed to the child of `scene`.
    func delivered(_ id: Int, in scene: AuthSceneID) { state.withLock { $0.deliveries.append((id, scene)) } }
    var deliveries: [(intent: Int, scene: AuthSceneID)] { state.withLock { $0.deliveries } }

    /// Notes whether the code running now, a factory called from a task AppFlow started,
    /// runs on a task executor: the explorer's is the only one in these scenarios.
    func noteBuild() {
        let onExplorer = withUnsafeCurrentTask { $0?.unownedTaskExecutor != nil }
        state.withLock { state in
            if onExplorer {
                state.buildsOnExplorer += 1
            } else {
                state.buildsElsewhere += 1
            }
        }
    }
}

/// A provider whose factories are slow on the manual clock and ignore cancellation, whose
/// services say when two sessions' are alive at once, and whose intents report their
/// delivery to the rules.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct ExploredProvider: AuthFlowProvider {
    typealias Session = String
    typealias Child = String
    typealias Services = String
    typealias Intent = ExploredIntent

    let clock: ManualClock
    let world: ExploredWorld
    var configuration = AuthFlowConfiguration(
        loginAnimation: .fade(duration: .milliseconds(20)),
        logoutAnimation: .fade(duration: .milliseconds(20)),
        startAnimation: .immediate
    )

    /// A factory's work: a yield, and a sleep whose cancellation it ignores.
    private func slowly() async {
        await Task.yield()
        try? await clock.sleep(for: .milliseconds(5))
    }

    /// Where `start()` lands: logged out, unless a session is restored.
    var restored: String?

    func initialState() async -> AuthInitialState<String> {
        await Task.yield()
        return restored.map { .loggedIn($0) } ?? .loggedOut(.signedOut)
    }

    func makeLoggedOutChild(_ context: AuthLoggedOutContext) async -> String {
        await slowly()
        return "login"
    }

    func makeLoggedInChild(_ context: AuthLoggedInContext<String, String>) async -> String {
        world.noteBuild()
        await slowly()
        if context.services != "services of \(context.session)" {
            world.breach("home(\(context.session)) built with \(context.services)")
        }
        return "home(\(context.session))"
    }

    func makeServices(for session: String) async -> String {
        world.servicesMade(for: session)
        await Task.yield()
        return "services of \(session)"
    }

    func tearDown(_ services: String, of session: String) async {
        // Slow on the clock: the next session's factories come while it runs.
        try? await clock.sleep(for: .milliseconds(10))
        world.servicesTornDown(for: session)
    }

    func handle(_ intent: ExploredIntent, in child: String, context: AuthIntentContext<String>) async {
        world.rules?.delivered(intent: intent.id)
        world.delivered(intent.id, in: context.scene)
        // A handler that awaits: another delivery task may run meanwhile.
        await Task.yield()
        if child != "home(\(intent.session))" || context.session != intent.session {
            world.breach("intent \(intent.id) for \(intent.session) delivered into \(child)")
        }
    }
}

/// An intent for one session's child.
struct ExploredIntent: Sendable {
    let id: Int
    let session: String
}

/// One flow of the explored provider, its rules and its world, for a scenario.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct ExploredFlow {
    let flow: AuthFlow<ExploredProvider>
    let rules: AuthFlowRules<ExploredProvider>
    let world: ExploredWorld

    init(
        _ exploration: Exploration,
        restoring restored: String? = nil,
        configure: (inout AuthFlowConfiguration) -> Void = { _ in }
    ) {
        let world = ExploredWorld()
        var provider = ExploredProvider(clock: exploration.clock, world: world, restored: restored)
        configure(&provider.configuration)
        flow = AuthFlow(provider: provider, splash: "launch", clock: exploration.clock, tracer: exploration.recorder)
        rules = AuthFlowRules(flow)
        world.attach(rules)
        self.world = world
    }

    /// A call a scenario races against others.
    enum Call: Sendable, CustomStringConvertible {
        case start
        case login(String)
        case logout
        case lock
        case unlock

        var description: String {
            switch self {
            case .start: "start"
            case .login(let session): "login \(session)"
            case .logout: "logout"
            case .lock: "lock"
            case .unlock: "unlock"
            }
        }
    }

    /// Makes each of `calls` through the rules, each from a task of its own, and waits
    /// for them all.
    func race(_ calls: [Call], in exploration: Exploration) async {
        let tasks = calls.enumerated().map { index, call in
            exploration.spawn("\(call) #\(index)") {
                switch call {
                case .start: _ = await rules.call("start") { await flow.start() }
                case .login(let session): _ = await rules.login(session)
                case .logout: _ = await rules.logout()
                case .lock: _ = await rules.lock()
                case .unlock: _ = await rules.unlock()
                }
            }
        }
        for task in tasks { await task.value }
    }

    /// Opens each of `intents` for its session through the rules, in turn, the last with
    /// `switching` if `switchingLast`, then waits for their outcomes, in open order.
    func open(_ intents: [ExploredIntent], switchingLast: Bool = false) async -> [IntentResult] {
        let handles = intents.enumerated().map { index, intent in
            rules.opening(intent: intent.id)
            return flow.enqueue(intent, for: intent.session, switching: switchingLast && index == intents.count - 1)
        }
        var results: [IntentResult] = []
        for handle in handles { results.append(await handle.result) }
        return results
    }

    /// Ends the flow, and checks the rules and the world's breaches.
    func finish(in exploration: Exploration) async {
        await flow.finish()
        rules.check(in: exploration)
        for breach in world.breaches { exploration.fail(breach) }
    }
}
