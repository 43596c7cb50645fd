extension _CacheState {
    /// Above this many entries the debug check skips its O(n) walks, so debug-built tests
    /// that fill large caches stay fast.
    static let fullCheckLimit = 512

    #if DEBUG
    /// Checks every structural invariant; runs at the end of each mutation in debug builds.
    ///
    /// - The table, the queue and (random policy) `occupied` hold exactly the live slots; every slot is
    ///   reachable from its home bucket without crossing an empty bucket.
    /// - `totalCost` is the sum of the (non-negative) entry costs; `discardableCount`
    ///   counts the discardable entries; the free list holds exactly the other slots.
    /// - Under the foundation policy `occupied` is a heap in Foundation's eviction order.
    /// - The limits hold: `count <= countLimit` and `totalCost <= totalCostLimit` (0 means
    ///   no limit), except a single entry admitted alone over the cost limit, and except
    ///   under the foundation policy, which trims only when an object is stored.
    func _checkInvariants() {
        precondition(!limitsAreStrict || countLimit == 0 || count <= countLimit, "count \(count) over countLimit \(countLimit)")
        precondition(
            !limitsAreStrict || totalCostLimit == 0 || totalCost <= totalCostLimit || count <= 1,
            "totalCost \(totalCost) over totalCostLimit \(totalCostLimit) with \(count) entries")
        precondition(totalCost >= 0 && discardableCount >= 0 && discardableCount <= count)
        precondition(buckets.count.nonzeroBitCount == 1 && count * 2 <= buckets.count)
        guard count <= Self.fullCheckLimit else { return }

        var costSum = 0
        var discardables = 0
        var queued = 0
        var previous: Int32 = -1
        var slot = queueHead
        while slot >= 0 {
            let node = nodes[Int(slot)]
            precondition(node.previous == previous, "queue link broken at slot \(slot)")
            precondition(node.key != nil && node.object != nil && node.cost >= 0, "free slot \(slot) in the queue")
            if tracksPositions {
                precondition(occupied[Int(node.position)] == slot, "slot \(slot) has a stale position")
            }
            costSum += node.cost
            if node.isDiscardable { discardables += 1 }
            queued += 1
            precondition(queued <= count, "queue longer than the cache")
            previous = slot
            slot = node.next
        }
        precondition(queued == count && queueTail == previous, "queue holds \(queued) of \(count) entries")
        precondition(occupied.count == (tracksPositions ? count : 0), "occupied out of step")
        if policy == .foundation {
            for index in occupied.indices.dropFirst() {
                precondition(!goesBefore(occupied[index], occupied[(index - 1) / 2]), "heap order broken at \(index)")
            }
        }
        precondition(costSum == totalCost, "totalCost \(totalCost) but entries cost \(costSum)")
        precondition(discardables == discardableCount)

        var free = 0
        slot = freeHead
        while slot >= 0 {
            precondition(nodes[Int(slot)].key == nil && nodes[Int(slot)].object == nil)
            free += 1
            precondition(free <= nodes.count, "free list has a cycle")
            slot = nodes[Int(slot)].next
        }
        precondition(free + count == nodes.count, "\(free) free + \(count) live != \(nodes.count) slots")

        let mask = buckets.count - 1
        var filed = 0
        for (bucket, entry) in buckets.enumerated() where entry != 0 {
            filed += 1
            let slot = Self.slot(of: entry)
            precondition(nodes[Int(slot)].object != nil, "free slot \(slot) in the table")
            precondition(nodes[Int(slot)].tag == Self.tag(of: entry), "slot \(slot) filed under a wrong tag")
            var probe = homeBucket(Self.tag(of: entry))
            while probe != bucket {
                precondition(buckets[probe] != 0, "slot \(slot) unreachable from its home bucket")
                probe = (probe + 1) & mask
            }
        }
        precondition(filed == count, "table holds \(filed) of \(count) entries")
    }
    #else
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
