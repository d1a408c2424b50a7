/// The decisions of a ``FlowViewModel``: which frame a view shows, and when the
/// container's transition may end, given that a SwiftUI view animates the switch beside
/// the container's own animation.
///
/// A transition may end (its stage's `unmount` returns) once the view reported that its
/// animation completed, at once when the transition was cut short (a newer request
/// interrupted it, `finish()`, the container's watchdog), when SwiftUI does not animate it,
/// or when no view shows the model (or one appeared after the mount, drawing the frame as
/// it is); otherwise the unmount waits, for at most the animation's length and a margin
/// (the model's own watchdog).
///
/// Invariants, checked by ``invariantViolations()`` after every step in the tests:
/// 1. An unmount waits only for the transition of the frame shown.
/// 2. A completion reported early belongs to the frame shown.
/// 3. An unmount never waits while no view shows the model.
/// 4. Identities only grow: a frame never goes back to an older one.
struct FlowViewStateMachine<Child> {
    /// What the view shows.
    private(set) var frame: FlowViewFrame<Child>
    /// The transition whose unmount waits for the view.
    private(set) var waiting: TransitionID?
    /// The transition whose view animation completed before its unmount came.
    private(set) var completedEarly: TransitionID?
    /// How many views show the model.
    private(set) var views = 0
    /// The highest identity given so far.
    private var lastIdentity: UInt64

    init(initial: Child) {
        frame = FlowViewFrame(
            child: initial,
            identity: FlowViewIdentity(rawValue: 0),
            animation: .immediate,
            transition: nil
        )
        lastIdentity = 0
    }

    /// What an unmount does.
    enum UnmountAction: Equatable {
        /// The transition ends now.
        case endNow
        /// The transition ends when the view reports, or after `limit`.
        case wait(limit: Duration)
    }

    /// What a report (the view's, or the limit) does.
    enum EndAction: Equatable {
        /// Nothing waits for it.
        case none
        /// The waiting unmount of `transition` returns.
        case end(TransitionID)
    }

    /// A transition was mounted: the view shows its child, with a new identity.
    mutating func mounted(_ transition: TransitionID, to child: Child, animation: TransitionAnimation) {
        lastIdentity += 1
        frame = FlowViewFrame(
            child: child,
            identity: FlowViewIdentity(rawValue: lastIdentity),
            animation: animation,
            transition: transition
        )
        completedEarly = nil
    }

    /// The transition's unmount came: whether it waits for the view.
    mutating func unmounting(_ transition: TransitionID, interrupted: Bool, margin: Duration) -> UnmountAction {
        let animation = FlowViewAnimation(frame.animation, reduceMotion: false)
        guard
            !interrupted, views > 0, frame.transition == transition, completedEarly != transition,
            let duration = animation.duration
        else {
            completedEarly = nil
            return .endNow
        }
        waiting = transition
        return .wait(limit: animation.delay + duration + margin)
    }

    /// The view reported that its animation to the frame `identity` completed.
    mutating func viewCompleted(_ identity: FlowViewIdentity) -> EndAction {
        guard identity == frame.identity, let transition = frame.transition else { return .none }
        if waiting == transition {
            waiting = nil
            return .end(transition)
        }
        completedEarly = transition
        return .none
    }

    /// The limit of `transition`'s wait passed.
    mutating func limitReached(_ transition: TransitionID) -> EndAction {
        guard waiting == transition else { return .none }
        waiting = nil
        return .end(transition)
    }

    /// A view began or stopped showing the model. When the last one goes, a waiting
    /// unmount ends: nobody will report.
    mutating func viewsChanged(by delta: Int) -> EndAction {
        if views == 0, delta > 0, let transition = frame.transition {
            // A view that appears draws the frame as it is, with no animation to wait for.
            completedEarly = transition
        }
        views = max(0, views + delta)
        guard views == 0, let transition = waiting else { return .none }
        waiting = nil
        return .end(transition)
    }

    /// The invariants this machine breaks, if any.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        if let waiting, waiting != frame.transition {
            violations.append("1: waits for \(waiting), shows \(String(describing: frame.transition))")
        }
        if let completedEarly, completedEarly != frame.transition {
            violations.append("2: early completion of \(completedEarly)")
        }
        if waiting != nil && views == 0 { violations.append("3: waits with no view") }
        if frame.identity.rawValue != lastIdentity {
            violations.append("4: identity \(frame.identity) after \(lastIdentity)")
        }
        return violations
    }
}
