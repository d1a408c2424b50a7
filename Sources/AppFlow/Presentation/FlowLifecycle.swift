/// Appearance hooks for children that want them, in UIKit's order.
///
/// When a child conforms, the container calls, for each transition:
/// `from.flowWillDisappear()`, `to.flowWillAppear()`, the stage's mount, the animation,
/// the stage's unmount, `from.flowDidDisappear()`, `to.flowDidAppear()`.
/// The calls are always balanced: every `will` is followed by exactly one `did`, even
/// when the animation is cut short or throws. All four default to doing nothing.
///
/// The initial child gets no appearance calls: it is in place before the container exists.
/// When the container finishes, the child in place gets `flowWillDisappear` and
/// `flowDidDisappear`: the place to finish a nested container the child owns.
///
/// **Ordering.** The hooks of one transition never interleave with those of another.
/// **Cancellation.** They run in the task that runs the transition, which is never
/// cancelled by its caller. **After ``FlowContainer/finish()``.** The disappear hooks
/// above are the last calls a child gets.
public protocol FlowLifecycle: Sendable {
    /// The child is about to be shown.
    func flowWillAppear() async
    /// The child is shown.
    func flowDidAppear() async
    /// The child is about to be hidden.
    func flowWillDisappear() async
    /// The child is hidden; the container lets go of it after this.
    func flowDidDisappear() async
    /// A cover (an ``AuthFlow``'s privacy cover or cover-style lock) is about to hide the
    /// child, which stays alive under it: it gets this instead of the disappear hooks, and
    /// ``flowWasUncovered()`` or, if the session ends under the cover, the disappear hooks
    /// later.
    func flowWillBeCovered() async
    /// The cover has gone and the child shows again, as it was: it gets this instead of
    /// the appear hooks.
    func flowWasUncovered() async
}

extension FlowLifecycle {
    /// Does nothing.
    public func flowWillAppear() async {}
    /// Does nothing.
    public func flowDidAppear() async {}
    /// Does nothing.
    public func flowWillDisappear() async {}
    /// Does nothing.
    public func flowDidDisappear() async {}
    /// Does nothing.
    public func flowWillBeCovered() async {}
    /// Does nothing.
    public func flowWasUncovered() async {}
}

/// One of ``FlowLifecycle``'s four hooks of a transition.
enum FlowLifecycleHook: Sendable {
    case willAppear, didAppear, willDisappear, didDisappear
}

/// A child whose hooks depend on the transition's other child: ``AuthScreen``, whose
/// session child a cover keeps rather than hides. The container calls this instead of the
/// four hooks during a transition (not when it finishes).
protocol PairedFlowLifecycle: FlowLifecycle {
    /// Runs `hook`; `other` is the transition's other child.
    func flowHook(_ hook: FlowLifecycleHook, beside other: Any) async
}
