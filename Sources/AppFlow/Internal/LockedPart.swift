/// A part of the value a ``LockedValue`` guards, reached under that value's lock.
///
/// It hands one part of one lock's value to code that knows nothing of the whole (an
/// ``AuthFlow``'s services performer gets the services' machine of the flow's core), while
/// one mutex guards them all. It reaches the part through a key path, which costs more
/// than a field access: hot paths take the whole's lock themselves. A part's lock is its
/// whole's: never take it inside the whole's or inside another part's of the same whole.
/// A debug build's mutex checks this and stops the process
/// (`LockedValueTests.aLockTakenAgainByItsHolderStopsTheProcessInADebugBuild`); an input
/// that concerns two parts is one step under the whole's lock.
struct LockedPart<Part>: Sendable {
    private let access: @Sendable (_ body: (inout Part) -> Void) -> Void

    /// The part of `whole`'s value at `path`.
    init<Whole>(of whole: LockedValue<Whole>, _ path: WritableKeyPath<Whole, Part> & Sendable) {
        access = { body in whole.withLock { body(&$0[keyPath: path]) } }
    }

    /// Runs `body` with exclusive access to the part, under the whole's lock.
    func withLock<Result>(_ body: (inout Part) -> Result) -> Result {
        var result: Result?
        access { result = body(&$0) }
        // `access` runs its body exactly once.
        return result!
    }
}
