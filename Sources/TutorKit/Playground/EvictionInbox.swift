import CacheEngine
import Synchronization

/// Evictions the engine reported (its observer may run on any thread) until the
/// playground collects them after a command.
final class EvictionInbox: Sendable {
    private let pending = Mutex<[(key: String, reason: EvictionReason)]>([])

    func post(key: String, reason: EvictionReason) {
        pending.withLock { $0.append((key, reason)) }
    }

    func take() -> [(key: String, reason: EvictionReason)] {
        pending.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }
}
