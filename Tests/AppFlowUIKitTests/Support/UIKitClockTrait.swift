#if os(Linux)
import AppFlowTesting
import Testing
import UIKitStandIn

/// Runs each test of a suite with UIKit's animations on a manual clock that the test
/// never advances: an animator stays active until the host stops it, so a test can read
/// it mid-switch however loaded the machine. For suites that present no animated
/// controller, whose presentation would then never end.
struct UIKitAnimationsHeldTrait: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        try await UIKitTiming.$clock.withValue(ManualClock()) {
            try await function()
        }
    }
}

extension Trait where Self == UIKitAnimationsHeldTrait {
    /// UIKit's animations never end by themselves in this suite (``UIKitAnimationsHeldTrait``).
    static var uikitAnimationsHeld: Self { Self() }
}
#endif
