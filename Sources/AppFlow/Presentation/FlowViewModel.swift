#if canImport(Observation)
import Observation

/// The stage of a flow shown by a SwiftUI view: the container mounts each transition on
/// it, the view (`FlowView`) animates the switch with SwiftUI, and the container's
/// transition ends when the view's animation completed.
///
/// Make it before the flow, and give it as the flow's stage: one model per container, so
/// one per `AuthFlow` scene.
///
/// ```swift
/// let model = FlowViewModel(initial: Screen.splash)
/// let container = FlowContainer(initial: Screen.splash, stage: model)
/// ```
///
/// (Compiled in `FlowViewModelTests`.) The view draws ``layers(reduceMotion:)`` (during a
/// switch, the outgoing and the incoming child, each with its opacity and offset), calls
/// ``viewAnimating(_:)`` inside `withAnimation` when ``frame`` changes, and reports
/// ``viewAppeared()``, ``viewDisappeared()`` and ``viewCompleted(_:)``; every decision is
/// the model's, so the view only maps values to SwiftUI. `FlowView`, in the
/// `AppFlowSwiftUI` product, is that view.
///
/// **Ordering.** ``frame`` changes once per transition, at its mount, in the order
/// transitions run, with identities that only grow: a view never goes back to an older
/// child. A transition's unmount returns when the view reported the completion of its
/// frame's animation; at once when the transition was cut short, when SwiftUI does not
/// animate it (``FlowViewAnimation/duration`` is `nil`), or while no view shows the
/// model; and at the latest `margin` after the animation's length, on `clock`.
/// **Cancellation.** The container's calls are never cancelled. **After
/// `FlowContainer.finish()`.** The frame shown stays; nothing is mounted any more.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class FlowViewModel<Child: Sendable>: FlowStage {
    /// The newest frame: the one in front, and the only one once a switch settled.
    public private(set) var frame: FlowViewFrame<Child>
    /// The frames on screen and how each is drawn.
    private var stack: FlowViewLayers<Child>

    @ObservationIgnored private var machine: FlowViewStateMachine<Child>
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let margin: Duration
    /// The unmount waiting for the view, and the task that ends it at its limit.
    @ObservationIgnored private var waiter: CheckedContinuation<Void, Never>?
    @ObservationIgnored private var limit: Task<Void, Never>?

    /// A model showing `initial`, the container's initial child, until the first
    /// transition.
    ///
    /// - Parameters:
    ///   - initial: The container's initial child.
    ///   - clock: The clock the waits' limits run on; the flow's clock in tests.
    ///   - margin: How long past an animation's length an unmount waits for the view.
    public init(initial: Child, clock: any Clock<Duration> = ContinuousClock(), margin: Duration = .seconds(1)) {
        let machine = FlowViewStateMachine(initial: initial)
        self.machine = machine
        frame = machine.frame
        stack = FlowViewLayers(initial: machine.frame)
        self.clock = clock
        self.margin = margin
    }

    /// Shows `transition.to`, with a new identity. The container calls it.
    public func mount(_ transition: Transition<Child>) async {
        machine.mounted(transition.id, to: transition.to, animation: transition.animation)
        frame = machine.frame
        stack.mounted(machine.frame, relation: Self.relation(of: transition.to, kept: stack.keptChild))
    }

    /// Returns once the view's animation completed, or as the type's summary says. The
    /// container calls it.
    public func unmount(_ transition: Transition<Child>) async {
        let action = machine.unmounting(transition.id, interrupted: transition.wasInterrupted, margin: margin)
        defer {
            // A switch settles when its transition ends; one cut short by a newer request
            // keeps its frames until that request's switch settles.
            if !Self.isOverlap(transition.interruption), frame.transition == transition.id {
                stack.settled(frame.identity)
            }
        }
        guard case .wait(let length) = action else { return }
        precondition(waiter == nil, "A FlowViewModel is the stage of one container; this one has two")
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            waiter = resume
            limit = Task { [clock, weak self] in
                try? await Self.sleep(on: clock, for: length)
                guard !Task.isCancelled else { return }
                self?.perform(self?.machine.limitReached(transition.id))
            }
        }
    }

    /// The view's animation to the frame `identity` completed: call it from
    /// `withAnimation`'s completion. A report for an older frame does nothing.
    public func viewCompleted(_ identity: FlowViewIdentity) {
        stack.settled(identity)
        perform(machine.viewCompleted(identity))
    }

    /// The view animates the switch to the frame `identity`: call it inside
    /// `withAnimation`, so that the layers' move from their start to their end values is
    /// animated. A report for an older frame does nothing.
    public func viewAnimating(_ identity: FlowViewIdentity) {
        stack.viewAnimating(identity)
    }

    /// The frames to draw, back to front, each with its opacity and offset; see
    /// ``FlowViewLayer``. During a switch the outgoing frames are behind the newest one;
    /// settled, there is only ``frame``, opaque and in place. `reduceMotion` is the
    /// view's Reduce Motion setting (a slide becomes a cross-dissolve).
    public func layers(reduceMotion: Bool) -> [FlowViewLayer<Child>] {
        stack.layers(reduceMotion: reduceMotion)
    }

    /// A view began to show the model: call it from `onAppear`.
    public func viewAppeared() {
        // A view that appears draws the newest frame as it is, with nothing to animate.
        if machine.views == 0 { stack.settled(frame.identity) }
        perform(machine.viewsChanged(by: 1))
    }

    /// A view stopped showing the model: call it from `onDisappear`. With no view left, a
    /// transition waiting for one ends.
    public func viewDisappeared() {
        perform(machine.viewsChanged(by: -1))
    }

    private func perform(_ action: FlowViewStateMachine<Child>.EndAction?) {
        // The machine ends only the wait it started: the one `waiter` holds.
        guard case .end = action, let waiter else { return }
        self.waiter = nil
        limit?.cancel()
        limit = nil
        waiter.resume()
    }

    /// How `child` stands to `kept`, the child a cover keeps (``FlowCovering``).
    private static func relation(of child: Child, kept: Child?) -> FlowViewLayers<Child>.Relation {
        guard let covering = child as? any FlowCovering else { return .replaces }
        if covering.coversSession { return .covers }
        if let kept, covering.returns(toAny: kept) { return .returns }
        return .replaces
    }

    /// Whether `interruption` is a newer request's: only then does another mount follow.
    private static func isOverlap(_ interruption: TransitionInterruption?) -> Bool {
        if case .overlap = interruption { return true }
        return false
    }

    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
#endif
