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
    /// **Ordering.** The hop ends as replaced in the same step on the container that puts
    /// the next child in place, before that transition's `willTransition` and hooks: from
    /// then on ``HopHandle/unhop(_:)`` returns `false`. Otherwise as for
    /// ``cycle(animation:policy:to:)``, as are re-entrance and ``finish()``.
    public nonisolated func hop<Value: Sendable>(
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil,
        to makeChild: @escaping @Sendable (HopHandle<Value>) async -> Child
    ) async -> HopResult<Value> {
        await hop(animation: animation, policy: policy, admission: nil, to: makeChild)
    }

    /// As ``hop(animation:policy:to:)``, provided `admission` still agrees: it is asked
    /// when the request arrives and when its turn comes, exactly as for
    /// ``cycle(animation:policy:admittedIf:to:)``. A refusal ends the hop with
    /// ``HopResult/notShown(_:)`` of ``TransitionResult/superseded``: its child is never
    /// made, so a superseded step of a launch sequence becomes a no-op.
    public nonisolated func hop<Value: Sendable>(
        animation: TransitionAnimation? = nil,
        policy: OverlapPolicy? = nil,
        admittedIf admission: @escaping @Sendable (FlowAdmissionCheck) -> Bool,
        to makeChild: @escaping @Sendable (HopHandle<Value>) async -> Child
    ) async -> HopResult<Value> {
        await hop(animation: animation, policy: policy, admission: Request.asking(admission), to: makeChild)
    }

    private nonisolated func hop<Value: Sendable>(
        animation: TransitionAnimation?,
        policy: OverlapPolicy?,
        admission: (@Sendable (FlowAdmissionPoint, Child) -> Bool)?,
        to makeChild: @escaping @Sendable (HopHandle<Value>) async -> Child
    ) async -> HopResult<Value> {
        let handle = HopHandle<Value>()
        let request = Request(
            source: .factory { _ in await makeChild(handle) },
            animation: animation ?? self.animation,
            admission: admission,
            // Weak: once the hop has returned, nothing needs its handle (nor the value it
            // holds) until the child leaves.
            onLeave: { [weak handle] in handle?.end(.replaced) }
        )
        let result = await cycle(request, policy: policy)
        guard result.didRun else {
            return .notShown(result)
        }
        return await withTaskCancellationHandler {
            await handle.wait()
        } onCancel: {
            handle.end(.cancelled)
        }
    }
}
