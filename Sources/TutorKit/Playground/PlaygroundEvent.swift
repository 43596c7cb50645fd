/// Something a playground command did, recorded so try-it steps can be checked against it.
public enum PlaygroundEvent: Sendable, Equatable {
    /// The learner ran a command; `words` as typed (`["pressure", "critical"]`).
    case ran(words: [String])
    /// `get KEY` found the key.
    case hit(key: String)
    /// `get KEY` did not find the key.
    case miss(key: String)
    /// A learner's command took `key` out of the cache: `by` is `remove`, `clear` or
    /// `cache new` (which replaces the cache and everything in it).
    case removed(key: String, by: String)
    /// The engine evicted `key` on its own, for `reason`.
    case evicted(key: String, reason: String)
}
