/// Receives what a flow does, as it does it, for a trace: ``FlowTraceRecorder`` keeps the
/// events for a timeline, `FlowSignposts` shows them in Instruments.
///
/// Give one to ``AuthFlow/init(provider:splash:stage:clock:tracer:)``, or follow a
/// ``FlowContainer`` with ``FlowTraceRecorder/follow(_:track:)``. A flow without a tracer
/// checks for one where it would record and does nothing else.
///
/// **Ordering.** A flow records each event from the task that does the work, when it
/// does it: events of one call, and of one container, arrive in order; events of
/// different calls interleave as the calls do. `record(_:)` must not block.
public protocol FlowTracer: Sendable {
    /// Records `event`.
    func record(_ event: FlowTraceEvent)
}

/// One thing a flow did, for a trace.
public enum FlowTraceEvent: Sendable, Hashable {
    /// Call number `number` (its place in call order) began: `name` is the call with its
    /// argument, as `login(ann)`.
    case callBegan(number: UInt64, name: String)
    /// A scene's container asked whether call `number` may go on at `point` (its
    /// arrival, once its child is made…), and the flow answered; `point` is `gate` for a
    /// call a newer one beat at the scene's gate, before it reached the container.
    case admission(number: UInt64, scene: AuthSceneID, point: String, admitted: Bool)
    /// Call `number` began `work` in a scene: building a child, or preparing the child it
    /// replaces.
    case workBegan(number: UInt64, scene: AuthSceneID, work: FlowTraceWork)
    /// Call `number` ended `work` in a scene.
    case workEnded(number: UInt64, scene: AuthSceneID, work: FlowTraceWork)
    /// Call `number` returned `result`.
    case callEnded(number: UInt64, result: String)
    /// A transition began on the container of `track`: `name` says from what to what.
    case transitionBegan(track: String, id: TransitionID, name: String)
    /// A frame of the transition.
    case frame(track: String, id: TransitionID, fraction: Double)
    /// The transition ended; `interruption` says why it was cut short, if it was.
    case transitionEnded(track: String, id: TransitionID, interruption: String?)
    /// Intent `number` was opened (``AuthFlow/enqueue(_:for:in:switching:)``): `name`
    /// describes it.
    case intentOpened(number: UInt64, name: String)
    /// Intent `number` began to be delivered to the child of `scene`.
    case intentDelivering(number: UInt64, scene: AuthSceneID)
    /// Intent `number` ended with `result` (delivered, or dropped and why).
    case intentEnded(number: UInt64, result: String)
    /// Step `index` of a schedule the test kit's `ScheduleExplorer` ran: `label` says which
    /// task ran a job there, or where the manual clock moved because none could.
    case scheduleStep(index: Int, label: String)
}

/// What a call does in a scene besides its transition.
public enum FlowTraceWork: Sendable, Hashable {
    /// The provider builds the call's child.
    case child
    /// The provider prepares the child that leaves (`prepareToLeave`), or an unlock's
    /// own preparation runs.
    case preparation
}

extension FlowTraceEvent {
    /// The events of a container's `event`, on `track`.
    static func of<Child>(
        _ event: FlowEvent<Child>,
        track: String,
        describe: (Child) -> String
    ) -> FlowTraceEvent {
        switch event {
        case .willTransition(let transition):
            return .transitionBegan(
                track: track,
                id: transition.id,
                name: "\(transition.id) \(describe(transition.from)) → \(describe(transition.to))"
            )
        case .progress(let transition, let fraction):
            return .frame(track: track, id: transition.id, fraction: fraction)
        case .didTransition(let transition):
            return .transitionEnded(
                track: track,
                id: transition.id,
                interruption: transition.interruption.map { "\($0)" }
            )
        }
    }
}

extension FlowContainer {
    /// Records this container's transitions into `tracer` on `track`, naming children
    /// with `describe`, from now until the container finishes, in a task of its own.
    @discardableResult
    nonisolated func traceTransitions(
        into tracer: any FlowTracer,
        track: String,
        describe: @escaping @Sendable (Child) -> String = { "\($0)" }
    ) -> Task<Void, Never> {
        let events = events()
        return Task.explorable("trace forwarder") {
            for await event in events {
                tracer.record(.of(event, track: track, describe: describe))
            }
        }
    }
}
