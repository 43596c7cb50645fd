/// What a lesson's Swift example did when `run` ran it: its output and, summed over every
/// cache it made, what those caches did. The runner sends the summary as JSON with these
/// field names (`Sources/Harness/Programs/LessonExample`).
public struct SwiftRun: Sendable, Equatable {
    /// What the caches did, summed.
    public struct Summary: Codable, Sendable, Equatable {
        public var caches = 0
        public var hits = 0
        public var misses = 0
        public var stores = 0
        public var costlessStores = 0
        public var removals = 0
        /// Evictions by reason (`count`, `cost`, `pressure`, `discarded`).
        public var evictions: [String: Int] = [:]

        /// An empty summary.
        public init() {}
    }

    /// What the program printed.
    public var output: String
    /// What its caches did; nil when it did not run to its end.
    public var summary: Summary?

    /// A run that printed `output`.
    public init(output: String, summary: Summary?) {
        self.output = output
        self.summary = summary
    }

    /// Whether `condition` holds for this run; conditions about the playground never do.
    public func holds(_ condition: TryCondition) -> Bool {
        guard let summary else { return false }
        switch condition {
        case let .printed(text): return output.contains(text)
        case let .evictions(comparison): return comparison.holds(for: summary.evictions.values.reduce(0, +))
        case let .evictionsBy(reason, comparison): return comparison.holds(for: summary.evictions[reason.rawValue] ?? 0)
        case let .stores(comparison): return comparison.holds(for: summary.stores)
        case let .costlessStores(comparison): return comparison.holds(for: summary.costlessStores)
        case let .hits(comparison): return comparison.holds(for: summary.hits)
        case let .misses(comparison): return comparison.holds(for: summary.misses)
        case .evicted, .hit, .miss, .contains, .lacks, .count, .cost, .ran: return false
        }
    }

    /// One line for the learner: `1 cache: 4 stores (1 without a cost), 2 evictions (2 by count)`.
    public var summaryLine: String? {
        guard let summary else { return nil }
        let evicted = summary.evictions.values.reduce(0, +)
        var parts = ["\(summary.caches) \(summary.caches == 1 ? "cache" : "caches")"]
        var stores = "\(summary.stores) \(summary.stores == 1 ? "store" : "stores")"
        if summary.costlessStores > 0 { stores += " (\(summary.costlessStores) without a cost)" }
        parts.append(stores)
        parts.append("\(summary.hits) \(summary.hits == 1 ? "hit" : "hits"), \(summary.misses) \(summary.misses == 1 ? "miss" : "misses")")
        var evictions = "\(evicted) \(evicted == 1 ? "eviction" : "evictions")"
        let reasons = summary.evictions.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) by \($0.key)" }
        if !reasons.isEmpty { evictions += " (" + reasons.joined(separator: ", ") + ")" }
        parts.append(evictions)
        return parts.joined(separator: ", ")
    }
}
