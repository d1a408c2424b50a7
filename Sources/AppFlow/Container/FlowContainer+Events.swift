extension FlowContainer {
    /// A new stream of this container's events; each call makes one more subscriber.
    ///
    /// The stream carries every event published after this call, in order: for each
    /// transition one `willTransition`, its progress frames, then one `didTransition`.
    /// With the default `.unbounded` buffer nothing is missed. With a bounded buffer,
    /// events beyond it are dropped as the policy says, so a slow reader may miss some,
    /// including will/did events. Events not yet consumed keep their children alive.
    ///
    /// The container never waits for observers. A stream whose consumer stops iterating
    /// or is cancelled is removed. After ``finish()`` every stream ends after the last
    /// `didTransition`, and streams made later end at once.
    @inlinable
    public nonisolated func events(
        bufferingPolicy: AsyncStream<FlowEvent<Child>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<FlowEvent<Child>> {
        let (stream, continuation) = AsyncStream.makeStream(of: FlowEvent<Child>.self, bufferingPolicy: bufferingPolicy)
        // Inlined into the caller, so that a client that knows `Child` builds and yields
        // the events of an in-place transition in code specialised for it (<doc:Performance>).
        broadcaster.subscribe(continuation) { id, from, to, animation in
            let transition = Transition(id: id, from: from, to: to, animation: animation)
            continuation.yield(.willTransition(transition))
            continuation.yield(.didTransition(transition))
        }
        return stream
    }

    /// How many event streams are live now.
    public nonisolated var subscriberCount: Int {
        broadcaster.subscriberCount
    }
}
