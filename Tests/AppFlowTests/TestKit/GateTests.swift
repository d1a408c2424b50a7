import AppFlow
import AppFlowTesting
import Testing

/// `Gate` and `eventually`, as the test kit ships them.
@Suite(.timeLimit(.minutes(1)))
struct GateTests {
    @Test func aGateHoldsAFactoryUntilItOpens() async {
        let gate = Gate()
        let container = FlowContainer(initial: "splash", animation: .immediate)
        let switching = Task {
            await container.cycle {
                await gate.pass()
                return "home"
            }
        }
        #expect(await eventually { gate.waitingCount == 1 })
        #expect(await container.isTransitioning)
        gate.open()
        #expect(await switching.value == .completed)
    }

    @Test func anOpenGateLetsEveryLaterTaskThroughAtOnce() async {
        let gate = Gate()
        gate.open()
        await gate.pass()
        #expect(gate.waitingCount == 0)
    }

    @Test func eventuallyGivesUpAfterItsTimeout() async {
        let start = ContinuousClock.now
        #expect(await eventually(timeout: .milliseconds(50)) { false } == false)
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
