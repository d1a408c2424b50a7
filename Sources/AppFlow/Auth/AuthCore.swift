/// Everything an ``AuthFlow`` decides, in one value under one lock: the calls' machine
/// (``AuthStateMachine``, itself made of the call order, the place, the lock's targets and
/// the scene list), the intents' machine, the services' machine and the event feeds.
///
/// No part has a lock of its own, so no lock is ever taken inside another of the flow's: an
/// input that concerns two parts (a call the intents hear, a session change the services
/// hear, a scene attached that every part learns of) is one step under the one lock. The
/// flow reaches each part on its own through a ``LockedPart`` of the same lock.
struct AuthCore<Calls: Sendable, Intents: Sendable, Services: Sendable, Feeds: Sendable>: Sendable {
    /// The calls' machine.
    var calls: Calls
    /// The intents' machine; used only if the provider declares intents.
    var intents: Intents
    /// The session services' machine; used only if the provider declares services.
    var services: Services
    /// The feeds of the flow's event streams.
    var feeds: Feeds
}
