/// A FIFO of pending requests with O(1) removal by id.
///
/// Entries live in a dictionary; `order` remembers arrival order and may hold ids that
/// were removed since (cancelled), which `popFirst` skips. It compacts itself when more
/// than half of `order` is dead, so memory stays proportional to the live entries.
struct PendingQueue<Element> {
    private var entries: [RequestID: Element] = [:]
    private var order: [RequestID] = []
    private var head = 0

    /// How many entries are waiting.
    var count: Int { entries.count }

    /// Whether nothing is waiting.
    var isEmpty: Bool { entries.isEmpty }

    /// Appends `element` under `id`, which must be new.
    mutating func append(_ element: Element, id: RequestID) {
        precondition(
            entries.updateValue(element, forKey: id) == nil,
            "Internal inconsistency: duplicate request id \(id)"
        )
        order.append(id)
    }

    /// Whether `id` is waiting.
    func contains(_ id: RequestID) -> Bool {
        entries.index(forKey: id) != nil
    }

    /// Replaces the entry for `id`, which must be waiting.
    mutating func replace(_ id: RequestID, with element: Element) {
        precondition(
            entries.updateValue(element, forKey: id) != nil,
            "Internal inconsistency: pending entry \(id) may only be updated in place"
        )
    }

    /// Removes and returns the entry for `id`, if it is still waiting.
    mutating func remove(id: RequestID) -> Element? {
        guard let element = entries.removeValue(forKey: id) else { return nil }
        if entries.isEmpty {
            order.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32 && (order.count - head) > 2 * entries.count {
            compact()
        }
        return element
    }

    /// Removes and returns the oldest entry.
    mutating func popFirst() -> (id: RequestID, element: Element)? {
        while head < order.count {
            let id = order[head]
            head += 1
            if let element = entries.removeValue(forKey: id) {
                if entries.isEmpty {
                    order.removeAll(keepingCapacity: true)
                    head = 0
                }
                return (id, element)
            }
        }
        return nil
    }

    /// Every entry, oldest first, without removing any.
    var elements: [(id: RequestID, element: Element)] {
        order[head...].compactMap { id in entries[id].map { (id, $0) } }
    }

    /// Removes every entry, oldest first.
    mutating func removeAll() -> [(id: RequestID, element: Element)] {
        var all: [(id: RequestID, element: Element)] = []
        all.reserveCapacity(entries.count)
        while let next = popFirst() {
            all.append(next)
        }
        return all
    }

    private mutating func compact() {
        order = order[head...].filter { entries[$0] != nil }
        head = 0
    }
}

extension PendingQueue: Sendable where Element: Sendable {}
