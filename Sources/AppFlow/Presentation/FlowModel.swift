#if canImport(Observation)
import Observation

/// An `@Observable` mirror of a ``FlowContainer`` for SwiftUI: a root view can simply
/// `switch` on ``child``.
///
/// It follows the container's event stream on the main actor: ``child`` changes once per
/// transition, at its `willTransition`, in order; ``isTransitioning`` and ``progress``
/// follow the frames. It holds the container only through that stream: drop the model
/// and its subscription ends; it never keeps the container alive.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class FlowModel<Child: Sendable> {
    /// The child shown, or being shown by the running transition.
    public private(set) var child: Child
    /// Whether a transition runs.
    public private(set) var isTransitioning = false
    /// The running transition's progress in `0...1`; `nil` when none runs.
    public private(set) var progress: Double?
    /// The id of the transition that began last.
    public private(set) var transitionID: TransitionID?

    @ObservationIgnored private var follower: Task<Void, Never>?
    /// The transition that placed the child read at the start: the events of older ones,
    /// delivered because the model subscribed before reading, are ignored.
    @ObservationIgnored private var startedAfter: TransitionID?

    /// A model mirroring `container` from now on, made synchronously, so that a view can
    /// hold one from the start: `@State var model = FlowModel(mirroring: container)`.
    ///
    /// It subscribes first and then reads the child in place without awaiting the actor,
    /// so no transition that begins later is missed, and ignores the events of the
    /// transitions that began before the child it read, so it never goes back to an older
    /// child. Made after ``FlowContainer/finish()``,
    /// it shows the last child and never changes again; a model that is following when
    /// the container finishes keeps its last state.
    public init(mirroring container: FlowContainer<Child>) {
        let events = container.events()
        (child, startedAfter) = container.currentChildAndTransition
        follower = follow(events)
    }

    /// A model mirroring `container` from now on; as the synchronous
    /// ``init(mirroring:)``. Async code gets this one (Swift prefers the async overload
    /// there); it waits for the actor to read the child.
    ///
    /// It subscribes first and then reads the child in place, as the synchronous one
    /// does, never waiting for a transition. Cancelling the caller changes nothing.
    public init(mirroring container: FlowContainer<Child>) async {
        let events = container.events()
        (child, startedAfter) = container.currentChildAndTransition
        follower = follow(events)
    }

    private func follow(_ events: AsyncStream<FlowEvent<Child>>) -> Task<Void, Never> {
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.apply(event)
            }
        }
    }

    isolated deinit {
        follower?.cancel()
    }

    func apply(_ event: FlowEvent<Child>) {
        if let startedAfter, event.transition.id < startedAfter {
            return
        }
        switch event {
        case .willTransition(let transition):
            child = transition.to
            transitionID = transition.id
            isTransitioning = true
            progress = 0
        case .progress(_, let fraction):
            progress = fraction
        case .didTransition:
            isTransitioning = false
            progress = nil
        }
    }
}

extension FlowContainer {
    /// ``currentChild`` with the newest transition begun (`nil` before the first), read in
    /// one step under the machine's lock: an observer that subscribed first ignores the
    /// events of older transitions, which would take it back. The transition is never
    /// older than the one that placed the child (its id is issued before the child is
    /// placed, in the same step on the in-place path), so only events that would take
    /// the observer back are older.
    nonisolated var currentChildAndTransition: (child: Child, transition: TransitionID?) {
        // Lock order: the machine's, then the child snapshot's.
        machine.withLock { machine in
            let last = machine.lastTransitionID
            return (shownChild.withLock { $0 }, last == 0 ? nil : TransitionID(rawValue: last))
        }
    }
}
#endif
