/// A fixed-capacity queue that drops its oldest element when full; backs the event log
/// and the recent insert costs.
///
/// - Complexity: `append` O(1); `elements` O(n).
struct RingBuffer<Element> {
    private var storage: [Element] = []
    private var start = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = start + 1 == capacity ? 0 : start + 1
        }
    }

    mutating func removeAll() {
        storage.removeAll()
        start = 0
    }

    /// Oldest first.
    var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }
}
