/// Memory pressure and the delivery of evictions to the delegate and the observer.
extension Cache {
    /// Simulates a system memory warning.
    ///
    /// First every ``DiscardableContent`` object is asked to
    /// ``DiscardableContent/discardContentIfPossible()`` (outside the lock) and, when
    /// ``evictsObjectsWithDiscardedContent`` is `true`, those whose content is gone are
    /// evicted with reason ``EvictionReason/discarded``. Then
    /// ``MemoryPressure/moderate`` evicts in policy order until at most half of the cost
    /// held at the call remains (half of the entries when that cost is 0), and
    /// ``MemoryPressure/critical`` evicts everything, with reason
    /// ``EvictionReason/pressure``. The delegate is told about each eviction.
    /// - Complexity: O(n) when discardable objects are stored, otherwise O(1) per eviction.
    public func simulateMemoryPressure(_ level: MemoryPressure) {
        let candidates = _state.withLock { _Unchecked(value: $0.discardableEntries()) }.value
        var discarded: [(slot: Int32, object: AnyObject)] = []
        for candidate in candidates {
            guard let content = candidate.object as? any DiscardableContent else { continue }
            content.discardContentIfPossible()
            if content.isContentDiscarded() { discarded.append(candidate) }
        }
        let gone = _Unchecked(value: discarded)
        _deliver(_state.withLock { $0.applyPressure(level, discarded: gone.value) })
    }

    /// Tells the delegate and the observer about each eviction of `outcome`, then lets
    /// `outcome` go, releasing what it took out of the cache; always called unlocked.
    ///
    /// The delegate receives this very instance as `Cache<AnyObject, AnyObject>`, as
    /// Foundation passes `unsafeBitCast(self, to: NSCache<AnyObject, AnyObject>.self)`
    /// (here as the same pointer reinterpreted through `Unmanaged`).
    /// That is sound here because nothing about a `Cache`'s layout or code depends on its
    /// type arguments: its one stored property is the non-generic state, keys and objects
    /// are stored as `AnyObject`, and objects are cast back with a checked cast
    /// (``_cast(_:)``).
    func _deliver(_ outcome: consuming _Outcome) {
        guard outcome.hasEvictions else { return }
        let delegate = outcome.delegate
        let observer = outcome.observer
        guard delegate != nil || observer != nil else { return }
        let erased = Unmanaged<Cache<AnyObject, AnyObject>>
            .fromOpaque(Unmanaged.passUnretained(self).toOpaque()).takeUnretainedValue()
        outcome.forEachEviction { eviction in
            delegate?.cache(erased, willEvictObject: eviction.object)
            observer?(eviction.key, eviction.object, eviction.reason)
        }
    }
}
