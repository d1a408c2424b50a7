/// An authentication that may unlock an ``AuthFlow``, taken when its prompt is shown
/// (``AuthFlow/unlockAttempt()``), so that ``AuthFlow/unlock(_:animation:preparing:)`` can tell whether a
/// lock was called after the prompt appeared.
public struct AuthUnlockAttempt: Sendable, Hashable {
    /// How many calls had been made when the attempt began.
    let since: UInt64
}
