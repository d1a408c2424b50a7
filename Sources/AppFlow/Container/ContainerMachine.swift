/// How a waiting request is resumed.
///
/// Debug builds (where the tests run first) use checked continuations, which trap on a
/// second resume and report one that is never resumed. Release builds use unsafe ones,
/// which keep a waiting request's frames within its task's first allocator slab
/// (<doc:Performance>); the state machine hands each waiter out exactly once, which
/// `FlowStateMachineTests` and the exactly-once tests check in both builds.
#if DEBUG
typealias RequestWaiter = CheckedContinuation<RequestOutcome, Never>
#else
typealias RequestWaiter = UnsafeContinuation<RequestOutcome, Never>
#endif

/// The state machine as a ``FlowContainer`` keeps it: waiting callers are continuations.
/// Nothing here depends on the container's `Child`, so this code is not generic, and the
/// frames a waiting request keeps stay small.
typealias ContainerMachine = FlowStateMachine<RequestWaiter, CheckedContinuation<Void, Never>>

extension LockedValue where Value == ContainerMachine {
    /// Suspends until request `id` may run or has been resolved without running.
    ///
    /// The caller's cancellation resolves a request that is still waiting as
    /// ``TransitionResult/cancelled``; once its turn has come, cancellation changes nothing.
    func waitForTurn(_ id: UInt64) async -> RequestOutcome {
        await withTaskCancellationHandler {
            #if DEBUG
            await withCheckedContinuation { attach(id, $0) }
            #else
            await withUnsafeContinuation { attach(id, $0) }
            #endif
        } onCancel: {
            switch withLock({ $0.cancel(id) }) {
            case .none:
                break
            case .resume(let waiter):
                waiter.resume(returning: .resolved(.cancelled))
            }
        }
    }

    /// Hands the machine the waiter of request `id`, or resumes it at once if its outcome
    /// was decided before it suspended.
    private func attach(_ id: UInt64, _ waiter: RequestWaiter) {
        switch withLock({ $0.attach(id, waiter: waiter) }) {
        case .wait:
            break
        case .resume(let waiter, let outcome):
            waiter.resume(returning: outcome)
        }
    }
}
