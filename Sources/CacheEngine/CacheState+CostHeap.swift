/// The foundation policy's order: `occupied` as a binary min-heap of slots, the slot
/// Foundation on Linux would evict next at index 0.
///
/// Corelibs keeps its entries in a list sorted by cost and files a new entry in front of
/// those of equal cost, so its head is the cheapest entry and, among equal costs, the one
/// stored last. Ordering by (cost ascending, ``_CacheNode/stamp`` descending) gives the
/// same head, and a heap finds it in O(log n) where the list needs O(n) per store. Each
/// node's `position` is its index in the heap, so any entry can leave in O(log n).
extension _CacheState {
    /// Whether Foundation would evict `first` before `second`.
    func goesBefore(_ first: Int32, _ second: Int32) -> Bool {
        let a = nodes[Int(first)]
        let b = nodes[Int(second)]
        return a.cost != b.cost ? a.cost < b.cost : a.stamp > b.stamp
    }

    /// A stamp later than every stamp handed out before.
    mutating func nextStamp() -> UInt64 {
        storeCounter &+= 1
        return storeCounter
    }

    /// Files `slot` again after its cost changed: corelibs takes the entry out of its list
    /// and inserts it anew, so it becomes the newest entry of its new cost.
    /// - Complexity: O(log n) under the foundation policy, O(1) otherwise.
    mutating func refile(_ slot: Int32) {
        nodes[Int(slot)].stamp = nextStamp()
        if policy == .foundation { restoreHeap(at: Int(nodes[Int(slot)].position)) }
    }

    /// Moves the slot at heap index `index` up or down until the heap order holds again.
    mutating func restoreHeap(at index: Int) {
        if index > 0 && goesBefore(occupied[index], occupied[(index - 1) / 2]) {
            siftUp(index)
        } else {
            siftDown(index)
        }
    }

    mutating func siftUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard goesBefore(occupied[index], occupied[parent]) else { return }
            swapHeap(index, parent)
            index = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        while true {
            var first = index
            let left = 2 * index + 1
            if left < occupied.count && goesBefore(occupied[left], occupied[first]) { first = left }
            let right = left + 1
            if right < occupied.count && goesBefore(occupied[right], occupied[first]) { first = right }
            guard first != index else { return }
            swapHeap(index, first)
            index = first
        }
    }

    private mutating func swapHeap(_ i: Int, _ j: Int) {
        occupied.swapAt(i, j)
        nodes[Int(occupied[i])].position = Int32(i)
        nodes[Int(occupied[j])].position = Int32(j)
    }
}
