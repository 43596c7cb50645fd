/// One entry of a ``Cache``, as ``Cache/entries()`` reports it.
public struct CacheEntry<KeyType: AnyObject, ObjectType: AnyObject> {
    /// The key exactly as it was stored (retained, never copied).
    public let key: KeyType
    /// The stored object.
    public let object: ObjectType
    /// The cost the entry counts against ``Cache/totalCostLimit`` (never negative).
    public let cost: Int

    /// Creates an entry; the cache makes these, tests may too.
    public init(key: KeyType, object: ObjectType, cost: Int) {
        self.key = key
        self.object = object
        self.cost = cost
    }
}
