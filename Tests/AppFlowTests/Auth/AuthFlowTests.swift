import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `AuthFlow`: AppController's login/logout, race-free.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct AuthFlowTests {
    typealias Flow = AuthFlow<TestAuthProvider>

    static func record(_ flow: Flow) -> Task<[String], Never> {
        let events = flow.events()
        return Task {
            var seen: [String] = []
            for await event in events {
                seen.append("\(event.kind) \(event.child.name)\(event.isInitial ? " initial" : "")")
            }
            return seen
        }
    }

    @Test func startShowsTheInitialStateFlaggedAsInitial() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        let events = Self.record(flow)
        #expect(await flow.phase == .splash)
        #expect(await flow.start() == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == ["willLogin main(ada) initial", "didLogin main(ada) initial"]
        )
    }

    @Test func loginAndLogoutSwitchAndPublishTheFourHandlers() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        #expect(await flow.start() == .completed)
        let events = Self.record(flow)
        #expect(await flow.login("ada") == .completed)
        #expect(await flow.logout() == .completed)
        await flow.finish()
        #expect(
            await events.value(within: .seconds(10)) == [
                "willLogin main(ada)", "didLogin main(ada)", "willLogout loggedOut", "didLogout loggedOut",
            ]
        )
        #expect(provider.prepared.all == ["splash logout", "loggedOut login", "main(ada) logout"])
    }

    @Test func aRepeatedLoginOrLogoutIsUnchangedAndBuildsNothing() async {
        let provider = TestAuthProvider()
        let flow = Flow(provider: provider, splash: Screen("splash"))
        await flow.start()
        #expect(await flow.logout() == .unchanged)
        #expect(!AuthResult.unchanged.didSwitch && AuthResult.interrupted.didSwitch)
        #expect(await flow.login("ada") == .completed)
        #expect(await flow.login("ada") == .unchanged)
        #expect(await flow.login("bob") == .completed)
        #expect(provider.built.all == ["loggedOut", "loggedIn(ada)", "loggedIn(bob)"])
    }

    /// Code written before tracing that names the four-argument initializer still compiles,
    /// and makes a flow that works.
    @Test func theInitializerWithoutATracerStillExists() async {
        let make: (TestAuthProvider, Screen, (any FlowStage<Flow.Screen>)?, any Clock<Duration>) -> Flow =
            Flow.init(provider:splash:stage:clock:)
        let flow = make(TestAuthProvider(), Screen("splash"), nil, ContinuousClock())
        #expect(await flow.start() == .completed)
        await flow.finish()
    }

    /// A flow whose `start()` is held in its transition, its child (logged in as `session`,
    /// or logged out) already placed, at the returned gate: the stage's mount waits there.
    /// A transition that has begun is never overtaken, so later calls queue up behind it.
    static func heldFlow(
        policy: OverlapPolicy = .latestWins,
        session: String? = nil
    ) async -> (Flow, TestAuthProvider, Gate, Task<AuthResult, Never>) {
        var provider = TestAuthProvider()
        provider.session = session
        let gate = Gate()
        provider.configuration.policy = policy
        let flow = Flow(provider: provider, splash: Screen("splash"), stage: GatedStage(gate: gate))
        let starting = Task { await flow.start() }
        _ = await eventually { gate.waitingCount == 1 }
        return (flow, provider, gate, starting)
    }

    @Test func overlappingCallsEndInTheLastCallsStateAndSupersededLoginsBuildNothing() async {
        let (flow, provider, gate, starting) = await Self.heldFlow(session: "zoe")
        let first = Task { await flow.login("ada") }
        #expect(await eventually { await flow.container.pendingCount == 1 })
        let second = Task { await flow.logout() }
        #expect(await first.value(within: .seconds(10)) == .superseded)
        let third = Task { await flow.login("bob") }
        #expect(await second.value(within: .seconds(10)) == .superseded)
        gate.open()
        // start() had begun its transition: it completes, then only the newest call runs.
        #expect(await starting.value(within: .seconds(10)) == .completed)
        #expect(await third.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .loggedIn("bob"))
        #expect(provider.built.all == ["loggedIn(zoe)", "loggedIn(bob)"])
    }

    @Test func aLoginCalledBeforeALogoutNeverShowsEvenWhenItsTurnComesLater() async {
        // Enqueue: nothing is superseded, only call order decides.
        let (flow, provider, gate, starting) = await Self.heldFlow(policy: .enqueue, session: "zoe")
        let login = Task { await flow.login("ada") }
        #expect(await eventually { await flow.container.pendingCount == 1 })
        let logout = Task { await flow.logout() }
        #expect(await eventually { await flow.container.pendingCount == 2 })
        gate.open()
        #expect(await starting.value(within: .seconds(10)) == .completed)
        #expect(await login.value(within: .seconds(10)) == .superseded)
        #expect(await logout.value(within: .seconds(10)) == .completed)
        #expect(!provider.built.all.contains("loggedIn(ada)"))
    }

    @Test func aLogoutCalledBeforeALoginNeverWinsWhateverTheArrivalOrder() async {
        let (flow, _, gate, starting) = await Self.heldFlow(policy: .enqueue)
        let logout = Task { await flow.logout() }
        #expect(await eventually { await flow.container.pendingCount == 1 })
        let login = Task { await flow.login("ada") }
        #expect(await eventually { await flow.container.pendingCount == 2 })
        gate.open()
        #expect(await starting.value(within: .seconds(10)) != nil, "start() did not return")
        #expect(await logout.value(within: .seconds(10)) == .superseded)
        #expect(await login.value(within: .seconds(10)) == .completed)
        #expect(await flow.phase == .loggedIn("ada"))
    }

    @Test func aLoginThatReachesTheContainerAfterALogoutReturnedIsDropped() async {
        var provider = TestAuthProvider()
        let sessionGate = Gate()
        provider.session = "stale"
        provider.sessionGate = sessionGate
        let flow = Flow(provider: provider, splash: Screen("splash"))
        // start() takes its place in call order at once, then waits for its session.
        let starting = Task { await flow.start() }
        #expect(await eventually { sessionGate.waitingCount == 1 })
        #expect(await flow.logout() == .completed)
        sessionGate.open()
        #expect(await starting.value(within: .seconds(10)) == .superseded)
        #expect(await flow.phase == .loggedOut)
        #expect(!provider.built.all.contains("loggedIn(stale)"))
    }

    @Test func theLoggedInChildIsReleasedOnceLogoutCompletes() async {
        let tracker = ReleaseTracker()
        let provider = TrackingProvider(tracker: tracker)
        // On a manual clock no watchdog can cut the logout's fade short, however slow the
        // machine: the fade ends when the clock has gone through it.
        let clock = ManualClock()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), clock: clock)
        #expect(await course(of: Task { await flow.start(animation: .immediate) }, on: clock) == .returned(.completed))
        // A fade of zero length: it needs no clock.
        #expect(await course(of: Task { await flow.login("ada") }, on: clock) == .returned(.completed))
        #expect(tracker.alive == ["main(ada)"])
        let logout = Task { await flow.logout() }
        #expect(await course(of: logout, on: clock) == .animating, "the logout fades")
        await clock.advance(through: ManualClock.Instant(offset: .milliseconds(200)))
        // Generous: only a fade that never ends takes this long.
        #expect(await logout.value(within: .seconds(30)) == .completed)
        #expect(tracker.alive.isEmpty)
    }

    struct TrackingProvider: AuthFlowProvider {
        let tracker: ReleaseTracker
        var configuration: AuthFlowConfiguration { AuthFlowConfiguration(loginAnimation: .fade(duration: .zero)) }
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> Screen { Screen("loggedOut") }
        func makeLoggedInChild(for session: String) async -> Screen {
            let screen = Screen("main(\(session))")
            tracker.track(screen, as: screen.name)
            return screen
        }
    }

    @Test func aLogoutCalledWhileAnotherIsOnItsWayJoinsItInsteadOfSupersedingIt() async {
        let (flow, _, gate, starting) = await Self.heldFlow(session: "zoe")
        let first = Task { await flow.logout() }
        #expect(await eventually { await flow.container.pendingCount == 1 })
        let second = Task { await flow.logout() }
        _ = await eventually { flow.callCount == 3 }
        #expect(await flow.container.pendingCount == 1)
        gate.open()
        #expect(await starting.value(within: .seconds(10)) == .completed)
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await second.value(within: .seconds(10)) == .completed)
        // A login in between ends the joining: the next logout is a logout of its own.
        #expect(await flow.login("ada") == .completed)
        #expect(await flow.logout() == .completed)
    }

    @Test func slowPreparationIsCutOffByItsTimeout() async {
        let clock = ManualClock()
        let provider = SlowPreparer()
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), clock: clock)
        let starting = Task { await flow.start() }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(500))
        #expect(await starting.value(within: .seconds(10)) == .completed)
        provider.held.open()  // the preparation the timeout left behind may end now
    }

    struct SlowPreparer: AuthFlowProvider {
        let held = Gate()
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(logoutAnimation: .immediate, preparationTimeout: .milliseconds(500))
        }
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> Screen { Screen("loggedOut") }
        func makeLoggedInChild(for session: String) async -> Screen { Screen("main") }
        func prepareToLeave(_ child: Screen, direction: AuthDirection) async {
            await held.pass()  // ends only after the test: the timeout must end the wait
        }
    }

    /// Thousands of overlapping calls, dispatched in a known call order and then left to
    /// race to the container.
    @Test func aLogoutBeatsEveryEarlierLoginUnderStress() async {
        let calls = 3_000
        let ticket = LockedValue<UInt64>(0)
        @Sendable func next() -> UInt64 {
            ticket.withLock {
                $0 += 1
                return $0
            }
        }
        let provider = StampingProvider(next: next)
        let stage = TicketStage(next: next)
        let flow = AuthFlow(provider: provider, splash: Screen("splash"), stage: stage)
        await flow.start()
        var random = SeededGenerator(seed: 7)
        let plan = (0..<calls).map { _ in Bool.random(using: &random) }
        var tasks: [Task<(index: Int, isLogin: Bool, returned: UInt64, result: AuthResult), Never>] = []
        var dispatched: [UInt64] = []  // a ticket taken just before each call is made
        for (index, isLogin) in plan.enumerated() {
            let before = flow.callCount
            dispatched.append(next())
            tasks.append(
                Task {
                    let result = isLogin ? await flow.login("s\(index)") : await flow.logout()
                    return (index, isLogin, next(), result)
                }
            )
            // The next call is made only once this one has its number: call order is known.
            _ = await eventually { flow.callCount > before }
        }
        var outcomes: [(index: Int, isLogin: Bool, returned: UInt64, result: AuthResult)] = []
        for task in tasks {
            guard let outcome = await task.value(within: .seconds(10)) else {
                Issue.record("a call did not return within 10 s")
                return
            }
            outcomes.append(outcome)
        }
        // A beaten login's factory may still finish building after the logout returned
        // (a newer call no longer waits for it); what must never happen is its child shown.
        let mounts = stage.mounts.all
        #expect(!provider.builds.all.isEmpty)

        // Every logout that returned, whatever its result. (A superseded one was replaced
        // by a later login: its window below is then empty.)
        for logout in outcomes where !logout.isLogin && logout.result != .cancelled {
            // From its return until a login called after it, no login called before it
            // may show its child. The window ends, at the latest, when the next login was
            // dispatched: a child shown before that is certainly a violation.
            let nextLogin = plan.indices.first { $0 > logout.index && plan[$0] }
            let windowEnd = nextLogin.map { dispatched[$0] } ?? .max
            let offenders = mounts.filter {
                $0.ticket > logout.returned && $0.ticket < windowEnd && $0.index < logout.index
            }
            #expect(
                offenders.isEmpty,
                "logout #\(logout.index) (\(logout.result)) was beaten by logins \(offenders.prefix(3).map(\.index))"
            )
        }
        let last = plan.count - 1
        #expect(await flow.phase == (plan[last] ? .loggedIn("s\(last)") : .loggedOut))
        #expect(Set(outcomes.map(\.result)).isSubset(of: [.completed, .interrupted, .superseded, .unchanged]))
    }

    /// Takes a ticket whenever a logged-in child is mounted, with the index of its login.
    final class TicketStage: FlowStage {
        let next: @Sendable () -> UInt64
        let mounts = Log<(index: Int, ticket: UInt64)>()

        init(next: @escaping @Sendable () -> UInt64) {
            self.next = next
        }

        func mount(_ transition: Transition<AuthScreen<String, Screen>>) async {
            if case .loggedIn(let session) = transition.to.phase {
                mounts.append((Int(session.dropFirst())!, next()))
            }
        }

        func unmount(_ transition: Transition<AuthScreen<String, Screen>>) async {}
    }

    struct StampingProvider: AuthFlowProvider {
        let next: @Sendable () -> UInt64
        let builds = Log<(index: Int, ticket: UInt64)>()
        var configuration: AuthFlowConfiguration {
            AuthFlowConfiguration(loginAnimation: .fade(duration: .zero), logoutAnimation: .immediate)
        }
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> Screen { Screen("loggedOut") }
        func makeLoggedInChild(for session: String) async -> Screen {
            await Task.yield()  // a slow factory widens the window
            builds.append((Int(session.dropFirst())!, next()))
            return Screen(session)
        }
    }
}
