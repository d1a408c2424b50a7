extension FlowContainer {
    /// Lets a sequence of states drive the container: the Gateway pattern.
    ///
    /// For each state that differs from the one before it, the container switches to
    /// `makeChild(state)` under latest-wins, so rapid churn collapses: a state overtaken by
    /// a newer one before its transition starts is skipped, and its child is never made.
    /// The last state always wins, even if the calls reach the container out of order:
    /// each state takes its place in the container's call order when the sequence yields
    /// it, and a request of an older state that arrives, or whose turn comes, after a
    /// newer state was taken (by this or any other `follow` on the container) returns
    /// ``TransitionResult/superseded`` without running.
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
        let animation = animation ?? self.animation
        try await withThrowingTaskGroup(of: Void.self) { group in
            var read = FollowedValues<States.Element>()
            for try await state in states where read.read(state) {
                let stamp = machine.withLock { $0.stampCall() }
                let request = Request(
                    source: .factory { _ in await makeChild(state) },
                    animation: animation,
                    stamp: stamp
                )
                group.addTask {
                    _ = await self.cycle(request, policy: .latestWins)
                }
            }
            try await group.waitForAll()
        }
    }
}
