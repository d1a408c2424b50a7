/// A custom animation strategy (<doc:ComingFromCLHoppingViewController> maps its transition blocks here).
///
/// The container runs ``animate(from:to:context:)`` in a task of its own, on its clock,
/// between the stage's mount and unmount. Report progress with
/// ``AnimationContext/report(_:)``; return when the animation is over.
///
/// The animation never decides whether the flow changes: if it throws, is cut short by
/// an ``OverlapPolicy/interrupt`` request or ``FlowContainer/finish()``, or overruns
/// ``duration`` by more than the container's watchdog margin, the new child is put in
/// place all the same and the call returns ``TransitionResult/interrupted``. When it is
/// cut short its task is cancelled; it should stop promptly, since the container does
/// not wait for it and it keeps `from` and `to` alive until it returns.
public protocol TransitionAnimator<Child>: Sendable {
    /// The kind of child this animator can animate.
    associatedtype Child: Sendable

    /// A short name, for logs and stages. Defaults to `"custom"`.
    var name: String { get }

    /// The nominal length. `nil` means unknown: the watchdog then never cuts it short.
    var duration: Duration? { get }

    /// Animates from `from` to `to`.
    ///
    /// **Ordering.** Called once per transition, after the stage's mount; it runs in a
    /// task of its own. **Cancellation.** That task is cancelled when the animation is cut
    /// short (an interrupting request, ``FlowContainer/finish()``, the watchdog); return or
    /// throw promptly then, since frames reported afterwards are dropped. **After
    /// `finish()`.** It is never called.
    func animate(from: Child, to: Child, context: AnimationContext) async throws
}

extension TransitionAnimator {
    /// `"custom"`.
    public var name: String { "custom" }
}

/// Thrown into observers' view when a custom animation meets a child of another type
/// than it was written for.
public struct AnimatorChildTypeMismatch: Error, CustomStringConvertible {
    /// The child type the animator expects.
    public let expected: String
    /// The child type the container holds.
    public let found: String

    /// What went wrong, in a sentence.
    public var description: String {
        "animator expects children of type \(expected) but the container holds \(found)"
    }
}
