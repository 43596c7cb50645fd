/// One command of the cache playground, as the learner typed it, already checked.
///
///     try PlaygroundCommand(parsing: "set b 40")           // .set(key: "b", cost: 40)
///     try PlaygroundCommand(parsing: "cache new --cost 100") // .newCache(CacheSettings(costLimit: 100))
public enum PlaygroundCommand: Sendable, Equatable {
    /// `cache new …`: replace the cache with a fresh one.
    case newCache(CacheSettings)
    /// `set KEY [COST]`: store an object; without a cost, `setObject(_:forKey:)` (cost 0).
    case set(key: String, cost: Int?)
    /// `get KEY`: look a key up (a hit or a miss).
    case get(key: String)
    /// `remove KEY`: `removeObject(forKey:)`.
    case remove(key: String)
    /// `clear`: `removeAllObjects()`.
    case clear
    /// `pressure moderate|critical`: simulated memory pressure.
    case pressure(PressureLevel)
    /// `delegate on|off`: print each eviction as the delegate hears of it.
    case delegate(Bool)
    /// `show`: the entries as a bar chart of cost against the limit.
    case show
    /// `stats`: hits, misses and evictions by reason.
    case stats
    /// `help [COMMAND]`: the command list, or one command in detail.
    case help(String?)

    /// How much memory pressure to simulate.
    public enum PressureLevel: String, Sendable, CaseIterable {
        /// The engine drops about half of the total cost.
        case moderate
        /// The engine drops everything.
        case critical
    }

    /// The eviction order a new cache uses.
    public enum PolicyChoice: String, Sendable, CaseIterable {
        /// Least recently used first.
        case lru
        /// Oldest insert first; reads do not matter.
        case fifo
        /// A seeded random entry (`--seed`).
        case random
        /// Foundation's order on Linux: cheapest first, newest first among equal costs,
        /// trimming only when an object is stored.
        case foundation
    }

    /// The limits and policy of `cache new`; nil means the engine's default.
    public struct CacheSettings: Sendable, Equatable {
        /// `--count N`: the count limit (0 = none).
        public var countLimit: Int?
        /// `--cost N`: the total cost limit (0 = none).
        public var costLimit: Int?
        /// `--policy`: the eviction order.
        public var policy: PolicyChoice?
        /// `--seed N`: the random policy's seed.
        public var seed: UInt64?

        /// Settings with every field given (all optional).
        public init(countLimit: Int? = nil, costLimit: Int? = nil, policy: PolicyChoice? = nil, seed: UInt64? = nil) {
            self.countLimit = countLimit
            self.costLimit = costLimit
            self.policy = policy
            self.seed = seed
        }
    }

    /// The first word of each command, in the order help lists them.
    public static let names = ["cache", "set", "get", "remove", "clear", "pressure", "delegate", "show", "stats", "help"]

    /// The first word of this command.
    public var name: String {
        switch self {
        case .newCache: return "cache"
        case .set: return "set"
        case .get: return "get"
        case .remove: return "remove"
        case .clear: return "clear"
        case .pressure: return "pressure"
        case .delegate: return "delegate"
        case .show: return "show"
        case .stats: return "stats"
        case .help: return "help"
        }
    }

    /// Whether the command can change what the cache holds.
    public var changesCache: Bool {
        switch self {
        case .newCache, .set, .remove, .clear, .pressure: return true
        case .get, .delegate, .show, .stats, .help: return false
        }
    }
}
