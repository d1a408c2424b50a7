import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// `cycle(animation:policy:admittedIf:to:)`: the admission closure is asked on arrival and
/// at the start of the turn, and a refusal drops the request without side effects.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerAdmissionTests {
    /// An admission closure that records each check and answers from `answers`.
    final class Admission: Sendable {
        let checks = Log<FlowAdmissionCheck>()
        let answers: @Sendable (FlowAdmissionCheck) -> Bool
        init(_ answers: @escaping @Sendable (FlowAdmissionCheck) -> Bool) { self.answers = answers }
        func callAsFunction(_ check: FlowAdmissionCheck) -> Bool {
            checks.append(check)
            return answers(check)
        }
    }

    @Test func anAdmittedRequestIsAskedOnArrivalAndAtItsStartAndRuns() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        let admission = Admission { _ in true }
        let result = await container.cycle(admittedIf: { admission($0) }, to: { Screen("in") })
        #expect(result == .completed)
        #expect(admission.checks.all == [.arrival, .start])
        #expect(await container.child.name == "in")
    }

    @Test func aRequestRefusedOnArrivalIsSupersededAndLeavesThePendingRequestsAlone() async {
        let gate = Gate()
        let (container, first) = await FlowContainerCancellationTests.busyContainer(gate: gate, policy: .latestWins)
        let waiting = launch(container, Screen("waiting"))
        #expect(await eventually { await container.pendingCount == 1 })
        let factoryRan = Log<Bool>()
        let admission = Admission { _ in false }
        let refused = await container.cycle(
            policy: .latestWins,
            admittedIf: { admission($0) },
            to: {
                factoryRan.append(true)
                return Screen("never")
            }
        )
        #expect(refused == .superseded)
        #expect(admission.checks.all == [.arrival])
        #expect(await container.pendingCount == 1, "a refused latest-wins request supersedes nothing")
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await waiting.value(within: .seconds(10)) == .completed)
        #expect(factoryRan.all.isEmpty)
        #expect(await container.child.name == "waiting")
    }

    @Test func aRequestRefusedAtItsStartIsSupersededPublishesNothingAndHandsOver() async {
        let gate = Gate()
        let (container, first) = await FlowContainerCancellationTests.busyContainer(gate: gate)
        let recorder = EventRecorder(container.events())
        let factoryRan = Log<Bool>()
        let admission = Admission { $0 == .arrival }
        let refused = Task {
            await container.cycle(admittedIf: { admission($0) }) {
                factoryRan.append(true)
                return Screen("never")
            }
        }
        #expect(await eventually { await container.pendingCount == 1 })
        let after = launch(container, Screen("after"))
        #expect(await eventually { await container.pendingCount == 2 })
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await refused.value(within: .seconds(10)) == .superseded)
        #expect(await after.value(within: .seconds(10)) == .completed)
        #expect(admission.checks.all == [.arrival, .start])
        #expect(factoryRan.all.isEmpty)
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.summaries == ["did start->first", "will first->after", "did first->after"])
    }

    @Test func afterFinishARequestIsCancelledWithoutAskingItsAdmission() async {
        let container = FlowContainer(initial: Screen("start"), animation: .immediate)
        await container.finish()
        let admission = Admission { _ in false }
        let result = await container.cycle(admittedIf: { admission($0) }, to: { Screen("never") })
        #expect(result == .cancelled)
        #expect(admission.checks.all.isEmpty)
    }

    @Test func aChildRefusedOnceMadeIsDroppedUnseenReleasedAndLeavesItsIdToTheNextTransition() async {
        let gate = Gate()
        let (container, first) = await FlowContainerCancellationTests.busyContainer(gate: gate)
        let recorder = EventRecorder(container.events())
        let tracker = ReleaseTracker()
        let points = Log<String>()
        let refused = Task {
            await container.cycle(
                animation: nil,
                policy: nil,
                admission: { point, current in
                    points.append("\(point) \(current.name)")
                    return point != .childMade
                },
                to: {
                    let made = Screen("made")
                    tracker.track(made, as: "made")
                    return made
                }
            )
        }
        #expect(await eventually { await container.pendingCount == 1 })
        let after = launch(container, Screen("after"))
        #expect(await eventually { await container.pendingCount == 2 })
        gate.open()
        #expect(await first.value(within: .seconds(10)) == .completed)
        #expect(await refused.value(within: .seconds(10)) == .superseded)
        #expect(await after.value(within: .seconds(10)) == .completed)
        #expect(points.all == ["arrival first", "start first", "childMade first"])
        #expect(await eventually { tracker.allReleased }, "the dropped child is released")
        await container.finish()
        await recorder.waitUntilFinished()
        #expect(recorder.summaries == ["did start->first", "will first->after", "did first->after"])
        let ids = recorder.snapshot.completed.map(\.id.rawValue)
        #expect(ids == [ids[0], ids[0] + 1], "the dropped child's id went to the next transition")
    }
}
