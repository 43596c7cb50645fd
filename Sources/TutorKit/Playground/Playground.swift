import CacheEngine
import Foundation
import TutorTerminal

/// A live reference cache the learner drives with typed commands.
///
/// Every command appends to ``events``, so a try-it step can ask what happened since it
/// began (``mark``) as well as what the cache holds now.
///
///     let playground = Playground()
///     _ = try playground.run("cache new --cost 100")
///     _ = try playground.run("set a 60")
///     let lines = try playground.run("set b 60")   // ["evicted a (cost: …)"] when the delegate is on
public final class Playground {
    /// Stored in the cache; knows its key so evictions can be reported by key.
    final class Value {
        let key: String
        init(key: String) { self.key = key }
    }

    /// The cache being played with.
    private(set) var cache: Cache<NSString, Value>
    /// The settings it was made with, for `show`.
    private(set) var settings = PlaygroundCommand.CacheSettings()
    /// Whether evictions are printed as they happen.
    public private(set) var delegateOn = false
    /// Everything the learner's commands did, oldest first.
    public private(set) var events: [PlaygroundEvent] = []
    private let inbox = EvictionInbox()
    /// Colours and width of the output; set it again when the terminal is resized.
    public var style: TerminalStyle

    /// A playground with an unlimited LRU cache, drawing output in `style`.
    public init(style: TerminalStyle = .plain) {
        self.style = style
        cache = Cache(policy: .lru)
        cache = makeCache(settings)
    }

    /// The position in ``events`` now; pass it to ``check(_:since:)`` later.
    public var mark: Int { events.count }

    /// Each eviction since `mark`, as the key and why it went: `a (count: over the count limit)`.
    public func evictions(since mark: Int) -> [String] {
        events.dropFirst(mark).compactMap { event in
            guard case let .evicted(key, reason) = event else { return nil }
            return key + " (" + (EvictionReason(rawValue: reason).map(Self.explain) ?? reason) + ")"
        }
    }

    /// The keys the cache holds now, in eviction order (the next to go first).
    public var keys: [String] { cache.entries().map { $0.key as String } }

    /// Parses and runs one line; returns the lines to show.
    public func run(_ line: String) throws(PlaygroundError) -> [String] {
        try run(PlaygroundCommand(parsing: line), words: line.split(whereSeparator: { $0.isWhitespace }).map(String.init))
    }

    /// Runs a parsed command; `words` is how it was typed, for `ran` conditions.
    public func run(_ command: PlaygroundCommand, words: [String]) -> [String] {
        events.append(.ran(words: words))
        var output: [String] = []
        switch command {
        case let .newCache(newSettings):
            events += keys.map { PlaygroundEvent.removed(key: $0, by: "cache new") }
            settings = newSettings
            cache = makeCache(newSettings)
            output.append("new cache: " + describeLimits())
        case let .set(key, cost):
            if let cost {
                cache.setObject(Value(key: key), forKey: key as NSString, cost: cost)
            } else {
                cache.setObject(Value(key: key), forKey: key as NSString)
            }
        case let .get(key):
            if cache.object(forKey: key as NSString) != nil {
                events.append(.hit(key: key))
                output.append(style.paint("hit", .green) + ": \(key)")
            } else {
                events.append(.miss(key: key))
                output.append(style.paint("miss", .yellow) + ": \(key) is not in the cache")
            }
        case let .remove(key):
            if keys.contains(key) { events.append(.removed(key: key, by: "remove")) }
            cache.removeObject(forKey: key as NSString)
        case .clear:
            events += keys.map { PlaygroundEvent.removed(key: $0, by: "clear") }
            cache.removeAllObjects()
        case let .pressure(level):
            cache.simulateMemoryPressure(level == .critical ? .critical : .moderate)
        case let .delegate(on):
            delegateOn = on
            output.append(on ? "delegate on: each eviction is printed as it happens" : "delegate off")
        case .show:
            output += showLines()
        case .stats:
            output += statsLines()
        case let .help(topic):
            output += help(topic)
        }
        output += drainEvictions()
        switch command {
        case .set, .remove, .clear, .pressure: output.append(style.paint(summaryLine(), .dim))
        default: break
        }
        return output.flatMap(fit)
    }

    /// `line` wrapped to the width when it is too wide, keeping its indent (and indenting
    /// the lines it continues on a little further).
    func fit(_ line: String) -> [String] {
        guard TextWrapper.visibleWidth(line) > style.width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        return TextWrapper.wrap(String(line.dropFirst(indent.count)), width: style.width, indent: indent, continuationIndent: indent + "  ")
    }

    private func makeCache(_ settings: PlaygroundCommand.CacheSettings) -> Cache<NSString, Value> {
        let policy: EvictionPolicy
        switch settings.policy ?? .lru {
        case .lru: policy = .lru
        case .fifo: policy = .fifo
        case .random: policy = .random(seed: settings.seed ?? 1)
        case .foundation: policy = .foundation
        }
        let cache = Cache<NSString, Value>(policy: policy)
        cache.name = "playground"
        cache.countLimit = settings.countLimit ?? 0
        cache.totalCostLimit = settings.costLimit ?? 0
        let inbox = self.inbox
        cache.evictionObserver = { key, _, reason in
            inbox.post(key: (key as? NSString).map { $0 as String } ?? "\(key)", reason: reason)
        }
        return cache
    }

    /// Moves evictions the engine reported into the event log; prints them only when the
    /// delegate is on, because an `NSCache` drops entries silently and that is the lesson.
    private func drainEvictions() -> [String] {
        let evicted = inbox.take()
        var lines: [String] = []
        for (key, reason) in evicted {
            events.append(.evicted(key: key, reason: reason.rawValue))
            if delegateOn {
                lines.append(style.paint("delegate", .magenta) + ": willEvictObject \(key) (" + Self.explain(reason) + ")")
            }
        }
        return lines
    }

    static func explain(_ reason: EvictionReason) -> String {
        switch reason {
        case .count: return "count: over the count limit"
        case .cost: return "cost: over the total cost limit"
        case .pressure: return "pressure: memory pressure"
        case .discarded: return "discarded: its content was discarded"
        }
    }
}
