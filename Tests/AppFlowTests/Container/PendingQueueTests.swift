import Testing

@testable import AppFlow

@Suite struct PendingQueueTests {
    @Test func popsInArrivalOrderAndSkipsRemovedEntries() {
        var queue = PendingQueue<String>()
        for id in UInt64(1)...100 { queue.append("e\(id)", id: RequestID(rawValue: id)) }
        for id in UInt64(1)...100 where id % 3 != 0 { #expect(queue.remove(id: RequestID(rawValue: id)) == "e\(id)") }
        #expect(queue.count == 33)
        var popped: [UInt64] = []
        while let next = queue.popFirst() { popped.append(next.id.rawValue) }
        #expect(popped == Array(stride(from: 3, through: 99, by: 3)))
        #expect(queue.isEmpty)
    }

    @Test func removingAMissingIdReturnsNil() {
        var queue = PendingQueue<Int>()
        queue.append(1, id: 1)
        #expect(queue.remove(id: 2) == nil)
        #expect(queue.remove(id: 1) == 1)
        #expect(queue.remove(id: 1) == nil)
    }
}
