/// The place where a ``FlowContainer`` shows its children: a container view controller's
/// view and containment calls, made pluggable.
///
/// For every transition the container calls, in this order and from one task:
/// ``mount(_:)`` once, ``progress(_:of:)`` for each frame (none for
/// ``TransitionAnimation/immediate``; the last one is `1`), then ``unmount(_:)`` once,
/// even when the animation was cut short. A slow stage slows only its own transition:
/// frames reported meanwhile are coalesced to the latest.
///
/// The initial child is not mounted by the container: show it when you set the stage up.
/// On Apple platforms a `@MainActor` type can conform; the container awaits each call.
///
/// **Ordering.** Calls of one transition never interleave with those of another, and
/// transitions reach the stage in the order they run. **Cancellation.** The calls run in
/// the task that runs the transition, which completes whatever happens to its caller, so
/// they are never cancelled. **After ``FlowContainer/finish()``.** A transition running
/// when `finish()` arrives still gets its last frame and its ``unmount(_:)``; nothing is
/// mounted afterwards.
public protocol FlowStage<Child>: Sendable {
    /// The kind of child shown.
    associatedtype Child: Sendable

    /// Adds `transition.to` beside `transition.from`, before the animation starts.
    func mount(_ transition: Transition<Child>) async
    /// Shows one progress frame, `fraction` in `0...1`.
    func progress(_ fraction: Double, of transition: Transition<Child>) async
    /// Removes `transition.from`, after the animation ended. `transition` carries its
    /// ``Transition/interruption``, as in ``FlowEvent/didTransition(_:)``: `nil` when the
    /// animation ran to its end, so a stage whose own animation runs beside the
    /// container's (a SwiftUI view's, see ``FlowViewModel``) knows whether to let it end.
    func unmount(_ transition: Transition<Child>) async
}

extension FlowStage {
    /// Does nothing.
    public func progress(_ fraction: Double, of transition: Transition<Child>) async {}
}
