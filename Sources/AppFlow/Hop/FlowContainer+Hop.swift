extension FlowContainer {
    /// Shows a child and suspends until it hands control back: CLHoppingViewController's
    /// `hop(to:then:)` as straight-line async code.
    ///
    /// ```swift
    /// let session = await container.hop { .hopping(HoppingScreen("login", handle: $0)) }.value ?? "guest"
    /// ```
    ///
    /// `makeChild` gets the ``HopHandle`` the child calls ``HopHandle/unhop(_:)`` on. It is
    /// called only when the transition starts, as for a lazy `cycle`.
    ///
    /// - Returns: ``HopResult/returned(_:)`` with the value the child handed back (even if
    ///   it did so during the animation); ``HopResult/replaced`` if another transition
    ///   began, or the container finished, first; ``HopResult/notShown(_:)`` if the
    ///   request never ran (superseded, rejected, cancelled);
    ///   ``HopResult/cancelled`` if the hopping task was cancelled while the child was
    ///   shown (the child stays in place).
    ///
    /// Ordering, re-entrance and ``finish()`` are as for ``cycle(animation:policy:to:)``.
    public nonisolated func hop<Value: Sendable>(
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil,
        to makeChild: @escaping @Sendable (HopHandle<Value>) async -> Child
    ) async -> HopResult<Value> {
        let handle = HopHandle<Value>()
        // Subscribed before the request, so that no later transition can be missed.
        let events = self.events(bufferingPolicy: .bufferingNewest(64))
        let shown = LockedValue<TransitionID?>(nil)
        let result = await cycle(
            animation: animation,
            policy: policy,
            identifiedFactory: { id in
                shown.withLock { $0 = id }
                return await makeChild(handle)
            }
        )
        guard result.didRun, let id = shown.withLock({ $0 }) else {
            return .notShown(result)
        }
        let watcher = Task {
            for await event in events {
                // Any event of a later transition will do: with a bounded buffer its will
                // may have been dropped, its frames or did not.
                if event.transition.id > id { break }
            }
            handle.end(.replaced)  // a later transition began, or the container finished
        }
        let outcome = await withTaskCancellationHandler {
            await handle.wait()
        } onCancel: {
            handle.end(.cancelled)
        }
        watcher.cancel()
        return outcome
    }
}
