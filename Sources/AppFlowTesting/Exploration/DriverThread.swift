/// A thread of its own for the explorer's driver, which runs a scenario's jobs one at a
/// time and blocks between them: so that it never holds one of the cooperative pool's few
/// threads.
enum DriverThread {
    /// Runs `body` on a new thread and returns its result.
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            System.startThread { continuation.resume(returning: body()) }
        }
    }
}
