import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// The subscriber count the broadcaster reports (a container's state machine keeps it for
/// the in-place path): it must never say "nobody" while someone listens.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct EventBroadcasterTests {
    /// Events are numbers; an in-place pair sends its `from`, then its `to`.
    typealias Broadcaster = EventBroadcaster<Int, Int>

    /// A new subscriber's stream, which takes a pair as its two children.
    private func subscribe(
        to broadcaster: Broadcaster,
        bufferingPolicy: AsyncStream<Int>.Continuation.BufferingPolicy
    ) -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: bufferingPolicy)
        broadcaster.subscribe(continuation) { _, from, to, _ in
            continuation.yield(from)
            continuation.yield(to)
        }
        return stream
    }

    /// Every subscriber gets pairs and single events in the order they were published,
    /// whether it is the only subscriber or one of several, and after another joins.
    @Test(arguments: [1, 3])
    func pairsAndSingleEventsReachEverySubscriberInOrder(subscribers: Int) async {
        let broadcaster = Broadcaster()
        var streams = (0..<subscribers).map { _ in subscribe(to: broadcaster, bufferingPolicy: .unbounded) }
        broadcaster.publish(1)
        broadcaster.publishPair(TransitionID(rawValue: 1), from: 2, to: 3, animation: .immediate)
        broadcaster.publish(4)
        // One more subscriber joins: the list and the sole subscriber are rebuilt, and it
        // gets only what is published after it joined.
        streams.append(subscribe(to: broadcaster, bufferingPolicy: .unbounded))
        broadcaster.publishPair(TransitionID(rawValue: 2), from: 5, to: 6, animation: .immediate)
        broadcaster.finish()
        var received: [[Int]] = []
        for stream in streams {
            var values: [Int] = []
            for await value in stream { values.append(value) }
            received.append(values)
        }
        let early = [1, 2, 3, 4, 5, 6]
        #expect(received == Array(repeating: early, count: subscribers) + [[5, 6]])
    }

    @Test func theReportedCountFollowsSubscribersThatComeAndGoConcurrently() async {
        let reported = LockedValue(0)
        let broadcaster = Broadcaster { count in reported.withLock { $0 = count } }
        #expect(reported.withLock { $0 } == 0)
        let kept = subscribe(to: broadcaster, bufferingPolicy: .unbounded)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let stream = subscribe(to: broadcaster, bufferingPolicy: .bufferingNewest(1))
                    broadcaster.publish(1)
                    for await _ in stream { break }
                }
            }
        }
        #expect(broadcaster.subscriberCount == 1)
        #expect(reported.withLock { $0 } == 1)
        broadcaster.publish(2)
        var iterator = kept.makeAsyncIterator()
        var received: [Int] = []
        for _ in 0..<201 { if let value = await iterator.next() { received.append(value) } }
        #expect(received.count == 201 && received.last == 2, "the kept subscriber saw every event")
        broadcaster.finish()
        #expect(reported.withLock { $0 } == 0)
        #expect(await iterator.next() == nil)
    }
}
