/// A FIFO of pending requests with O(1) removal by id.
///
/// Entries live in a dictionary; `order` remembers arrival order and may hold ids that
/// were removed since (cancelled), which `popFirst` skips. It compacts itself when more
/// than half of `order` is dead, so memory stays proportional to the live entries.
struct PendingQueue<Element> {
    private var entries: [UInt64: Element] = [:]
    private var order: [UInt64] = []
    private var head = 0

    /// How many entries are waiting.
    var count: Int { entries.count }

    /// Whether nothing is waiting.
    var isEmpty: Bool { entries.isEmpty }

    /// Appends `element` under `id`, which must be new.
    mutating func append(_ element: Element, id: UInt64) {
        precondition(
            entries.updateValue(element, forKey: id) == nil,
            "Internal inconsistency: duplicate request id \(id)"
        )
        order.append(id)
    }

    /// Reads or replaces the entry for `id`.
    subscript(id: UInt64) -> Element? {
        get { entries[id] }
        set {
            precondition(
                entries[id] != nil && newValue != nil,
                "Internal inconsistency: pending entry \(id) may only be updated in place"
            )
            entries[id] = newValue
        }
    }

    /// Removes and returns the entry for `id`, if it is still waiting.
    mutating func remove(id: UInt64) -> Element? {
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
    mutating func popFirst() -> (id: UInt64, element: Element)? {
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
    var elements: [(id: UInt64, element: Element)] {
        order[head...].compactMap { id in entries[id].map { (id, $0) } }
    }

    /// Removes every entry, oldest first.
    mutating func removeAll() -> [(id: UInt64, element: Element)] {
        var all: [(id: UInt64, element: Element)] = []
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
