/// One window's presenter of an ``AuthFlow``: its own container, stage and children,
/// following the session that the flow shares among all its scenes.
///
/// Get one from ``AuthFlow/attachScene(placeholder:stage:)`` (a window that connects) or
/// ``AuthFlow/scene`` (the scene the flow was made with), and end it with
/// ``AuthFlow/detach(_:)`` (the window closed). Every call on the flow runs in every
/// attached scene; see <doc:Flows> for the order of events across scenes.
public final class AuthScene<Provider: AuthFlowProvider>: Sendable {
    /// What the scene's container holds.
    public typealias Screen = AuthScreen<Provider.Session, Provider.Child>

    /// The scene's identity, as the provider's factories are told.
    public let id: AuthSceneID
    /// The container that shows this scene's children: use it for the scene's stage, a
    /// ``FlowModel``, or a `hop` within a phase.
    public let container: FlowContainer<Screen>
    /// The scene's gate, covered child and placement, under the scene's lock
    /// (``AuthSceneParts``).
    private let parts = LockedValue(AuthSceneParts<Screen, CheckedContinuation<Bool, Never>>(), role: .leaf)
    /// The session child under a cover that owes its disappear hooks, which the scene's
    /// screens keep.
    let coverMark = AuthCoverMark()
    /// The scene's arrival gate as it stands now, a copy: who is on the way to the
    /// container, and who waits.
    var gate: ArrivalGate<CheckedContinuation<Bool, Never>> {
        parts.withLock { $0.gate }
    }

    init(id: AuthSceneID, container: FlowContainer<Screen>) {
        self.id = id
        self.container = container
    }

    /// The phase this scene shows now (the destination once a transition has begun).
    ///
    /// It reads the container's child, waiting for the actor, never for a transition;
    /// cancellation does not affect it. After ``AuthFlow/detach(_:)`` or
    /// ``AuthFlow/finish()`` it keeps returning the last phase shown.
    public var phase: AuthPhase<Provider.Session> {
        get async { await container.child.phase }
    }

    /// Returns once the scene's first placement, decided when it was attached, has ended:
    /// the scene shows where the flow was (or was going) at that moment, or a later call
    /// took over. Returns at once for a scene that waited for a call instead.
    ///
    /// **Cancellation.** Cancelling the waiting task does not shorten the wait: the
    /// placement ends on its own, as any transition of the scene's container does.
    public func placed() async {
        await parts.withLock({ $0.placement })?.value
    }

    /// A new stream of this scene's login, logout and refresh events; as
    /// ``AuthFlow/events(bufferingPolicy:)``, for this scene's container. A scene's
    /// placement at attach is no call's transition and is not reported here; the
    /// container's events show it.
    public func events(
        bufferingPolicy: AsyncStream<AuthEvent<Provider.Session, Provider.Child>>.Continuation.BufferingPolicy =
            .unbounded
    ) -> AsyncStream<AuthEvent<Provider.Session, Provider.Child>> {
        AuthFlow<Provider>.authEvents(of: container, bufferingPolicy: bufferingPolicy)
    }

    /// Keeps `screen`, which cover lock `stamp` is about to hide, if it stands in a session
    /// of epoch `epoch`, unless a newer lock kept one already
    /// (``CoveredChildMachine/keep(_:at:screenEpoch:coverEpoch:by:)`` decides): the epoch,
    /// not the place, leaves out the release step's placeholder (it has none) and another
    /// session's child (it has another).
    func keepCovered(_ screen: Screen, ofEpoch epoch: UInt64?, by stamp: UInt64) {
        let replaced = parts.withLock {
            $0.cover.keep(
                screen,
                at: screen.place,
                screenEpoch: screen.sessionEpoch,
                coverEpoch: epoch,
                by: stamp
            )
        }
        // Whatever it replaced is dropped outside the lock: a child's deinit may run app code.
        _ = replaced
    }

    /// The screen kept by a cover lock, if it is of session epoch `epoch`.
    func covered(ofEpoch epoch: UInt64?) -> Screen? {
        parts.withLock { $0.cover.covered(ofEpoch: epoch) }
    }

    /// Lets the kept screen go if a lock older than call `stamp` kept it (call `stamp` ran
    /// in the scene and does not keep it), or whatever it is for `nil` (the scene has ended).
    ///
    /// Returns the released screen if its child is still under the cover (its session
    /// ended there): it owes the disappear hooks the cover spared it, the place to finish
    /// what it owns, and the caller runs them (``AuthScreen/flowWillDisappear()``, then
    /// ``AuthScreen/flowDidDisappear()``).
    func releaseCovered(keptBefore stamp: UInt64? = nil) -> Screen? {
        let released = parts.withLock { $0.cover.release(keptBefore: stamp) }
        // Dropped outside the lock: a child's deinit may run app code.
        guard let released, coverMark.take(released.epoch) else { return nil }
        return released.screen
    }

    /// Passes call `stamp` through the scene's arrival gate: `true` once it may go to the
    /// container, `false` if a newer call beat it there (the call ends). It waits
    /// only while another of the flow's requests is on its way, that is until the actor
    /// has taken that one in; cancellation does not shorten that short wait.
    func passGate(_ stamp: UInt64) async -> Bool {
        // A call that need not wait is resumed before it would suspend: it goes on in its
        // own job.
        await withCheckedContinuation { waiter in
            switch parts.withLock({ $0.gate.enter(stamp, waiter: waiter) }) {
            case .go: waiter.resume(returning: true)
            case .beaten: waiter.resume(returning: false)
            case .park(let displaced): displaced?.resume(returning: false)
            }
        }
    }

    /// The container has taken in request `stamp`: the newest call waiting goes on.
    func arrived(_ stamp: UInt64) {
        if case .release(let next) = parts.withLock({ $0.gate.arrived(stamp) }) {
            next.resume(returning: true)
        }
    }

    /// Keeps the task of the scene's first placement.
    func placing(_ task: Task<Void, Never>) {
        parts.withLock { $0.placement = task }
    }
}
