// The flow's events: one will/did pair per call, whichever windows show it, made from
// every attached scene's container events by one `AuthEventMerge` per subscriber.

extension AuthFlow {
    /// A new stream of login and logout events, buffering without bound; as
    /// ``events(bufferingPolicy:)``.
    public func events() -> AsyncStream<AuthEvent<Session, Child>> {
        events(bufferingPolicy: .unbounded)
    }

    /// A new stream of the flow's login, logout, lock and refresh events, whichever windows
    /// show them; one subscriber per call. One scene's own are
    /// ``AuthScene/events(bufferingPolicy:)``.
    ///
    /// **What it carries.** One `will` and one `did` per call that a scene shows: the
    /// `will` when the first scene begins the call's transition (its child and
    /// ``AuthEvent/transitionID`` are that scene's), the `did` once every scene that began
    /// it has ended it, or has been detached, or a newer call has begun in one of them.
    /// Pairs never overlap, and every `will` gets its `did`. A call shown in no window (made
    /// while no scene is attached) is not reported; neither is a scene placed where the flow
    /// already is (``attachScene(placeholder:stage:)``), nor a transition the flow did not
    /// make (a `hop` on a scene's container: ``FlowContainer/events(bufferingPolicy:)``
    /// shows those).
    ///
    /// **Ordering.** Subscribes at once, to every scene attached now and to each one
    /// attached later, so it sees every call whose transitions begin after this returns.
    ///
    /// **Scenes come and go.** Detaching any scene, the first included, ends nothing: the
    /// stream goes on with the scenes left and those attached later. **After ``finish()``**
    /// the stream ends after the last `did`; a stream made after it ends at once. It also
    /// ends when the consumer stops; its tasks are then cancelled.
    public func events(
        bufferingPolicy: AsyncStream<AuthEvent<Session, Child>>.Continuation.BufferingPolicy
    ) -> AsyncStream<AuthEvent<Session, Child>> {
        let (stream, output) = AsyncStream.makeStream(
            of: AuthEvent<Session, Child>.self,
            bufferingPolicy: bufferingPolicy
        )
        let (inputs, feed) = EventFeed.make()
        guard let containers = core.withLock({ $0.subscribe(feed) }) else {
            output.finish()
            return stream
        }
        // Outside the flow's lock: each container's broadcaster has a lock of its own.
        for (id, container) in containers {
            feed.forward(feed.subscribe(to: container), of: id)
        }
        let consumer = Task.explorable("event merge") {
            var merge = AuthEventMerge<Session, Child>()
            for await input in inputs {
                for event in merge.hear(input) {
                    output.yield(event)
                }
            }
            output.finish()
        }
        output.onTermination = { [weak self] _ in
            consumer.cancel()
            feed.stop()
            self?.core.withLock { $0.unsubscribe(feed) }
        }
        return stream
    }

    /// Ends every feed once the scenes' containers have finished: each gets the flow's
    /// end after the last event of every scene it listens to.
    func finishFeeds(_ feeds: [EventFeed]) async {
        for feed in feeds {
            await feed.end()
        }
    }

    /// A new stream of the login, logout and refresh events of `container`.
    static func authEvents(
        of container: FlowContainer<Screen>,
        bufferingPolicy: AsyncStream<AuthEvent<Session, Child>>.Continuation.BufferingPolicy
    ) -> AsyncStream<AuthEvent<Session, Child>> {
        let source = container.events()
        let (stream, continuation) = AsyncStream.makeStream(
            of: AuthEvent<Session, Child>.self,
            bufferingPolicy: bufferingPolicy
        )
        let forwarder = Task.explorable("event forwarder") {
            for await event in source {
                if let authEvent = AuthEventMerge<Session, Child>.event(for: event) {
                    continuation.yield(authEvent)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarder.cancel() }
        return stream
    }
}
