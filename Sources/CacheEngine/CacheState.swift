/// Everything a ``Cache`` knows, guarded as a whole by the cache's `Mutex`.
///
/// Not generic: keys and objects are stored as `AnyObject`, so this code is compiled and
/// optimised once in this module whatever types a caller uses, and every
/// `Cache<KeyType, ObjectType>` shares one layout (which is what makes the
/// `Cache<AnyObject, AnyObject>` view handed to the delegate sound).
///
/// Storage, all O(1) amortised per operation:
/// - `nodes`: the slots (see ``_CacheNode``); free slots form a list through `next`;
/// - `queue…`: the eviction queue, an intrusive doubly linked list through the slots,
///   next victim at the head; LRU moves an entry to the tail on every hit and store,
///   FIFO only appends new entries;
/// - `buckets`: an open-addressing hash table (linear probing, load at most 1/2,
///   backward-shift deletion, so no tombstones) of slot indices, -1 when empty;
/// - `occupied`: the occupied slots in no particular order, for the random policy's
///   uniform choice and swap-remove.
struct _CacheState: @unchecked Sendable {
    var nodes: [_CacheNode] = []
    var freeHead: Int32 = -1
    var queueHead: Int32 = -1
    var queueTail: Int32 = -1
    var buckets: [Int32]
    var bucketShift: Int
    var occupied: [Int32] = []
    var totalCost = 0
    var discardableCount = 0

    var name = ""
    var countLimit = 0
    var totalCostLimit = 0
    var policy: EvictionPolicy
    var random: SplitMix64
    var oversizeAdmission = OversizeAdmission.admitAlone
    var evictsObjectsWithDiscardedContent = true
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
        buckets = Array(repeating: -1, count: Self.initialBucketCount)
        bucketShift = 64 - Self.initialBucketCount.trailingZeroBitCount
    }

    var count: Int { occupied.count }
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
    /// The home bucket of a hash: Fibonacci hashing keeps the well-mixed high bits, so
    /// sequential hashes (`NSNumber`, addresses) spread over the table.
    @inline(__always)
    func homeBucket(_ hash: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(bucketShift))
    }

    /// The slot holding `key`, or -1.
    func find(_ key: _CacheKey) -> Int32 {
        let mask = buckets.count - 1
        var bucket = homeBucket(key.hash)
        while true {
            let slot = buckets[bucket]
            if slot < 0 { return -1 }
            if nodes[Int(slot)].hash == key.hash,
                key.matches(nodes[Int(slot)].key.unsafelyUnwrapped, byValue: nodes[Int(slot)].keyComparesByValue)
            {
                return slot
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Files `slot` (whose key is known to be absent) under its hash.
    mutating func addToTable(_ slot: Int32) {
        if (occupied.count + 1) * 2 > buckets.count {
            rebuildTable(bucketCount: buckets.count * 2)
        }
        placeInTable(slot)
    }

    private mutating func placeInTable(_ slot: Int32) {
        let mask = buckets.count - 1
        var bucket = homeBucket(nodes[Int(slot)].hash)
        while buckets[bucket] >= 0 {
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = slot
    }

    mutating func rebuildTable(bucketCount: Int) {
        buckets = Array(repeating: -1, count: bucketCount)
        bucketShift = 64 - bucketCount.trailingZeroBitCount
        for slot in occupied {
            placeInTable(slot)
        }
    }

    /// Takes `slot` out of the table, shifting later members of its probe run back so
    /// that every run stays unbroken.
    mutating func removeFromTable(_ slot: Int32) {
        let mask = buckets.count - 1
        var hole = homeBucket(nodes[Int(slot)].hash)
        while buckets[hole] != slot {
            hole = (hole + 1) & mask
        }
        var probe = hole
        while true {
            probe = (probe + 1) & mask
            let candidate = buckets[probe]
            if candidate < 0 { break }
            let home = homeBucket(nodes[Int(candidate)].hash)
            let staysPut = hole <= probe ? (hole < home && home <= probe) : (hole < home || home <= probe)
            if !staysPut {
                buckets[hole] = candidate
                hole = probe
            }
        }
        buckets[hole] = -1
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

    /// Stores a new entry (its key known to be absent) at the back of the queue.
    mutating func addEntry(_ key: _CacheKey, object: AnyObject, cost: Int, discardable: Bool) -> Int32 {
        let node = _CacheNode(
            key: key.object, object: object, cost: cost, hash: key.hash, previous: -1, next: -1,
            position: Int32(occupied.count), keyComparesByValue: key.comparesByValue,
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
        addToTable(slot)
        occupied.append(slot)
        appendToQueue(slot)
        totalCost += cost
        if discardable { discardableCount += 1 }
        return slot
    }

    /// Removes the entry in `slot` everywhere and hands back its key and object, which the
    /// caller releases after unlocking.
    mutating func removeEntry(_ slot: Int32) -> (key: AnyObject, object: AnyObject, cost: Int) {
        removeFromTable(slot)
        unlinkFromQueue(slot)
        let position = Int(nodes[Int(slot)].position)
        let last = occupied.removeLast()
        if last != slot {
            occupied[position] = last
            nodes[Int(last)].position = Int32(position)
        }
        let key = nodes[Int(slot)].key.take()!
        let object = nodes[Int(slot)].object.take()!
        let cost = nodes[Int(slot)].cost
        totalCost -= cost
        if nodes[Int(slot)].isDiscardable { discardableCount -= 1 }
        nodes[Int(slot)].next = freeHead
        freeHead = slot
        return (key, object, cost)
    }

    /// The slot the policy gives up next, never `protected`; -1 when there is none.
    mutating func nextVictim(protecting protected: Int32) -> Int32 {
        let count = occupied.count
        if count == 0 || (count == 1 && occupied[0] == protected) { return -1 }
        switch policy {
        case .lru, .fifo:
            return queueHead == protected ? nodes[Int(queueHead)].next : queueHead
        case .random:
            guard protected >= 0 else { return occupied[random.next(below: count)] }
            let index = random.next(below: count - 1)
            return occupied[index] == protected ? occupied[count - 1] : occupied[index]
        }
    }

    /// The occupied slots in the order the policy would evict them if nothing else happened.
    func evictionOrder() -> [Int32] {
        switch policy {
        case .lru, .fifo:
            var order: [Int32] = []
            order.reserveCapacity(occupied.count)
            var slot = queueHead
            while slot >= 0 {
                order.append(slot)
                slot = nodes[Int(slot)].next
            }
            return order
        case .random:
            var generator = random
            var remaining = occupied
            var order: [Int32] = []
            order.reserveCapacity(occupied.count)
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
