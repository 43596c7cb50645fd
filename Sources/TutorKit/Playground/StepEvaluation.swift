import TutorCourse

/// Where a playground try-it step stands: for each condition, whether it holds, what the
/// playground shows instead, and whether this attempt can still meet it.
///
/// Pure: built from the cache's keys and total cost and the events since the step began,
/// so tests give it values and the session gives it the playground's.
///
///     let state = StepEvaluation(conditions: [.evicted(key: "harbour", reason: .pressure)],
///                                keys: [], totalCost: 0,
///                                events: [.removed(key: "harbour", by: "clear")])
///     state.outOfReach   // ["harbour left the cache by `clear`, so it cannot be evicted by pressure …"]
public struct StepEvaluation: Sendable, Equatable {
    /// One condition of the step, judged.
    public struct Entry: Sendable, Equatable {
        /// Whether it holds now.
        public var holds: Bool
        /// What the step wants, in words (`harbour evicted by pressure`).
        public var wanted: String
        /// What the playground shows instead, when it does not hold (`harbour is still in the cache`).
        public var actual: String?
        /// Why this attempt can no longer meet it, when it cannot.
        public var outOfReach: String?
    }

    /// The conditions, in the lesson's order.
    public var entries: [Entry]

    /// Judges `conditions` against a cache holding `keys` (eviction order) at `totalCost`,
    /// after `events` (only those since the step began).
    public init(conditions: [TryCondition], keys: [String], totalCost: Int, events: [PlaygroundEvent]) {
        let facts = Facts(keys: keys, totalCost: totalCost, events: events)
        entries = conditions.map { facts.judge($0) }
    }

    /// How many conditions hold.
    public var holding: Int { entries.filter(\.holds).count }
    /// Whether every condition holds.
    public var isDone: Bool { entries.allSatisfy(\.holds) }
    /// Why the attempt can no longer succeed, one reason per unreachable condition; empty
    /// while it still can.
    public var outOfReach: [String] { entries.compactMap(\.outOfReach) }

    /// One line per condition: a mark, what the step wants and, when it does not hold, what
    /// the playground has instead (`✗ a in the cache: it holds c, d, e`).
    public var lines: [String] {
        entries.map { entry in
            entry.holds ? "✓ " + entry.wanted : "✗ " + entry.wanted + (entry.actual.map { ": " + $0 } ?? "")
        }
    }

    /// What the playground did and holds, the facts every condition is judged by.
    private struct Facts {
        let keys: [String]
        let totalCost: Int
        let events: [PlaygroundEvent]

        /// Each time `key` left the cache since the step began, as a phrase that follows
        /// "left the cache" (by `clear`, in an eviction by count), oldest first.
        func departures(of key: String) -> [String] {
            events.compactMap { event in
                switch event {
                case let .removed(removedKey, command) where removedKey == key: return "by `\(command)`"
                case let .evicted(evictedKey, reason) where evictedKey == key: return "in an eviction by \(reason)"
                default: return nil
                }
            }
        }

        var holdings: String { keys.isEmpty ? "the cache is empty" : "it holds " + keys.joined(separator: ", ") }

        var evictionCount: Int { events.filter { if case .evicted = $0 { true } else { false } }.count }

        func judge(_ condition: TryCondition) -> Entry {
            var entry = Entry(holds: false, wanted: condition.description)
            switch condition {
            case let .evicted(key, reason):
                let by = reason.map { " by \($0.rawValue)" } ?? ""
                entry.wanted = "\(key) evicted\(by)"
                entry.holds = events.contains { event in
                    guard case let .evicted(evictedKey, evictedReason) = event, evictedKey == key else { return false }
                    return reason == nil || reason?.rawValue == evictedReason
                }
                guard !entry.holds else { break }
                let left = departures(of: key)
                if keys.contains(key) {
                    entry.actual = "\(key) is still in the cache"
                } else if let last = left.last {
                    entry.actual = "\(key) left the cache \(last)"
                    // Only an entry the cache holds can be evicted: this one would have to be stored again.
                    entry.outOfReach = "\(key) left the cache \(last), so it cannot be evicted\(by) unless you store it again"
                } else {
                    entry.actual = "\(key) is not in the cache"
                }
            case let .hit(key):
                entry.wanted = "a `get \(key)` that finds it"
                entry.holds = events.contains(.hit(key: key))
                guard !entry.holds else { break }
                if keys.contains(key) {
                    entry.actual = "no `get \(key)` yet"
                } else if let last = departures(of: key).last {
                    entry.actual = "\(key) left the cache \(last)"
                    entry.outOfReach = "\(key) left the cache \(last), so `get \(key)` can only miss unless you store it again"
                } else {
                    entry.actual = "\(key) is not in the cache"
                }
            case let .miss(key):
                entry.wanted = "a `get \(key)` that misses"
                entry.holds = events.contains(.miss(key: key))
                if !entry.holds { entry.actual = keys.contains(key) ? "\(key) is in the cache" : "no `get \(key)` yet" }
            case let .contains(key):
                entry.wanted = "\(key) in the cache"
                entry.holds = keys.contains(key)
                if !entry.holds { entry.actual = holdings }
            case let .lacks(key):
                entry.wanted = "\(key) not in the cache"
                entry.holds = !keys.contains(key)
                if !entry.holds { entry.actual = "it holds \(key)" }
            case let .count(comparison):
                entry.wanted = "entries \(comparison)"
                entry.holds = comparison.holds(for: keys.count)
                if !entry.holds { entry.actual = "\(keys.count) now" }
            case let .cost(comparison):
                entry.wanted = "total cost \(comparison)"
                entry.holds = comparison.holds(for: totalCost)
                if !entry.holds { entry.actual = "\(totalCost) now" }
            case let .evictions(comparison):
                entry.wanted = "evictions \(comparison)"
                let count = evictionCount
                entry.holds = comparison.holds(for: count)
                guard !entry.holds else { break }
                entry.actual = "\(count) so far"
                // Evictions only add up, so a ceiling once passed stays passed.
                let passed: Bool
                switch comparison.op {
                case .equal, .lessOrEqual: passed = count > comparison.value
                case .less: passed = count >= comparison.value
                default: passed = false
                }
                if passed { entry.outOfReach = "the step wants evictions \(comparison), and \(count) have happened already" }
            case let .ran(command):
                entry.wanted = "`\(command)` run"
                let wanted = command.split(separator: " ").map(String.init)
                entry.holds = events.contains { event in
                    guard case let .ran(words) = event else { return false }
                    return words.starts(with: wanted)
                }
                if !entry.holds { entry.actual = "not run yet" }
            case .printed, .evictionsBy, .stores, .costlessStores, .hits, .misses:
                // About a Swift program's run; the lesson linter keeps them off playground steps.
                entry.actual = "only a Swift run can show this"
            }
            return entry
        }
    }
}
