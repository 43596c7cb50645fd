import CacheEngine
import TutorCourse

extension Playground {
    /// Where `conditions` stand now, counting only events after `mark` (see
    /// ``StepEvaluation``).
    ///
    /// Conditions about what happened (`evicted`, `hit`, `miss`, `evictions`, `ran`) look at
    /// the events since the step began; conditions about state (`contains`, `lacks`,
    /// `count`, `cost`) look at the cache as it is. Judging never touches the cache's
    /// statistics or its recency order.
    public func evaluate(_ conditions: [TryCondition], since mark: Int) -> StepEvaluation {
        StepEvaluation(conditions: conditions, keys: keys, totalCost: cache.totalCost, events: Array(events[min(mark, events.count)...]))
    }

    /// Whether `condition` holds now, counting only events after `mark`.
    public func holds(_ condition: TryCondition, since mark: Int) -> Bool {
        evaluate([condition], since: mark).isDone
    }

    /// Whether every condition holds (see ``holds(_:since:)``).
    public func allHold(_ conditions: [TryCondition], since mark: Int) -> Bool {
        evaluate(conditions, since: mark).isDone
    }
}
