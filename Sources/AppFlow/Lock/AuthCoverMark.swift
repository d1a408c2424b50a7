/// One scene's record of the session child a cover keeps that owes its disappear hooks:
/// it heard ``FlowLifecycle/flowWillBeCovered()`` and has not come back. The scene's
/// screens share it; its decisions are ``CoverMarkMachine``'s, under a lock of its own.
final class AuthCoverMark: Sendable {
    private let mark = LockedValue(CoverMarkMachine(), role: .leaf)

    /// What the scene's screen of session epoch `epoch` does with `hook` in a transition
    /// that puts it under a cover of its own session or brings it back from one
    /// (``CoverMarkMachine/hear(_:epoch:)``).
    func hear(_ hook: FlowLifecycleHook, epoch: UInt64?) -> CoverMarkMachine.HookAction {
        mark.withLock { $0.hear(hook, epoch: epoch) }
    }

    /// Whether the child of session epoch `epoch` was under a cover; it is not any more.
    func take(_ epoch: UInt64?) -> Bool {
        mark.withLock { $0.take(epoch) }
    }
}

/// Which session child of a scene is under a cover and owes its disappear hooks: the
/// child goes under and comes back (``hear(_:epoch:)``, which also says what it does with
/// each hook), or is let go (``take(_:)``), each by its session epoch. A child of no session
/// (`nil`) never owes anything.
struct CoverMarkMachine: Sendable, Equatable {
    /// Whose hooks are owed.
    enum State: Sendable, Equatable {
        /// No child is under a cover.
        case clear
        /// The child of this session epoch is under a cover.
        case owed(epoch: UInt64)
    }

    private(set) var state: State = .clear

    /// What a session child's screen does with one hook of a transition that puts it under
    /// a cover of its own session or brings it back from one.
    enum HookAction: Sendable, Equatable {
        /// Forward the hook to the child as it is.
        case forward
        /// The child goes under the cover: it hears ``FlowLifecycle/flowWillBeCovered()``
        /// instead, and owes its disappear hooks from now on.
        case covered
        /// Nothing: the child is covered, not hidden, so it neither disappears nor appears.
        case skip
        /// The child comes back from under the cover: it hears
        /// ``FlowLifecycle/flowWasUncovered()`` instead, and its scene shows its session
        /// again.
        case uncovered
    }

    /// The screen of the child of session epoch `epoch` hears `hook` in a transition that
    /// puts it under a cover of its own session (the disappear hooks) or brings it back
    /// from one (the appear hooks). Going under, it is covered and owes its disappear hooks
    /// (a child of no session owes nothing); coming back, it is uncovered if it owed them,
    /// and a child that owed nothing (a screen the cover did not hide) hears its appear
    /// hooks as they are.
    mutating func hear(_ hook: FlowLifecycleHook, epoch: UInt64?) -> HookAction {
        switch hook {
        case .willDisappear:
            state = epoch.map { .owed(epoch: $0) } ?? .clear
            return .covered
        case .didDisappear:
            return .skip
        case .willAppear:
            return owes(epoch) ? .skip : .forward
        case .didAppear:
            return take(epoch) ? .uncovered : .forward
        }
    }

    /// Whether the child of session epoch `epoch` is under a cover.
    private func owes(_ epoch: UInt64?) -> Bool {
        guard let epoch else { return false }
        return state == .owed(epoch: epoch)
    }

    /// Whether the child of session epoch `epoch` was under a cover; it is not any more.
    mutating func take(_ epoch: UInt64?) -> Bool {
        guard owes(epoch) else { return false }
        state = .clear
        return true
    }
}
