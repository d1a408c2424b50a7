extension FlowContainer {
    /// Lets a sequence of states drive the container: the Gateway pattern.
    ///
    /// For each state that differs from the one before it, the container switches to
    /// `makeChild(state)` under latest-wins, so rapid churn collapses: a state overtaken by
    /// a newer one before its transition starts is skipped, and its child is never made.
    /// The last state always wins, even if the calls reach the container out of order.
    ///
    /// Returns when the sequence ends (after the last state's transition has returned) or
    /// throws; cancelling the calling task stops following and cancels the pending
    /// switch. After ``finish()`` every switch returns at once and the loop just drains
    /// the sequence.
    ///
    /// - Parameters:
    ///   - states: Any `AsyncSequence` of equatable states, e.g. a login status.
    ///   - animation: The animation of each switch; `nil` uses the container's default.
    ///   - makeChild: Makes the child for a state, only when its transition starts.
    public nonisolated func follow<States: AsyncSequence & Sendable>(
        _ states: States,
        animation: TransitionAnimation? = nil,
        child makeChild: @escaping @Sendable (States.Element) async -> Child
    ) async throws where States.Element: Equatable & Sendable {
        let latest = LockedValue<UInt64>(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            var previous: States.Element?
            var generation: UInt64 = 0
            for try await state in states {
                if let previous, previous == state { continue }
                previous = state
                generation += 1
                let mine = generation
                latest.withLock { $0 = mine }
                group.addTask {
                    await self.cycle(
                        animation: animation,
                        policy: .latestWins,
                        admittedIf: { _ in latest.withLock { $0 } == mine }
                    ) { await makeChild(state) }
                }
            }
            try await group.waitForAll()
        }
    }
}
