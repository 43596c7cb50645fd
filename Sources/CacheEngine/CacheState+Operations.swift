/// The cache's operations on its state; each runs entirely under the lock and ends by
/// checking the invariants (debug builds).
extension _CacheState {
    mutating func lookup(_ key: _CacheKey) -> _Lookup {
        defer { _checkInvariants() }
        let slot = find(key)
        guard slot >= 0 else {
            recordMiss(key)
            return .miss
        }
        let object = nodes[Int(slot)].object.unsafelyUnwrapped
        if nodes[Int(slot)].isDiscardable && evictsObjectsWithDiscardedContent {
            return .checkDiscarded(object)
        }
        recordHit(slot, key: key)
        return evictsAfterHit ? .hitThenEvict(object) : .hit(object)
    }

    /// Evicts the entry under `key` if it still holds `object`: the second half of a hit
    /// that answered ``_Lookup/hitThenEvict(_:)``, or of a store under ``evictsAfterStore``.
    mutating func evictAfterHit(_ key: _CacheKey, object: AnyObject) -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        let slot = find(key)
        if slot >= 0, nodes[Int(slot)].object === object {
            evict(slot, reason: .pressure, into: &outcome)
        }
        attachListeners(to: &outcome)
        return outcome
    }

    /// Completes a ``lookup(_:)`` that answered ``_Lookup/checkDiscarded(_:)``; the
    /// object found, if any, is the outcome's `found`.
    mutating func finishLookup(_ key: _CacheKey, object: AnyObject, discarded: Bool) -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        let slot = find(key)
        guard slot >= 0 else {
            recordMiss(key)
            return outcome
        }
        let current = nodes[Int(slot)].object.unsafelyUnwrapped
        if current === object && discarded && evictsObjectsWithDiscardedContent {
            evict(slot, reason: .discarded, into: &outcome)
            recordMiss(key)
            attachListeners(to: &outcome)
            return outcome
        }
        recordHit(slot, key: key)
        outcome.found = current
        return outcome
    }

    /// The object under `key` without counting a lookup or refreshing its place.
    func peek(_ key: _CacheKey) -> AnyObject? {
        let slot = find(key)
        return slot >= 0 ? nodes[Int(slot)].object : nil
    }

    mutating func store(_ key: _CacheKey, object: AnyObject, cost requestedCost: Int) -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        let objectType = ObjectIdentifier(type(of: object))
        if objectType != checkedObjectType {
            checkedObjectType = objectType
            checkedObjectTypeIsDiscardable = object is any DiscardableContent
        }
        let discardable = checkedObjectTypeIsDiscardable
        let cost = max(0, requestedCost)
        counters.insertCosts.append(requestedCost)
        counters.insertCostsRecorded += 1
        var slot = find(key)
        if oversizeAdmission == .reject && totalCostLimit > 0 && cost > totalCostLimit {
            counters.rejections += 1
            if isLogging { log(.reject, key: key.object, object: object, cost: requestedCost) }
            if slot >= 0 { remove(slot, into: &outcome) }
            return outcome
        }
        if slot >= 0 {
            outcome.releasedObject = nodes[Int(slot)].object.take()
            nodes[Int(slot)].object = object
            if cost != nodes[Int(slot)].cost {
                totalCost += cost - nodes[Int(slot)].cost
                nodes[Int(slot)].cost = cost
                refile(slot)
            }
            if nodes[Int(slot)].isDiscardable != discardable {
                discardableCount += discardable ? 1 : -1
                nodes[Int(slot)].isDiscardable = discardable
            }
            counters.updates += 1
            if case .lru = policy { moveToBack(slot) }
            if isLogging { log(.update, key: key.object, object: object, cost: requestedCost) }
        } else {
            slot = addEntry(key, object: object, cost: cost, discardable: discardable)
            counters.inserts += 1
            if isLogging { log(.insert, key: key.object, object: object, cost: requestedCost) }
        }
        trim(protecting: slot, into: &outcome)
        notePeaks()
        attachListeners(to: &outcome)
        return outcome
    }

    mutating func remove(_ key: _CacheKey) -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        let slot = find(key)
        if slot >= 0 { remove(slot, into: &outcome) }
        return outcome
    }

    mutating func removeAll() -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        counters.removals += count
        if isLogging { log(.removeAll, key: nil, object: nil, cost: totalCost) }
        outcome.releasedNodes = takeAllNodes()
        return outcome
    }

    mutating func setCountLimit(_ limit: Int) -> _Outcome {
        defer { _checkInvariants() }
        countLimit = max(0, limit)
        var outcome = _Outcome()
        if limitsAreStrict { trim(protecting: -1, into: &outcome) }
        attachListeners(to: &outcome)
        return outcome
    }

    mutating func setTotalCostLimit(_ limit: Int) -> _Outcome {
        defer { _checkInvariants() }
        totalCostLimit = max(0, limit)
        var outcome = _Outcome()
        if limitsAreStrict { trim(protecting: -1, into: &outcome) }
        attachListeners(to: &outcome)
        return outcome
    }

    /// Changes the policy; a strict policy taking over from the foundation policy trims
    /// what a limit change left over the limits.
    mutating func switchPolicy(to newPolicy: EvictionPolicy) -> _Outcome {
        defer { _checkInvariants() }
        setPolicy(newPolicy)
        var outcome = _Outcome()
        if limitsAreStrict { trim(protecting: -1, into: &outcome) }
        attachListeners(to: &outcome)
        return outcome
    }

    /// The discardable objects and their slots, for ``applyPressure(_:discarded:)``.
    func discardableEntries() -> [(slot: Int32, object: AnyObject)] {
        guard discardableCount > 0 else { return [] }
        return queueOrder().compactMap { slot in
            nodes[Int(slot)].isDiscardable ? (slot, nodes[Int(slot)].object.unsafelyUnwrapped) : nil
        }
    }

    /// Evicts the `discarded` entries (if the cache evicts discarded content), then as
    /// much as `level` asks, measured from the cost held when the pressure arrived.
    mutating func applyPressure(_ level: MemoryPressure, discarded: [(slot: Int32, object: AnyObject)]) -> _Outcome {
        defer { _checkInvariants() }
        var outcome = _Outcome()
        if isLogging { log(.pressure(level), key: nil, object: nil, cost: 0) }
        let startCost = totalCost
        let startCount = count
        if evictsObjectsWithDiscardedContent {
            for (slot, object) in discarded where Int(slot) < nodes.count && nodes[Int(slot)].object === object {
                evict(slot, reason: .discarded, into: &outcome)
            }
        }
        switch level {
        case .critical:
            while count > 0 {
                evict(nextVictim(protecting: -1), reason: .pressure, into: &outcome)
            }
        case .moderate:
            while startCost > 0 ? totalCost > startCost / 2 : count > startCount / 2 {
                evict(nextVictim(protecting: -1), reason: .pressure, into: &outcome)
            }
        }
        attachListeners(to: &outcome)
        return outcome
    }

    mutating func resetStatistics() {
        counters = _Counters()
        counters.peakCount = count
        counters.peakCost = totalCost
        eventLog.removeAll()
    }

    var statistics: CacheStatistics {
        var snapshot = CacheStatistics()
        snapshot.hits = counters.hits
        snapshot.misses = counters.misses
        snapshot.inserts = counters.inserts
        snapshot.updates = counters.updates
        snapshot.rejections = counters.rejections
        snapshot.removals = counters.removals
        for reason in EvictionReason.allCases {
            snapshot.evictions[reason] = counters.evictions[reason.index]
            snapshot.evictedCost[reason] = counters.evictedCost[reason.index]
        }
        snapshot.currentCount = count
        snapshot.currentCost = totalCost
        snapshot.peakCount = counters.peakCount
        snapshot.peakCost = counters.peakCost
        snapshot.insertCosts = counters.insertCosts.elements
        snapshot.insertCostsRecorded = counters.insertCostsRecorded
        return snapshot
    }

    // MARK: Helpers

    /// Evicts until the limits hold again, never choosing `protected` (the entry just
    /// stored) unless the policy is the foundation policy, which protects nothing, as
    /// corelibs does not. Cost first, then count, as Foundation does; an entry that alone
    /// exceeds the cost limit stays when it is the protected one.
    private mutating func trim(protecting requested: Int32, into outcome: inout _Outcome) {
        let protected = limitsAreStrict ? requested : -1
        if totalCostLimit > 0 {
            while totalCost > totalCostLimit {
                let victim = nextVictim(protecting: protected)
                guard victim >= 0 else { break }
                evict(victim, reason: .cost, into: &outcome)
            }
        }
        if countLimit > 0 {
            while count > countLimit {
                evict(nextVictim(protecting: protected), reason: .count, into: &outcome)
            }
        }
    }

    private mutating func evict(_ slot: Int32, reason: EvictionReason, into outcome: inout _Outcome) {
        let entry = removeEntry(slot)
        counters.evictions[reason.index] += 1
        counters.evictedCost[reason.index] += entry.cost
        if isLogging { log(.evict(reason), key: entry.key, object: entry.object, cost: entry.cost) }
        outcome.append(_Eviction(key: entry.key, object: entry.object, reason: reason))
    }

    private mutating func remove(_ slot: Int32, into outcome: inout _Outcome) {
        let entry = removeEntry(slot)
        counters.removals += 1
        if isLogging { log(.remove, key: entry.key, object: entry.object, cost: entry.cost) }
        outcome.releasedKey = entry.key
        outcome.releasedObject = entry.object
    }

    private mutating func recordHit(_ slot: Int32, key: _CacheKey) {
        counters.hits += 1
        if case .lru = policy { moveToBack(slot) }
        if isLogging { log(.hit, key: key.object, object: nodes[Int(slot)].object, cost: 0) }
    }

    private mutating func recordMiss(_ key: _CacheKey) {
        counters.misses += 1
        if isLogging { log(.miss, key: key.object, object: nil, cost: 0) }
    }

    private mutating func notePeaks() {
        counters.peakCount = max(counters.peakCount, count)
        counters.peakCost = max(counters.peakCost, totalCost)
    }

    private func attachListeners(to outcome: inout _Outcome) {
        guard outcome.hasEvictions else { return }
        outcome.delegate = delegate
        outcome.observer = evictionObserver
    }

    private var isLogging: Bool { eventLog.capacity > 0 }

    private mutating func log(_ kind: CacheEvent.Kind, key: AnyObject?, object: AnyObject?, cost: Int) {
        eventSequence += 1
        eventLog.append(
            CacheEvent(
                sequence: eventSequence, kind: kind, key: key.map(CacheEvent.describe),
                object: object.map(ObjectIdentifier.init), cost: cost))
    }
}
