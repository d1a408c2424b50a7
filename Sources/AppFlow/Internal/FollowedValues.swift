/// What a `follow` loop reads from its sequence, a pure state machine: a value that
/// differs from the one read before it is a change to make; a repeat is skipped, so that
/// it builds nothing. ``FlowContainer/follow(_:animation:child:)`` and
/// ``AuthFlow/follow(_:animation:)`` both read through it.
struct FollowedValues<Value: Equatable> {
    /// What the loop has read.
    enum State {
        /// Nothing yet: the first value is a change.
        case empty
        /// The value read last.
        case read(Value)
    }

    private(set) var state = State.empty

    /// `value` is read: returns whether it is a change, and keeps it if so.
    mutating func read(_ value: Value) -> Bool {
        if case .read(let last) = state, last == value { return false }
        state = .read(value)
        return true
    }
}
