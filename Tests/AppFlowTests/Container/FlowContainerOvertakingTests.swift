import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A newer request overtakes an owner whose factory is still making a child no one will
/// see: the container hands it the turn at once and drops the old child when it comes.
/// Only the internal admission closure (`AuthFlow`'s) can refuse at
/// ``FlowAdmissionPoint/overtaken``; a public one never does.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerOvertakingTests {
    /// A request whose factory waits at `gate` and whose admission closure answers
    /// `overtaken` at ``FlowAdmissionPoint/overtaken`` (and admits everywhere else),
    /// recording every point it is asked at.
    static func staleOwner(
        _ container: FlowContainer<Screen>,
        gate: Gate,
        overtaken answer: Bool,
        points: Log<FlowAdmissionPoint>,
        made: Screen = Screen("stale")
    ) -> Task<TransitionResult, Never> {
        Task {
            await container.cycle(
                animation: nil,
                policy: .latestWins,
                admission: { point, _ in
                    points.append(point)
                    return point == .overtaken ? answer : true
                },
                to: {
                    await gate.pass()
                    return made
                }
            )
        }
    }

    @Test func aNewerRequestRunsAtOnceWhenTheOwnerMakingItsChildRefusesToBeWaitedFor() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let recorder = EventRecorder(container.events())
        let gate = Gate()
        let points = Log<FlowAdmissionPoint>()
        let stale = Self.staleOwner(container, gate: gate, overtaken: false, points: points)
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        // The stale factory still runs: the newer request does not wait for it.
        #expect(await container.cycle(to: Screen("newer")) == .completed)
        #expect(await container.child.name == "newer")
        #expect(await !container.isTransitioning)
        gate.open()
        #expect(await stale.value(within: .seconds(30)) == .superseded)
        // Its child is dropped unseen: no event, and the child in place stays.
        #expect(await container.child.name == "newer")
        #expect(points.all == [.arrival, .start, .overtaken])
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.summaries == ["will start->newer", "did start->newer"])
    }

    @Test func anOwnerThatAdmitsWhenOvertakenKeepsItsTurnAndTheNewerRequestWaits() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let gate = Gate()
        let points = Log<FlowAdmissionPoint>()
        let owner = Self.staleOwner(container, gate: gate, overtaken: true, points: points, made: Screen("owner"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let newer = launch(container, Screen("newer"), policy: .enqueue)
        #expect(await eventually(timeout: .seconds(30)) { await container.pendingCount == 1 })
        #expect(points.all == [.arrival, .start, .overtaken])
        gate.open()
        #expect(await owner.value(within: .seconds(30)) == .completed)
        #expect(await newer.value(within: .seconds(30)) == .completed)
        #expect(await container.child.name == "newer")
    }

    @Test func aPublicAdmissionClosureIsNeverAskedWhenANewerRequestArrives() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let gate = Gate()
        let checks = Log<FlowAdmissionCheck>()
        let owner = Task {
            await container.cycle(
                admittedIf: { check in
                    checks.append(check)
                    return true
                },
                to: {
                    await gate.pass()
                    return Screen("owner")
                }
            )
        }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let newer = launch(container, Screen("newer"), policy: .enqueue)
        #expect(await eventually(timeout: .seconds(30)) { await container.pendingCount == 1 })
        gate.open()
        #expect(await owner.value(within: .seconds(30)) == .completed)
        #expect(await newer.value(within: .seconds(30)) == .completed)
        #expect(checks.all == [.arrival, .start])
    }

    /// The overtaken owner's task goes on after it lost its turn; when it returns it must
    /// leave the new owner's bookkeeping alone, or a call from the new owner's own factory
    /// would wait for the turn it holds.
    @Test func theNewOwnersFactoryIsStillRecognisedAsItsOwnAfterTheOvertakenOwnerReturns() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let staleGate = Gate()
        let newerGate = Gate()
        let points = Log<FlowAdmissionPoint>()
        let stale = Self.staleOwner(container, gate: staleGate, overtaken: false, points: points)
        #expect(await eventually(timeout: .seconds(30)) { staleGate.waitingCount == 1 })
        let inner = LockedValue<TransitionResult?>(nil)
        let newer = Task {
            await container.cycle {
                await newerGate.pass()
                inner.withLock { $0 = nil }
                let result = await container.cycle(to: Screen("inner"))
                inner.withLock { $0 = result }
                return Screen("newer")
            }
        }
        #expect(await eventually(timeout: .seconds(30)) { newerGate.waitingCount == 1 })
        staleGate.open()
        #expect(await stale.value(within: .seconds(30)) == .superseded)
        newerGate.open()
        #expect(await newer.value(within: .seconds(30)) == .completed)
        #expect(inner.withLock { $0 } == .rejected)
        #expect(await container.child.name == "newer")
    }

    /// A request handed its turn whose task has not run since is still pending as far as
    /// `latestWins` goes: a newer request supersedes it and runs without waiting for it.
    /// The handed-over request's task runs on an executor the test holds, so its turn comes
    /// while it cannot run.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLatestWinsRequestSupersedesARequestHandedItsTurnBeforeItsTaskRuns() async {
        let gate = Gate()
        let container = FlowContainer(
            initial: Screen("start"),
            animation: .immediate,
            stage: GatedStage(gate: gate)
        )
        let recorder = EventRecorder(container.events())
        let first = launch(container, Screen("first"))
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let held = HeldExecutor()
        let handedOver = LockedValue<TransitionResult?>(nil)
        Task(executorPreference: held) {
            let result = await container.cycle(to: Screen("handedOver"), policy: .enqueue)
            handedOver.withLock { $0 = result }
        }
        // Run the held task until it waits for its turn.
        #expect(
            await eventually(timeout: .seconds(30)) {
                held.runHeld()
                return await container.pendingCount == 1
            }
        )
        held.runHeld()
        gate.open()
        #expect(await first.value(within: .seconds(30)) == .completed)
        // Its turn has come; its task cannot run. A newer latest-wins request does not wait.
        let newer = launch(container, Screen("newer"), policy: .latestWins)
        #expect(await newer.value(within: .seconds(30)) == .completed)
        #expect(
            await eventually(timeout: .seconds(30)) {
                held.runHeld()
                return handedOver.withLock { $0 } != nil
            }
        )
        #expect(handedOver.withLock { $0 } == .superseded)
        #expect(await container.child.name == "newer")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(
            recorder.summaries == ["will start->first", "did start->first", "will first->newer", "did first->newer"]
        )
    }
}

/// A task executor that holds every job until the test runs it with ``runHeld()``: a task
/// started on it, or resumed while it waits on it, makes no progress in between.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class HeldExecutor: TaskExecutor {
    private let jobs = LockedValue<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs the jobs held now, and those they enqueue, until none is left.
    func runHeld() {
        while let next = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
