/// One subscriber of an ``AuthFlow``'s events: the container events of every scene it
/// listens to go into one stream, in one order, for its ``AuthEventMerge``.
///
/// It subscribes to a scene's container at once (under the flow's machine lock, before
/// the scene shows anything) and forwards that scene's events from a task of its own.
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

    /// Subscribes to `container`'s events now; ``forward(_:of:)`` must then forward them.
    /// Takes no lock but the container's broadcaster's and the count's.
    func subscribe(to container: FlowContainer<Screen>) -> AsyncStream<FlowEvent<Screen>> {
        forwarders.begin()
        return container.events()
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

    /// Subscribes every feed to `container`, a scene's just attached, before the scene
    /// shows anything.
    func subscribe(to container: FlowContainer<Screen>) -> [(AuthEventFeed<Screen>, AsyncStream<FlowEvent<Screen>>)] {
        feeds.values.map { ($0, $0.subscribe(to: container)) }
    }

    mutating func add(_ feed: AuthEventFeed<Screen>) {
        feeds[ObjectIdentifier(feed)] = feed
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
