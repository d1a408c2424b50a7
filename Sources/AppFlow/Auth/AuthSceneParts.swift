/// What one ``AuthScene`` keeps for itself, as one value under the scene's lock: its
/// arrival gate, the session's screen a cover keeps, and the task of its first placement.
/// `Screen` is the scene's screen type, `Waiter` how a call parked at the gate is resumed.
///
/// The scene's lock is a leaf (``LockRole/leaf``): no lock is taken under it, the flow's
/// core's included, which a debug build checks; and no continuation is resumed and no
/// task started under it.
///
/// The scene's cover mark (``AuthCoverMark``) is not a part: the scene's screens hold it,
/// and the kept screen is held here, so a mark under this lock would make each kept
/// screen hold the lock that holds it, and neither would ever be freed.
struct AuthSceneParts<Screen, Waiter> {
    /// The flow's requests on their way to the scene's container, and the newest call
    /// waiting.
    var gate = ArrivalGate<Waiter>()
    /// The session's screen a cover hides, and the cover that kept it.
    var cover = CoveredChildMachine<Screen>()
    /// The placement decided when the scene was attached, while it runs.
    var placement: Task<Void, Never>?

    init() {}
}

extension AuthSceneParts: Sendable where Screen: Sendable, Waiter: Sendable {}
