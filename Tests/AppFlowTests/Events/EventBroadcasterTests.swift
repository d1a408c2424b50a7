import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// The subscriber count the broadcaster reports (a container's state machine keeps it for
/// the in-place path): it must never say "nobody" while someone listens.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct EventBroadcasterTests {
    @Test func theReportedCountFollowsSubscribersThatComeAndGoConcurrently() async {
        let reported = LockedValue(0)
        let broadcaster = EventBroadcaster<Int> { count in reported.withLock { $0 = count } }
        #expect(reported.withLock { $0 } == 0)
        let kept = broadcaster.subscribe(bufferingPolicy: .unbounded)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let stream = broadcaster.subscribe(bufferingPolicy: .bufferingNewest(1))
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
