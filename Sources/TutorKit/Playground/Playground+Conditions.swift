import CacheEngine
import Foundation
import TutorCourse

extension Playground {
    /// Whether `condition` holds now, counting only events after `mark`.
    ///
    /// Conditions about what happened (`evicted`, `hit`, `miss`, `evictions`, `ran`) look at
    /// the events since the step began; conditions about state (`contains`, `lacks`,
    /// `count`, `cost`) look at the cache as it is. Checking never touches the cache's
    /// statistics or its recency order.
    public func holds(_ condition: TryCondition, since mark: Int) -> Bool {
        let recent = events[min(mark, events.count)...]
        switch condition {
        case let .evicted(key, reason):
            return recent.contains { event in
                guard case let .evicted(evictedKey, evictedReason) = event, evictedKey == key else { return false }
                return reason == nil || reason!.rawValue == evictedReason
            }
        case let .hit(key):
            return recent.contains(.hit(key: key))
        case let .miss(key):
            return recent.contains(.miss(key: key))
        case let .contains(key):
            return keys.contains(key)
        case let .lacks(key):
            return !keys.contains(key)
        case let .count(comparison):
            return comparison.holds(for: cache.count)
        case let .cost(comparison):
            return comparison.holds(for: cache.totalCost)
        case let .evictions(comparison):
            return comparison.holds(for: recent.filter { if case .evicted = $0 { true } else { false } }.count)
        case let .ran(command):
            let wanted = command.split(separator: " ").map(String.init)
            return recent.contains { event in
                guard case let .ran(words) = event else { return false }
                return words.starts(with: wanted)
            }
        case .printed, .evictionsBy, .stores, .costlessStores, .hits, .misses:
            // About a Swift program's run; the lesson linter keeps them off playground steps.
            return false
        }
    }

    /// Whether every condition holds (see ``holds(_:since:)``).
    public func allHold(_ conditions: [TryCondition], since mark: Int) -> Bool {
        conditions.allSatisfy { holds($0, since: mark) }
    }
}
