import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// AppFlow's own guarantees, explored: each scenario runs under a bounded number of
/// schedules per strategy (more with `APPFLOW_SCHEDULES=20000 swift test --filter
/// Exploration`), and every schedule checks the rules.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct AuthFlowExplorationTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static var schedules: Int { ScheduleExplorer.scheduleCount(default: 60) }

    /// Explores `scenario` with random and PCT schedules; expects no failure.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func explore(
        _ name: String,
        _ scenario: @escaping @Sendable (Exploration) async -> Void
    ) async {
        for strategy in [ExplorationStrategy.random(seed: 11), .pct(depth: 3, seed: 11)] {
            let report = await ScheduleExplorer(strategy: strategy, schedules: schedules).explore(scenario)
            if let failure = report.failure {
                // One line per finding, which Benchmarks/bug-finding.sh counts.
                print("exploration \(name), \(strategy): found after \(failure.index + 1) schedules")
            }
            #expect(report.failure == nil, "\(name): \(report)")
            #expect(report.schedulesRun == schedules)
        }
    }

    /// Explores a scenario of one started flow of the explored provider, which `body`
    /// drives; the flow is then finished and its rules checked.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func exploreFlow(
        _ name: String,
        configure: @escaping @Sendable (inout AuthFlowConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (Exploration, ExploredFlow) async -> Void
    ) async {
        await explore(name) { exploration in
            let explored = ExploredFlow(exploration, configure: configure)
            _ = await explored.flow.start()
            await body(exploration, explored)
            await explored.finish(in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLogoutBeatsEveryEarlierLoginWithSlowFactoriesThatIgnoreCancellation() async {
        await Self.exploreFlow("logout") { exploration, explored in
            await explored.race([.login("a"), .login("b"), .logout, .login("c"), .logout], in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLockBeatsEarlierUnlocksAndLoginsWhateverTheOrder() async {
        await Self.exploreFlow("lock") { exploration, explored in
            await explored.rules.login("a")
            await explored.race([.unlock, .lock, .login("b"), .unlock, .lock], in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLockOrUnlockMadeDuringAStartThatRestoresASessionKeepsTheLockRule() async {
        await Self.explore("lock during start") { exploration in
            let explored = ExploredFlow(exploration, restoring: "a")
            await explored.race([.start, .unlock, .lock, .unlock, .lock], in: exploration)
            await explored.finish(in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func noIntentCrossesALogoutOrReachesAnotherSessionAroundAnAccountSwitch() async {
        await Self.exploreFlow("intents") { exploration, explored in
            await explored.rules.login("a")
            let opened = exploration.spawn("intents") {
                await explored.open(
                    [ExploredIntent(id: 1, session: "a"), ExploredIntent(id: 2, session: "b")],
                    switchingLast: true
                )
            }
            let logout = exploration.spawn("logout") { await explored.rules.logout() }
            let login = exploration.spawn("login b") { await explored.rules.login("b") }
            _ = await (opened.value, logout.value, login.value)
        }
    }

    /// A call made while a delivery is decided takes it back, and the scene's next showing
    /// decides it again: whichever of the two delivery tasks runs first, the intent is
    /// handed over once (the ledger flags a second), and each opener hears once.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func anIntentTakenBackByACallAndDecidedAgainIsDeliveredOnce() async {
        await Self.exploreFlow("intent taken back") { exploration, explored in
            await explored.rules.login("a")
            let opened = exploration.spawn("intents") {
                await explored.open([ExploredIntent(id: 1, session: "a"), ExploredIntent(id: 2, session: "a")])
            }
            await explored.race([.login("a"), .login("a")], in: exploration)
            let results = await opened.value
            exploration.expect(
                results.allSatisfy { $0 == .delivered(explored.flow.scene.id) },
                "the intents ended \(results)"
            )
        }
    }

    /// The detach of the scene an intent's delivery was decided for takes it back, and
    /// the other scene takes it at once: whichever of the two delivery tasks runs first, the
    /// intent is handed over once, to the scene still attached.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func anIntentWhoseSceneIsDetachedBeforeItsDeliveryStartsIsDeliveredOnceToTheOther() async {
        await Self.exploreFlow("intent moved by a detach") { exploration, explored in
            await explored.rules.login("a")
            let second = explored.flow.attachScene(placeholder: "launch")
            await second.placed()
            explored.flow.sceneBecameActive(second)
            let opened = exploration.spawn("intent") { await explored.open([ExploredIntent(id: 1, session: "a")]) }
            let detach = exploration.spawn("detach") { await explored.flow.detach(second) }
            let (results, _) = await (opened.value, detach.value)
            let handed = explored.world.deliveries.map(\.scene)
            // Handed over once, into the child of the scene its opener hears of.
            exploration.expect(
                handed.count == 1 && results == [.delivered(handed[0])],
                "the intent ended \(results), handed to \(handed)"
            )
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func twoScenesEndOnTheSamePhaseAndKeepEveryRule() async {
        await Self.explore("two scenes") { exploration in
            let explored = ExploredFlow(exploration)
            let second = explored.flow.attachScene(placeholder: "launch")
            _ = await explored.flow.start()
            await explored.race([.login("a"), .logout, .login("b")], in: exploration)
            let (first, other) = (await explored.flow.phase, await second.phase)
            exploration.expect(first == other, "the scenes ended apart: \(first) and \(other)")
            await explored.finish(in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(arguments: [false, true])
    func twoSessionsServicesAreNeverAliveAtOnceAcrossASwitch(releasingFirst: Bool) async {
        let releasing: @Sendable (inout AuthFlowConfiguration) -> Void = {
            $0.releasesSessionBeforeSwitch = releasingFirst
        }
        await Self.exploreFlow("services", configure: releasing) { exploration, explored in
            await explored.rules.login("a")
            await explored.race([.login("b"), .logout, .login("c")], in: exploration)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aSceneAttachedDuringACallArrivesAtTheFlowsPhase() async {
        await Self.exploreFlow("arrival gate") { exploration, explored in
            let login = exploration.spawn("login a") { await explored.rules.login("a") }
            let attach = exploration.spawn("attach") {
                let scene = explored.flow.attachScene(placeholder: "launch")
                await scene.placed()
                return scene
            }
            _ = await login.value
            let scene = await attach.value
            let (flowPhase, scenePhase) = (await explored.flow.phase, await scene.phase)
            exploration.expect(flowPhase == scenePhase, "the attached scene shows \(scenePhase), the flow \(flowPhase)")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func anIntentForOneAccountNeverReachesAnothersChildDuringASwitch() async {
        await Self.exploreFlow("intents across a switch") { exploration, explored in
            await explored.rules.login("a")
            let switching = exploration.spawn("login b") { await explored.rules.login("b") }
            let opened = exploration.spawn("intents") {
                let forA = explored.flow.enqueue(ExploredIntent(id: 1, session: "a"), for: "a")
                let forB = explored.flow.enqueue(ExploredIntent(id: 2, session: "b"), for: "b")
                return [await forA.result, await forB.result]
            }
            _ = await (switching.value, opened.value)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func twoScenesEndOnTheSamePhaseWhenACallerIsCancelledMidway() async {
        await Self.explore("two scenes, a cancelled caller") { exploration in
            let explored = ExploredFlow(exploration)
            let second = explored.flow.attachScene(placeholder: "launch")
            _ = await explored.flow.start()
            let login = exploration.spawn("login a") { await explored.rules.login("a") }
            let canceller = exploration.spawn("canceller") { login.cancel() }
            await explored.race([.logout, .login("b")], in: exploration)
            _ = await (login.value, canceller.value)
            await second.placed()
            let (first, other) = (await explored.flow.phase, await second.phase)
            exploration.expect(first == other, "the scenes ended apart: \(first) and \(other)")
            await explored.finish(in: exploration)
        }
    }

    /// What a request under `policy` may return when every request uses it
    /// (<doc:OverlapPolicies>): `enqueue` runs them all, `latestWins` supersedes the
    /// waiting ones, `interrupt` also cuts the running one short, `dropIfBusy` rejects a
    /// request that finds one running.
    static func results(of policy: OverlapPolicy) -> Set<TransitionResult> {
        switch policy {
        case .enqueue: [.completed]
        case .latestWins: [.completed, .superseded]
        case .interrupt: [.completed, .interrupted, .superseded]
        case .dropIfBusy: [.completed, .rejected]
        @unknown default: []
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(arguments: OverlapPolicy.allCases)
    func everyOverlapPolicyReturnsEachRequestOnceAndKeepsItsEventsBalanced(policy: OverlapPolicy) async {
        await Self.explore("\(policy)") { exploration in
            let container = FlowContainer(
                initial: 0,
                animation: .fade(duration: .milliseconds(10)),
                policy: policy,
                clock: exploration.clock
            )
            let events = EventRecorder(container.events())
            let requests = (1...4).map { value in
                exploration.spawn("cycle \(value)") { await container.cycle(to: value) }
            }
            var results: [TransitionResult] = []
            for request in requests { results.append(await request.value) }
            let allowed = Self.results(of: policy)
            exploration.expect(results.allSatisfy(allowed.contains), "\(policy) returned \(results)")
            let shown = await container.child
            exploration.expect(
                shown == 0 || results[shown - 1].didRun,
                "\(shown) is shown, yet its request returned \(results[max(shown - 1, 0)])"
            )
            await container.finish()
            await events.waitUntilFinished()
            exploration.expect(events.grammarViolations.isEmpty, "\(events.grammarViolations)")
            let ran = results.filter(\.didRun).count
            exploration.expect(events.snapshot.didCount == ran, "\(ran) ran, \(events.snapshot.didCount) announced")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func theTasksAppFlowStartsItselfRunUnderTheExplorer() async {
        let report = await ScheduleExplorer(strategy: .random(seed: 4), schedules: 5).explore { exploration in
            let explored = ExploredFlow(exploration)
            _ = await explored.flow.start()
            // The child is built in a task the flow starts for it, never in the caller's.
            await explored.rules.login("a")
            let builds = explored.world.builds
            exploration.expect(builds.onExplorer == 1, "\(builds.onExplorer) builds ran on the explorer's executor")
            exploration.expect(builds.elsewhere == 0, "\(builds.elsewhere) builds ran elsewhere")
            await explored.finish(in: exploration)
        }
        #expect(report.failure == nil, "\(report)")
        let record = await ScheduleExplorer(strategy: .random(seed: 4), schedules: 1).replay(
            Schedule(strategy: .random(seed: 4), choices: []),
            { exploration in
                let explored = ExploredFlow(exploration)
                _ = await explored.flow.start()
                await explored.rules.login("a")
                await explored.flow.finish()
            }
        )
        #expect(record.steps.contains { $0.label.hasPrefix("child build") }, "\(record.steps)")
        #expect(record.jobsFromOutside == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func theSameSeedRunsTheSameJobsInTheSameOrder_CheckedOnTheTrace() async throws {
        let scenario: @Sendable (Exploration) async -> Void = { exploration in
            let explored = ExploredFlow(exploration)
            _ = await explored.flow.start()
            await explored.race([.login("a"), .lock, .logout], in: exploration)
            await explored.finish(in: exploration)
        }
        var traces: [String] = []
        for seed: UInt64 in [21, 21, 22] {
            let record = await ScheduleExplorer(strategy: .random(seed: seed), schedules: 1).run(scenario)
            #expect(record.problem == nil, "\(record)")
            traces.append(record.chromeTrace())
        }
        #expect(traces[0] == traces[1])
        #expect(traces[0] != traces[2])
        #expect(traces[0].contains(#""args":{"name":"schedule"}"#))
        #expect(traces[0].contains(#""args":{"name":"scene 1"}"#))
    }
}
