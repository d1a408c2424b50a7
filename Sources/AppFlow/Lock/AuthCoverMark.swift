/// One scene's record of the session child a cover keeps that owes its disappear hooks:
/// it heard ``FlowLifecycle/flowWillBeCovered()`` and has not come back. The scene's
/// screens share it; its decisions are ``CoverMarkMachine``'s, under a lock of its own.
final class AuthCoverMark: Sendable {
    private let mark = LockedValue(CoverMarkMachine())

    /// The child of session epoch `epoch` went under a cover.
    func owe(_ epoch: UInt64?) {
        mark.withLock { $0.owe(epoch) }
    }

    /// Whether the child of session epoch `epoch` is under a cover.
    func owes(_ epoch: UInt64?) -> Bool {
        mark.withLock { $0.owes(epoch) }
    }

    /// Whether the child of session epoch `epoch` was under a cover; it is not any more.
    func take(_ epoch: UInt64?) -> Bool {
        mark.withLock { $0.take(epoch) }
    }
}

/// Which session child of a scene is under a cover and owes its disappear hooks: the
/// child goes under (``owe(_:)``), comes back or is let go (``take(_:)``), each by its
/// session epoch. A child of no session (`nil`) never owes anything.
struct CoverMarkMachine: Sendable, Equatable {
    /// Whose hooks are owed.
    enum State: Sendable, Equatable {
        /// No child is under a cover.
        case clear
        /// The child of this session epoch is under a cover.
        case owed(epoch: UInt64)
    }

    private(set) var state: State = .clear

    /// The child of session epoch `epoch` went under a cover; a child of no session
    /// leaves nothing owed.
    mutating func owe(_ epoch: UInt64?) {
        state = epoch.map { .owed(epoch: $0) } ?? .clear
    }

    /// Whether the child of session epoch `epoch` is under a cover.
    func owes(_ epoch: UInt64?) -> Bool {
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
