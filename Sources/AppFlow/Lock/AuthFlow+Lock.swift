// App lock over a live session: `lock` hides the session behind the provider's lock screen,
// `unlock` shows it again, both in call order like login and logout.

extension AuthFlow {
    /// Locks the session shown: every scene shows the provider's
    /// ``AuthFlowProvider/makeLockScreen(for:in:)`` over it, and no child of the session is
    /// shown or announced until an unlock called after this lock has completed.
    ///
    /// `style` (else ``AuthFlowConfiguration/lockStyle``) says whether the session's
    /// children stay alive behind the lock screen (``AuthLockStyle/cover``) or are released,
    /// with the session's services (``AuthLockStyle/teardown``).
    ///
    /// **Ordering.** Takes its place in call order the moment it is called, as a logout
    /// does: every login, refresh and unlock called before it is superseded, a factory already
    /// making a logged-in child is cancelled. It locks the session the flow is in when it is
    /// called; with none (logged out, the splash, or already locked) it returns
    /// ``AuthResult/unchanged`` and, having superseded the calls before it, leaves the flow
    /// where it is.
    ///
    /// **During a start.** Called while the newest call is a ``start(animation:)`` that
    /// has not begun (its provider still answering), it joins that start instead: the
    /// start lands on the lock screen if it lands in a session, nothing of the session is
    /// built, and this call returns when the start does (``AuthResult/unchanged`` if there
    /// was nothing to lock, ``AuthResult/superseded`` if a call that joined after it took
    /// the start elsewhere). A start that never began passes the lock on to the next start.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/logoutAnimation``.
    ///
    /// **Cancellation and after ``finish()``.** As ``logout(_:animation:)``: cancelled before
    /// its transition starts it returns ``AuthResult/cancelled``, and the calls before it stay
    /// superseded. One that joined a start waits for that start whatever happens to its own task,
    /// as a joined logout does; after ``finish()`` it joins nothing.
    @discardableResult
    public func lock(_ style: AuthLockStyle? = nil, animation: TransitionAnimation? = nil) async -> AuthResult {
        await place(Machine.call(for: .lock(style), configuration), animation: animation)
    }

    /// Unlocks the locked session: every scene shows the session again, the child a cover
    /// lock kept as it was (a scene that kept none, and every scene after a teardown lock,
    /// builds it anew, with new services).
    ///
    /// **Ordering.** Takes its place in call order like a login: a later lock, logout or
    /// login supersedes it. It unlocks the session locked when it is called; with none it
    /// returns ``AuthResult/unchanged``. Called while the newest call is a start that has not
    /// begun, it joins that start and unlocks what the start would land locked (a lock joined
    /// before it, or the provider's ``AuthInitialState/locked(_:)``); it returns when the
    /// start does, ``AuthResult/unchanged`` if there was nothing to unlock, and `preparing`
    /// does not run. To tell an authentication answered after a newer lock was
    /// called (the user left the app and came back), take an ``unlockAttempt()`` when the
    /// prompt appears and unlock with ``unlock(_:animation:preparing:)``.
    ///
    /// **Animation.** `animation`, else ``AuthFlowConfiguration/loginAnimation``; its
    /// events show as a login with ``AuthCall/unlock``.
    ///
    /// **Cancellation and after ``finish()``.** As ``login(_:animation:)``.
    /// `preparing`, if given, is the app's own work before the session shows again
    /// (clearing data on return, as browsers with auto-clear do): it runs once the unlock
    /// has taken its place, with the lock screen still shown, and a lock called meanwhile
    /// supersedes the unlock, which then returns ``AuthResult/superseded``. An unlock with
    /// nothing to unlock runs none.
    @discardableResult
    public func unlock(
        animation: TransitionAnimation? = nil,
        preparing: (@Sendable () async -> Void)? = nil
    ) async -> AuthResult {
        await unlock(since: nil, animation: animation, preparing: preparing)
    }

    /// Begins an authentication that may unlock the flow: take it when the Face ID or
    /// passcode prompt appears. It takes no place in call order.
    public func unlockAttempt() -> AuthUnlockAttempt {
        AuthUnlockAttempt(since: callCount)
    }

    /// Unlocks with an authentication that began at `attempt`: as ``unlock(animation:preparing:)``,
    /// except that if a lock was called after the attempt began it returns
    /// ``AuthResult/superseded`` at once, takes no place in call order, and the newer lock
    /// needs an authentication of its own.
    @discardableResult
    public func unlock(
        _ attempt: AuthUnlockAttempt,
        animation: TransitionAnimation? = nil,
        preparing: (@Sendable () async -> Void)? = nil
    ) async -> AuthResult {
        await unlock(since: attempt.since, animation: animation, preparing: preparing)
    }

    private func unlock(
        since: UInt64?,
        animation: TransitionAnimation?,
        preparing: (@Sendable () async -> Void)?
    ) async -> AuthResult {
        await place(.unlock(since: since), animation: animation, preparing: preparing)
    }

    /// A lock made only if the machine allows an auto-lock in the step that would take its
    /// place (``AutoLock``); otherwise ``AuthResult/unchanged``, with no place taken.
    func autoLock(_ style: AuthLockStyle?) async -> AuthResult {
        let call = Machine.call(for: .lock(style), configuration)
        switch stampCall(call, when: { $0.allowsAutoLock }, launching: Launching(animation: nil)) {
        case .stamp(let stamp, let launched): return await run(stamp, call, animation: nil, launched: launched)
        case .resolved(let result): return result
        }
    }

    /// Shows the privacy cover over the session in every scene, without animation, from
    /// `sceneWillResignActive(_:)`: the app switcher's snapshot shows nothing of the session.
    /// It returns once every scene shows it. Use ``request(_:animation:)`` with
    /// ``AuthRequest/cover`` to place it from synchronous code.
    ///
    /// The session's children stay alive behind it, as behind a cover lock, and
    /// ``uncover(preparing:)`` shows them again; no authentication is needed, unless a lock
    /// was called after the cover.
    ///
    /// **Ordering.** Takes its place in call order like a lock: it supersedes every login,
    /// refresh, unlock and uncover called before it. With no session shown (logged out,
    /// locked, already covered) it returns ``AuthResult/unchanged``. A lock called while
    /// covered replaces the cover with the lock screen.
    ///
    /// **During a start.** Called while the newest call is a ``start(animation:)`` that
    /// has not begun (restoring the session as the app goes inactive at launch), it joins
    /// that start: the start lands under the cover if it lands in a session, and nothing of
    /// the session is built or shown before an uncover. It returns when the start does
    /// (``AuthResult/unchanged`` if the start landed logged out or locked,
    /// ``AuthResult/superseded`` if an uncover or a lock joined after it). A start that never
    /// began passes the cover on to the next start.
    ///
    /// **Cancellation and after ``finish()``.** As ``lock(_:animation:)``.
    @discardableResult
    public func cover() async -> AuthResult {
        await place(.lock(.privacy), animation: nil)
    }

    /// Takes the privacy cover away, without animation (from `sceneDidBecomeActive(_:)`):
    /// every scene shows the session's child it hid again.
    ///
    /// **Ordering.** If a lock was called after the cover, it returns
    /// ``AuthResult/unchanged`` at once and takes no place in call order: the lock stays
    /// until an unlock. Otherwise it takes its place like an unlock, and returns
    /// ``AuthResult/unchanged`` if nothing is covered. `preparing` runs first, as for
    /// ``unlock(animation:preparing:)``, with the cover still shown; a lock or a cover called
    /// meanwhile wins. Called while the newest call is a start that has not begun, it joins
    /// that start and lifts a cover joined before it; it returns when the start does,
    /// ``AuthResult/unchanged`` if there was nothing to uncover, and `preparing` does not run.
    ///
    /// **Cancellation and after ``finish()``.** As ``unlock(animation:preparing:)``.
    @discardableResult
    public func uncover(preparing: (@Sendable () async -> Void)? = nil) async -> AuthResult {
        await place(.uncover, animation: nil, preparing: preparing)
    }
}
