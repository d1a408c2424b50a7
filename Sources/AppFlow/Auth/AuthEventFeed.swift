/// One subscriber of an ``AuthFlow``'s events: the container events of every scene it
/// listens to go into one stream, in one order, for its ``AuthEventMerge``.
///
/// It subscribes to a scene's container outside the flow's lock: before ``AuthFlow/events(bufferingPolicy:)``
/// returns for the scenes attached, and before a scene attached later is (so before it
/// shows anything, ``AuthCore/attach(_:_:feedsAdded:)``); it forwards each scene's events
/// from a task of its own.
/// The flow's end reaches it only after the last event of every scene: ``end()`` waits for
/// the forwarding tasks, which end with their containers.
final class AuthEventFeed<Screen: Sendable>: Sendable {
    /// What the merge is fed.
    enum Input: Sendable {
        /// A container event of a scene.
        case event(AuthSceneID, FlowEvent<Screen>)
        /// A scene's container stream ended.
        case sceneEnded(AuthSceneID)
        /// The flow finished, after every scene's stream ended.
        case flowFinished
    }

    private struct Forwarding: Sendable {
        var tasks: [Task<Void, Never>] = []
        var isStopped = false
    }

    private let input: AsyncStream<Input>.Continuation
    /// The forwarding tasks that have not ended, counted from the moment of subscribing.
    private let forwarders = WorkInFlight()
    private let forwarding = LockedValue(Forwarding())

    private init(input: AsyncStream<Input>.Continuation) {
        self.input = input
    }

    /// A new feed and the stream of its inputs, buffering without bound.
    static func make() -> (AsyncStream<Input>, AuthEventFeed) {
        let (stream, input) = AsyncStream.makeStream(of: Input.self)
        return (stream, AuthEventFeed(input: input))
    }

    /// Subscribes to `container`'s events now; ``forward(_:of:)`` must then forward them,
    /// or ``discard(_:)`` let them go. Takes the container's broadcaster's lock and the
    /// count's, so it is never called under the flow's.
    func subscribe(to container: FlowContainer<Screen>) -> AsyncStream<FlowEvent<Screen>> {
        forwarders.begin()
        return container.events()
    }

    /// Lets go of `source`, from ``subscribe(to:)``, unforwarded: its scene was never
    /// attached, for the flow had finished (``AuthCore/attach(_:_:feedsAdded:)``), so the
    /// feed's end does not wait for it.
    func discard(_ source: AsyncStream<FlowEvent<Screen>>) {
        // Only a consumer's cancellation ends a stream whose continuation lives on (the
        // container's): the container then forgets the subscriber.
        let task = Task.explorable("discarded feed") { [forwarders] in
            for await _ in source {}
            forwarders.end()
        }
        task.cancel()
    }

    /// Forwards scene `id`'s events, from ``subscribe(to:)``, until its container's stream
    /// ends or the feed stops.
    func forward(_ source: AsyncStream<FlowEvent<Screen>>, of id: AuthSceneID) {
        let task = Task.explorable("event feed") { [input, forwarders] in
            for await event in source {
                input.yield(.event(id, event))
            }
            input.yield(.sceneEnded(id))
            forwarders.end()
        }
        let stopped = forwarding.withLock { forwarding in
            if !forwarding.isStopped { forwarding.tasks.append(task) }
            return forwarding.isStopped
        }
        if stopped { task.cancel() }
    }

    /// The subscriber stopped: every forwarding task is cancelled, and nothing more is fed.
    func stop() {
        let tasks = forwarding.withLock { forwarding in
            forwarding.isStopped = true
            defer { forwarding.tasks = [] }
            return forwarding.tasks
        }
        for task in tasks {
            task.cancel()
        }
        input.finish()
    }

    /// The flow finished: once every forwarding task has ended, feeds the flow's end and
    /// closes the inputs. Cancelling the caller does not shorten it.
    func end() async {
        await forwarders.waitUntilNone()
        input.yield(.flowFinished)
        input.finish()
    }
}

/// The feeds of an ``AuthFlow``'s event streams, and the scene whose child its phase reads
/// when no scene is attached: a part of the flow's ``AuthCore``, under its one lock.
struct AuthEventFeeds<Screen: Sendable, Scene: Sendable>: Sendable {
    /// The live feeds, by identity.
    private(set) var feeds: [ObjectIdentifier: AuthEventFeed<Screen>] = [:]
    /// The scene whose child the flow's phase reads while no scene is attached: the last one
    /// detached. It starts as the flow's first scene, which is attached from the flow's
    /// start, so that the phase always has a scene to read and the performer no fallback.
    private(set) var lastDetached: Scene

    /// The feeds of a flow whose first scene is `first`.
    init(first: Scene) {
        lastDetached = first
    }

    /// `scene` was detached, and no scene is attached any longer.
    mutating func lastDetached(_ scene: Scene) {
        lastDetached = scene
    }

    /// How many feeds were ever added: a scene attaching checks that none was added since
    /// it subscribed the feeds to its container.
    private(set) var added: UInt64 = 0

    /// The live feeds, with the count of feeds added.
    var all: (added: UInt64, feeds: [AuthEventFeed<Screen>]) { (added, Array(feeds.values)) }

    mutating func add(_ feed: AuthEventFeed<Screen>) {
        feeds[ObjectIdentifier(feed)] = feed
        added += 1
    }

    mutating func remove(_ feed: AuthEventFeed<Screen>) {
        feeds[ObjectIdentifier(feed)] = nil
    }

    /// The flow finished: returns every feed, and takes no more.
    mutating func finish() -> [AuthEventFeed<Screen>] {
        defer { feeds = [:] }
        return Array(feeds.values)
    }
}
