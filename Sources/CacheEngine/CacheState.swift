/// Everything a ``Cache`` knows, guarded as a whole by the cache's `Mutex`.
///
/// Not generic: keys and objects are stored as `AnyObject`, so this code is compiled and
/// optimised once in this module whatever types a caller uses, and every
/// `Cache<KeyType, ObjectType>` shares one layout (which is what makes the
/// `Cache<AnyObject, AnyObject>` view handed to the delegate sound).
///
/// Storage, all O(1) amortised per operation (O(log n) under the foundation policy):
/// - `nodes`: the slots (see ``_CacheNode``); free slots form a list through `next`;
/// - `queue…`: the eviction queue, an intrusive doubly linked list through the slots,
///   next victim at the head; LRU moves an entry to the tail on every hit and store,
///   FIFO only appends new entries; random keeps it too, so switching policy keeps order;
/// - `buckets`: an open-addressing hash table (linear probing, load at most 1/2,
///   backward-shift deletion, so no tombstones); each bucket packs the key's 32-bit tag
///   (high half) and slot + 1 (low half), 0 when empty, so probing, deleting and growing
///   read only the table, never a node;
/// - `occupied`: under the random policy, the occupied slots in no particular order, for
///   a uniform choice and swap-remove; under the foundation policy, the occupied slots as
///   a binary min-heap in Foundation's eviction order (see `CacheState+CostHeap.swift`);
///   kept empty otherwise, so LRU and FIFO touch no extra memory per removal.
struct _CacheState: @unchecked Sendable {
    var nodes: [_CacheNode] = []
    var freeHead: Int32 = -1
    var queueHead: Int32 = -1
    var queueTail: Int32 = -1
    var buckets: [UInt64]
    var tagShift: UInt32
    var occupied: [Int32] = []
    private(set) var count = 0
    var totalCost = 0
    var discardableCount = 0
    var storeCounter: UInt64 = 0

    var name = ""
    var countLimit = 0
    var totalCostLimit = 0
    private(set) var policy: EvictionPolicy
    var random: SplitMix64
    var oversizeAdmission = OversizeAdmission.admitAlone
    var evictsObjectsWithDiscardedContent = true
    /// Test hook (``Cache/_evictsAfterEveryHit``): every hit is followed at once by the
    /// eviction of the entry it found, reason ``EvictionReason/pressure``.
    var evictsAfterHit = false
    /// Test hook (``Cache/_evictsAfterEveryStore``): every store is followed at once by the
    /// eviction of the entry it made, reason ``EvictionReason/pressure``.
    var evictsAfterStore = false
    /// Test hook (``Cache/_beforeEveryStore``): run before each store, outside the lock.
    var beforeStore: (@Sendable () -> Void)?
    /// Test hook (``Cache/_afterEveryMiss``): run after each missing lookup, outside the lock.
    var afterMiss: (@Sendable () -> Void)?
    weak var delegate: (any CacheDelegate)?
    var evictionObserver: (@Sendable (AnyObject, AnyObject, EvictionReason) -> Void)?

    /// The last object class checked for ``DiscardableContent`` conformance, and the
    /// answer: stores nearly always repeat one class, and the runtime's conformance
    /// lookup costs more than the rest of a store.
    var checkedObjectType: ObjectIdentifier?
    var checkedObjectTypeIsDiscardable = false

    var counters = _Counters()
    var eventLog = RingBuffer<CacheEvent>(capacity: 0)
    var eventSequence: UInt64 = 0

    static let initialBucketCount = 16

    init(policy: EvictionPolicy) {
        self.policy = policy
        random = SplitMix64(seed: policy.seed)
        buckets = Array(repeating: 0, count: Self.initialBucketCount)
        tagShift = 32 - UInt32(Self.initialBucketCount.trailingZeroBitCount)
    }

    /// Whether `occupied` and each node's `position` are kept.
    var tracksPositions: Bool {
        switch policy {
        case .random, .foundation: true
        case .lru, .fifo: false
        }
    }

    /// Whether the limits hold after every operation, as opposed to only after a store
    /// (the foundation policy, like corelibs, trims nothing when a limit changes).
    var limitsAreStrict: Bool {
        policy != .foundation
    }
}

/// The running counts behind ``CacheStatistics``, kept in a form cheap to update.
struct _Counters {
    var hits = 0
    var misses = 0
    var inserts = 0
    var updates = 0
    var rejections = 0
    var removals = 0
    var evictions = [0, 0, 0, 0]
    var evictedCost = [0, 0, 0, 0]
    var peakCount = 0
    var peakCost = 0
    var insertCosts = RingBuffer<Int>(capacity: CacheStatistics.insertCostCapacity)
    var insertCostsRecorded = 0
}

extension EvictionPolicy {
    /// The random generator's seed; 0 for the policies that do not draw.
    var seed: UInt64 {
        if case .random(let seed) = self { return seed }
        return 0
    }
}

extension EvictionReason {
    /// Position in the statistics arrays.
    var index: Int {
        switch self {
        case .count: 0
        case .cost: 1
        case .pressure: 2
        case .discarded: 3
        }
    }
}

// MARK: - Hash table

extension _CacheState {
    @inline(__always)
    func homeBucket(_ tag: UInt32) -> Int {
        Int(tag >> tagShift)
    }

    @inline(__always)
    static func bucketEntry(tag: UInt32, slot: Int32) -> UInt64 {
        UInt64(tag) << 32 | UInt64(UInt32(slot) &+ 1)
    }

    @inline(__always)
    static func slot(of entry: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: entry) &- 1
    }

    @inline(__always)
    static func tag(of entry: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: entry >> 32)
    }

    /// The slot holding `key`, or -1.
    func find(_ key: _CacheKey) -> Int32 {
        let mask = buckets.count - 1
        var bucket = homeBucket(key.tag)
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return -1 }
            if Self.tag(of: entry) == key.tag {
                let slot = Self.slot(of: entry)
                if key.matches(nodes[Int(slot)].key.unsafelyUnwrapped, byValue: nodes[Int(slot)].keyComparesByValue) {
                    return slot
                }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Files `slot` (whose key is known to be absent) under `tag`.
    mutating func addToTable(_ slot: Int32, tag: UInt32) {
        if (count + 1) * 2 > buckets.count {
            rebuildTable(bucketCount: buckets.count * 2)
        }
        placeInTable(Self.bucketEntry(tag: tag, slot: slot))
    }

    private mutating func placeInTable(_ entry: UInt64) {
        let mask = buckets.count - 1
        var bucket = homeBucket(Self.tag(of: entry))
        while buckets[bucket] != 0 {
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = entry
    }

    mutating func rebuildTable(bucketCount: Int) {
        let old = buckets
        buckets = Array(repeating: 0, count: bucketCount)
        tagShift = 32 - UInt32(bucketCount.trailingZeroBitCount)
        for entry in old where entry != 0 {
            placeInTable(entry)
        }
    }

    /// Takes `slot` out of the table, shifting later members of its probe run back so
    /// that every run stays unbroken.
    mutating func removeFromTable(_ slot: Int32) {
        let mask = buckets.count - 1
        let target = Self.bucketEntry(tag: nodes[Int(slot)].tag, slot: slot)
        var hole = homeBucket(nodes[Int(slot)].tag)
        while buckets[hole] != target {
            hole = (hole + 1) & mask
        }
        var probe = hole
        while true {
            probe = (probe + 1) & mask
            let candidate = buckets[probe]
            if candidate == 0 { break }
            let home = homeBucket(Self.tag(of: candidate))
            let staysPut = hole <= probe ? (hole < home && home <= probe) : (hole < home || home <= probe)
            if !staysPut {
                buckets[hole] = candidate
                hole = probe
            }
        }
        buckets[hole] = 0
    }
}

// MARK: - Eviction queue and slots

extension _CacheState {
    mutating func appendToQueue(_ slot: Int32) {
        nodes[Int(slot)].previous = queueTail
        nodes[Int(slot)].next = -1
        if queueTail >= 0 {
            nodes[Int(queueTail)].next = slot
        } else {
            queueHead = slot
        }
        queueTail = slot
    }

    mutating func unlinkFromQueue(_ slot: Int32) {
        let previous = nodes[Int(slot)].previous
        let next = nodes[Int(slot)].next
        if previous >= 0 { nodes[Int(previous)].next = next } else { queueHead = next }
        if next >= 0 { nodes[Int(next)].previous = previous } else { queueTail = previous }
    }

    mutating func moveToBack(_ slot: Int32) {
        guard slot != queueTail else { return }
        unlinkFromQueue(slot)
        appendToQueue(slot)
    }

    /// The live slots in queue order, head first.
    func queueOrder() -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(count)
        var slot = queueHead
        while slot >= 0 {
            order.append(slot)
            slot = nodes[Int(slot)].next
        }
        return order
    }

    /// Switches policy without trimming (see `switchPolicy(to:)`); entering the random
    /// policy indexes the live slots, O(n), and entering the foundation policy heaps them,
    /// O(n log n).
    mutating func setPolicy(_ newPolicy: EvictionPolicy) {
        policy = newPolicy
        random = SplitMix64(seed: newPolicy.seed)
        occupied = []
        if tracksPositions {
            for slot in queueOrder() {
                nodes[Int(slot)].position = Int32(occupied.count)
                occupied.append(slot)
                if policy == .foundation { siftUp(occupied.count - 1) }
            }
        }
    }

    /// Stores a new entry (its key known to be absent) at the back of the queue.
    mutating func addEntry(_ key: _CacheKey, object: AnyObject, cost: Int, discardable: Bool) -> Int32 {
        let node = _CacheNode(
            key: key.object, object: object, cost: cost, previous: -1, next: -1,
            position: Int32(occupied.count), stamp: nextStamp(), tag: key.tag, keyComparesByValue: key.comparesByValue,
            isDiscardable: discardable)
        let slot: Int32
        if freeHead >= 0 {
            slot = freeHead
            freeHead = nodes[Int(slot)].next
            nodes[Int(slot)] = node
        } else {
            slot = Int32(nodes.count)
            nodes.append(node)
        }
        addToTable(slot, tag: key.tag)
        if tracksPositions {
            occupied.append(slot)
            if policy == .foundation { siftUp(occupied.count - 1) }
        }
        appendToQueue(slot)
        count += 1
        totalCost += cost
        if discardable { discardableCount += 1 }
        return slot
    }

    /// Removes the entry in `slot` everywhere and hands back its key and object, which the
    /// caller releases after unlocking.
    mutating func removeEntry(_ slot: Int32) -> (key: AnyObject, object: AnyObject, cost: Int) {
        removeFromTable(slot)
        unlinkFromQueue(slot)
        if tracksPositions {
            let position = Int(nodes[Int(slot)].position)
            let last = occupied.removeLast()
            if last != slot {
                occupied[position] = last
                nodes[Int(last)].position = Int32(position)
                if policy == .foundation { restoreHeap(at: position) }
            }
        }
        let key = nodes[Int(slot)].key.take()!
        let object = nodes[Int(slot)].object.take()!
        let cost = nodes[Int(slot)].cost
        count -= 1
        totalCost -= cost
        if nodes[Int(slot)].isDiscardable { discardableCount -= 1 }
        nodes[Int(slot)].next = freeHead
        freeHead = slot
        return (key, object, cost)
    }

    /// Forgets every entry at once; the caller releases the returned slots after unlocking.
    mutating func takeAllNodes() -> [_CacheNode] {
        let taken = nodes
        nodes = []
        freeHead = -1
        queueHead = -1
        queueTail = -1
        occupied = []
        count = 0
        totalCost = 0
        discardableCount = 0
        buckets = Array(repeating: 0, count: Self.initialBucketCount)
        tagShift = 32 - UInt32(Self.initialBucketCount.trailingZeroBitCount)
        return taken
    }

    /// The slot the policy gives up next, never `protected`; -1 when there is none.
    ///
    /// The foundation policy protects nothing (corelibs may evict the object it has just
    /// stored), so its callers pass -1.
    mutating func nextVictim(protecting protected: Int32) -> Int32 {
        if count == 0 || (count == 1 && queueHead == protected) { return -1 }
        switch policy {
        case .foundation:
            return occupied[0]
        case .lru, .fifo:
            return queueHead == protected ? nodes[Int(queueHead)].next : queueHead
        case .random:
            guard protected >= 0 else { return occupied[random.next(below: count)] }
            let index = random.next(below: count - 1)
            return occupied[index] == protected ? occupied[count - 1] : occupied[index]
        }
    }

    /// The live slots in the order the policy would evict them if nothing else happened.
    func evictionOrder() -> [Int32] {
        switch policy {
        case .foundation:
            return occupied.sorted(by: goesBefore)
        case .lru, .fifo:
            return queueOrder()
        case .random:
            var generator = random
            var remaining = occupied
            var order: [Int32] = []
            order.reserveCapacity(count)
            while !remaining.isEmpty {
                let index = generator.next(below: remaining.count)
                order.append(remaining[index])
                remaining[index] = remaining[remaining.count - 1]
                remaining.removeLast()
            }
            return order
        }
    }
}
