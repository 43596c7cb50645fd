/// One slot of the engine's storage: an entry, or a link in the free list.
///
/// Slots live in one array and refer to each other by `Int32` index, so the eviction queue
/// is an intrusive doubly linked list that costs no allocation per entry.
struct _CacheNode {
    var key: AnyObject?
    var object: AnyObject?
    var cost: Int
    /// Neighbours in the eviction queue (-1 at the ends); `next` chains the free list.
    var previous: Int32
    var next: Int32
    /// Index of this slot in `_CacheState.occupied` (random and foundation policies).
    var position: Int32
    /// When the entry was last stored at its current cost (a counter, not a clock): the
    /// foundation policy evicts the newest of equal costs first.
    var stamp: UInt64
    /// The key's ``_CacheKey/tag``, so that removing never calls the key's `hash` again.
    var tag: UInt32
    var keyComparesByValue: Bool
    var isDiscardable: Bool
}
