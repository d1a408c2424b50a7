import AppFlow
import AppFlowTesting
import Testing

@testable import AppFlowTestingTraits

/// The example of `EndsWithinTrait`: a suite whose tests stop the run if they hang.
@Suite(.endsWithin(.seconds(60)))
struct CheckoutFlowTests {
    @Test func theCheckoutFlowEndsOnTheReceipt() async {
        let container = FlowContainer(initial: "cart", animation: .immediate)
        #expect(await container.cycle(to: "receipt") == .completed)
    }
}

/// A test that never returns stops the run with its name: checked in a child process.
@Suite(.timeLimit(.minutes(1)))
struct EndsWithinTests {
    @Test func aTestThatNeverReturnsStopsTheRunWithItsName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try? await EndsWithinTrait(limit: .milliseconds(200)).run(named: "hanging()") {
                await Gate().pass()  // never returns
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("hanging() did not end within 0.2 seconds"))
    }
}
