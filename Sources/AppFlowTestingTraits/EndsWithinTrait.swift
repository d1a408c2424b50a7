import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A trait that stops the test run when a test has not returned within a bound, so that a
/// broken guarantee fails the run with the test's name instead of hanging it.
///
/// Swift Testing's `.timeLimit` records a failure and cancels the test, but it still
/// waits for the test to return, and an await that ignores cancellation (a continuation
/// that a broken guarantee never resumes) never does. Prefer bounded waits in the test
/// itself (AppFlowTesting's `eventually(timeout:isolation:_:)` and
/// `Task.value(within:)`), which fail one expectation and let the run go on; this trait
/// is the backstop for the await that has none: it writes the test's name to standard
/// error and exits the process with status 1.
///
/// ```swift
/// @Suite(.endsWithin(.seconds(60)))
/// struct CheckoutFlowTests {
///     @Test func theCheckoutFlowEndsOnTheReceipt() async {
///         let container = FlowContainer(initial: "cart", animation: .immediate)
///         #expect(await container.cycle(to: "receipt") == .completed)
///     }
/// }
/// ```
///
/// **Cancellation.** The bound counts from the start of each test case, whatever happens
/// to its task; a test that returns in time leaves no trace.
public struct EndsWithinTrait: TestTrait, SuiteTrait, TestScoping {
    /// How long each test, or each case of a parameterized test, may run.
    public let limit: Duration

    /// A bound of `limit` on each test case; `.endsWithin(_:)` makes one.
    public init(limit: Duration) {
        self.limit = limit
    }

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs one test case, stopping the run if it has not returned within ``limit``.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        try await run(named: test.name, function)
    }

    /// Runs `body`, stopping the process if it has not returned within ``limit``.
    func run(named name: String, _ body: () async throws -> Void) async throws {
        let limit = self.limit
        let watchdog = Task {
            guard (try? await Task<Never, Never>.sleep(for: limit)) != nil else { return }
            let message = "\(name) did not end within \(limit): stopping the test run\n"
            _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(1)
        }
        defer { watchdog.cancel() }
        try await body()
    }
}

extension Trait where Self == EndsWithinTrait {
    /// Stops the run when a test has not returned within `limit`; see ``EndsWithinTrait``.
    public static func endsWithin(_ limit: Duration) -> Self {
        EndsWithinTrait(limit: limit)
    }
}
