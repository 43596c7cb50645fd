/// An object whose content can be thrown away while the object itself lives on, like
/// Foundation's `NSDiscardableContent` (which Linux does not have).
///
/// Adopters keep an access counter: ``beginContentAccess()`` increments it (returning
/// `false` when the content is already gone), ``endContentAccess()`` decrements it, and
/// ``discardContentIfPossible()`` discards only while the counter is 0.
///
/// When ``Cache/evictsObjectsWithDiscardedContent`` is `true`, a ``Cache`` checks its
/// discardable objects at two moments and evicts the discarded ones with reason
/// ``EvictionReason/discarded``:
/// - on access: ``Cache/object(forKey:)`` asks the found object ``isContentDiscarded()``
///   and, if so, evicts it and answers `nil` (a miss);
/// - on memory pressure: ``Cache/simulateMemoryPressure(_:)`` first calls
///   ``discardContentIfPossible()`` on every discardable object, then evicts those whose
///   content is gone, then evicts more in policy order if the level asks for more.
///
/// The cache calls these methods outside its lock, so they may use the cache.
public protocol DiscardableContent: AnyObject {
    /// Marks the content as in use; returns `false` if it has already been discarded.
    func beginContentAccess() -> Bool
    /// Ends one ``beginContentAccess()``.
    func endContentAccess()
    /// Discards the content if nobody is accessing it.
    func discardContentIfPossible()
    /// Whether the content has been discarded.
    func isContentDiscarded() -> Bool
}
