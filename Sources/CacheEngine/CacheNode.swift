/// One slot of the engine's storage: an entry, or a link in the free list.
///
/// Slots live in one array and refer to each other by `Int32` index, so the eviction queue
/// is an intrusive doubly linked list that costs no allocation per entry.
struct _CacheNode {
    var key: AnyObject?
    var object: AnyObject?
    var cost: Int
    /// The key's hash, kept so that probing and growing the table never call `hash` again.
    var hash: Int
    /// Neighbours in the eviction queue (-1 at the ends); `next` chains the free list.
    var previous: Int32
    var next: Int32
    /// Index of this slot in `_CacheState.occupied`, for O(1) random choice and removal.
    var position: Int32
    var keyComparesByValue: Bool
    var isDiscardable: Bool
}
