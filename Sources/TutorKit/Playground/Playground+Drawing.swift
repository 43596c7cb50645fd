import CacheEngine
import Foundation
import TutorTerminal

extension Playground {
    /// The widest a bar chart gets, in columns.
    static let chartWidth = 40

    /// One line: how full the cache is against its limits.
    func summaryLine() -> String {
        let count = cache.countLimit > 0 ? "\(cache.count)/\(cache.countLimit)" : "\(cache.count)"
        let cost = cache.totalCostLimit > 0 ? "\(cache.totalCost)/\(cache.totalCostLimit)" : "\(cache.totalCost)"
        return "entries \(count) · cost \(cost)"
    }

    /// The cache's limits, policy and fill, in one line: what a try-it step starts from.
    public func describeCache() -> String {
        "\(describeLimits()); holds " + (keys.isEmpty ? "nothing" : keys.joined(separator: ", ")) + " (\(summaryLine()))"
    }

    /// The limits and policy, as `cache new` reports them.
    func describeLimits() -> String {
        let count = cache.countLimit > 0 ? "count limit \(cache.countLimit)" : "no count limit"
        let cost = cache.totalCostLimit > 0 ? "cost limit \(cache.totalCostLimit)" : "no cost limit"
        var policy = (settings.policy ?? .lru).rawValue
        if settings.policy == .random { policy += " (seed \(settings.seed ?? 1))" }
        return "\(count), \(cost), policy \(policy)"
    }

    /// `show`: each entry as a bar placed where its cost falls in the cost budget, in
    /// eviction order (the next to go on top), with the limit drawn as a line.
    func showLines() -> [String] {
        let entries = cache.entries()
        var lines = ["cache: " + describeLimits()]
        guard !entries.isEmpty else { return lines + ["(empty)"] }
        let limit = cache.totalCostLimit
        let scale = max(limit, cache.totalCost, 1)
        let width = min(Self.chartWidth, max(10, style.width - 30))
        let keyWidth = min(16, entries.map { TextWrapper.visibleWidth($0.key as String) }.max() ?? 1)
        func column(_ cost: Int) -> Int { Int((Double(cost) * Double(width) / Double(scale)).rounded()) }
        let limitColumn = limit > 0 ? column(limit) : nil

        let order = settings.policy == .random ? "in the engine's order; under random, any entry may go next" : "next to be evicted first ↓"
        lines.append(style.paint(order, .dim))
        var start = 0
        for entry in entries {
            let from = column(start)
            var to = column(start + entry.cost)
            if entry.cost > 0, to == from { to = from + 1 }
            var cells = Array(repeating: " ", count: max(width, to) + 1)
            for index in from..<to { cells[index] = "█" }
            if entry.cost == 0 { cells[from] = "·" }
            if let limitColumn, limitColumn < cells.count, cells[limitColumn] == " " { cells[limitColumn] = "│" }
            let key = TextWrapper.pad(String((entry.key as String).prefix(keyWidth)), to: keyWidth)
            let bar = style.paint(cells.joined(), entry.cost > 0 && start + entry.cost > limit && limit > 0 ? .red : .cyan)
            lines.append("  \(key) \(bar) \(entry.cost)")
            start += entry.cost
        }
        let footer = limit > 0
            ? "total cost \(cache.totalCost) of limit \(limit)" + (cache.totalCost > limit ? " (over: an entry bigger than the limit is admitted alone)" : "")
            : "total cost \(cache.totalCost) (no cost limit)"
        let footerIndent = String(repeating: " ", count: min(keyWidth + 3, style.width / 3))
        lines += TextWrapper.wrap(footer, width: style.width, indent: footerIndent).map { style.paint($0, .dim) }
        return lines
    }

    /// `stats`: what the engine counted since the cache was made.
    func statsLines() -> [String] {
        let stats = cache.statistics
        let lookups = stats.hits + stats.misses
        let rate = lookups > 0 ? " (hit rate \(stats.hits * 100 / lookups)%)" : ""
        let byReason = EvictionReason.allCases.map { "\($0.rawValue) \(stats.evictions[$0] ?? 0)" }
        let total = EvictionReason.allCases.reduce(0) { $0 + (stats.evictions[$1] ?? 0) }
        return [
            "hits \(stats.hits), misses \(stats.misses)\(rate)",
            "inserts \(stats.inserts), updates \(stats.updates), removals \(stats.removals)",
            "evictions \(total): " + byReason.joined(separator: ", "),
            "now " + summaryLine(),
        ]
    }

    /// `help` or `help COMMAND`.
    func help(_ topic: String?) -> [String] {
        let details: [String: String] = [
            "cache": "Replace the cache with a new, empty one. --count and --cost set countLimit and totalCostLimit (0 = no limit); --policy picks which entry goes first when a limit is passed (lru: least recently used, fifo: oldest insert, random: seeded by --seed, foundation: the order of Foundation's NSCache on Linux, cheapest first and newest first among equal costs, trimming only on set).",
            "set": "Store an object under KEY, with COST if given (setObject(_:forKey:cost:)); without a cost it is 0.",
            "get": "Look KEY up (object(forKey:)): a hit or a miss. A hit makes KEY the most recently used.",
            "remove": "Remove KEY (removeObject(forKey:)). Removing is not an eviction.",
            "clear": "Remove every entry (removeAllObjects()).",
            "pressure": "Simulate memory pressure: moderate drops about half the total cost, critical drops everything.",
            "delegate": "With the delegate on, each eviction is printed as it happens, with its reason.",
            "show": "Draw the entries in eviction order (the next to go first) as bars of their cost against the cost limit.",
            "stats": "Hits, misses, inserts and evictions by reason since the cache was made.",
            "help": "List the playground commands, or explain one: help set.",
        ]
        if let topic {
            guard let usage = PlaygroundCommand.usage[topic], let detail = details[topic] else {
                let hint = Suggestion.nearest(to: topic, in: PlaygroundCommand.names).map { "; did you mean '\($0)'?" } ?? ""
                return ["no playground command '\(topic)'\(hint)"]
            }
            return [usage] + TextWrapper.wrap(detail, width: style.width, indent: "  ")
        }
        return ["playground commands:"] + PlaygroundCommand.names.flatMap { Self.listing($0, width: style.width, style: style) }
    }

    /// The command `name` as a list entry: its usage, then what it does in dim text,
    /// wrapped under the usage.
    public static func listing(_ name: String, width: Int, style: TerminalStyle) -> [String] {
        let usage = PlaygroundCommand.usage[name] ?? name
        let summary = PlaygroundCommand.summary[name].map { " · " + style.paint($0, .dim) } ?? ""
        return TextWrapper.wrap(usage + summary, width: width, indent: "  ", continuationIndent: "      ")
    }
}
