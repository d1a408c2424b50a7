/// Everything an ``AuthFlow`` decides, in one value under one lock: the calls' machine
/// (``AuthStateMachine``, itself made of the call order, the place, the lock's targets and
/// the scene list), the intents' machine, the services' machine and the event feeds.
///
/// No part has a lock of its own, so no lock is ever taken inside another of the flow's: an
/// input that concerns two parts (a call the intents hear, a session change the services
/// hear, a scene attached that every part learns of) is one step under the one lock. The
/// flow reaches each part through the core (`core.withLock { $0.intents… }`); only
/// `SessionServices`, which knows no core, gets its part as a ``LockedPart`` of the lock.
///
/// It is a type nested in ``AuthFlow``, so that code generic over the provider finds its
/// layout by the provider alone: as a struct generic over its four parts, every access from
/// that code looked up four generic types first (`IntentDelivery` measured it, about 3 µs
/// per intent).
extension AuthFlow {
    struct AuthCore: Sendable {
        /// The calls' machine.
        var calls: Machine
        /// The intents' machine; used only if the provider declares intents.
        var intents: IntentMachine
        /// The session services' machine; used only if the provider declares services.
        var services: SessionServices<Session, Provider.Services>.Machine
        /// The feeds of the flow's event streams.
        var feeds: EventFeeds
    }
}
