import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `Gate`, `eventually` and `Task.value(within:)`, as the test kit ships them.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
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
        #expect(await switching.value(within: .seconds(10)) == .completed)
    }

    @Test func anOpenGateLetsEveryLaterTaskThroughAtOnce() async {
        let gate = Gate()
        gate.open()
        await gate.pass()
        #expect(gate.waitingCount == 0)
    }

    @Test func eventuallyGivesUpAfterItsTimeout() async {
        // Returning at all, and false, is the guarantee; how long it took is not timed
        // here (a loaded machine or a sanitizer can starve the poll for seconds).
        #expect(await eventually(timeout: .milliseconds(50)) { false } == false)
    }

    @Test func aTaskValueComesBackWithinItsTimeout() async {
        let container = FlowContainer(initial: "splash", animation: .immediate)
        let switching = Task { await container.cycle(to: "home") }
        #expect(await switching.value(within: .seconds(10)) == .completed)
    }

    @Test func aTaskThatNeverEndsGivesNilAfterTheTimeout() async {
        let gate = Gate()
        let stuck = Task { await gate.pass() }
        #expect(await stuck.value(within: .milliseconds(50)) == nil)
        gate.open()
        #expect(await stuck.value(within: .seconds(10)) != nil)
    }

    @Test func aCancelledWaiterStopsWaitingAndGetsNil() async {
        let gate = Gate()
        let stuck = Task { await gate.pass() }
        let waiter = Task { await stuck.value(within: .seconds(60)) == nil }
        waiter.cancel()
        #expect(await waiter.value(within: .seconds(10)) == true)
        gate.open()
    }
}
