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
}
