import TutorTerminal

extension PlaygroundCommand {
    /// The usage line of each command, as help and error messages show it.
    public static let usage: [String: String] = [
        "cache": "cache new [--count N] [--cost N] [--policy lru|fifo|random|foundation] [--seed N]",
        "set": "set KEY [COST]",
        "get": "get KEY",
        "remove": "remove KEY",
        "clear": "clear",
        "pressure": "pressure moderate|critical",
        "delegate": "delegate on|off",
        "show": "show",
        "stats": "stats",
        "help": "help [COMMAND]",
    ]

    /// What each command does, in a few words, for command lists.
    public static let summary: [String: String] = [
        "cache": "start over with a new, empty cache and these limits",
        "set": "store an object under KEY, costing COST (default 0)",
        "get": "look KEY up: a hit or a miss",
        "remove": "remove KEY (not an eviction)",
        "clear": "remove every entry",
        "pressure": "simulate memory pressure",
        "delegate": "print each eviction as it happens, or stop",
        "show": "draw the entries against the cost limit",
        "stats": "hits, misses and evictions so far",
        "help": "list these commands, or explain one",
    ]

    /// The options of `cache new`.
    public static let cacheOptions = ["--count", "--cost", "--policy", "--seed"]

    /// Parses one line of playground input.
    ///
    /// Errors name what is wrong and, for a typo, the nearest valid word:
    /// `unknown playground command 'sett'; did you mean 'set'?`
    public init(parsing line: some StringProtocol) throws(PlaygroundError) {
        let words = String(line).split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let name = words.first else { throw .empty }
        let arguments = Array(words.dropFirst())
        switch name {
        case "cache":
            guard arguments.first == "new" else {
                throw .malformed(command: name, problem: arguments.isEmpty ? "missing 'new'" : "unknown word '\(arguments[0])'")
            }
            self = .newCache(try Self.parseSettings(Array(arguments.dropFirst())))
        case "set":
            guard (1...2).contains(arguments.count) else {
                throw .malformed(command: name, problem: arguments.isEmpty ? "missing KEY" : "too many words")
            }
            let cost = try arguments.count == 2 ? Self.number(arguments[1], for: "COST") : nil
            self = .set(key: arguments[0], cost: cost)
        case "get", "remove":
            guard arguments.count == 1 else {
                throw .malformed(command: name, problem: arguments.isEmpty ? "missing KEY" : "too many words")
            }
            self = name == "get" ? .get(key: arguments[0]) : .remove(key: arguments[0])
        case "clear", "show", "stats":
            guard arguments.isEmpty else { throw .malformed(command: name, problem: "it takes no arguments") }
            self = name == "clear" ? .clear : name == "show" ? .show : .stats
        case "pressure":
            let level = try Self.oneOf(arguments, command: name, values: PressureLevel.allCases.map(\.rawValue))
            self = .pressure(PressureLevel(rawValue: level)!)
        case "delegate":
            self = .delegate(try Self.oneOf(arguments, command: name, values: ["on", "off"]) == "on")
        case "help":
            guard arguments.count <= 1 else { throw .malformed(command: name, problem: "too many words") }
            self = .help(arguments.first)
        default:
            throw .unknownCommand(name, suggestion: Suggestion.nearest(to: name, in: Self.names))
        }
    }

    private static func parseSettings(_ words: [String]) throws(PlaygroundError) -> CacheSettings {
        var settings = CacheSettings()
        var index = 0
        while index < words.count {
            var option = words[index]
            var value: String?
            if let equals = option.firstIndex(of: "="), option.hasPrefix("--") {
                value = String(option[option.index(after: equals)...])
                option = String(option[..<equals])
            }
            guard cacheOptions.contains(option) else {
                if option.hasPrefix("-") {
                    throw .unknownOption(option, suggestion: Suggestion.nearest(to: option, in: cacheOptions))
                }
                throw .malformed(command: "cache", problem: "unexpected word '\(option)'")
            }
            if value == nil {
                index += 1
                guard index < words.count else { throw .missingValue(option: option) }
                value = words[index]
            }
            let text = value!
            switch option {
            case "--count": settings.countLimit = try number(text, for: option)
            case "--cost": settings.costLimit = try number(text, for: option)
            case "--seed":
                guard let seed = UInt64(text) else { throw .notANumber(text, what: option) }
                settings.seed = seed
            default:
                guard let policy = PolicyChoice(rawValue: text) else {
                    throw .unknownValue(text, what: option, allowed: PolicyChoice.allCases.map(\.rawValue),
                                        suggestion: Suggestion.nearest(to: text, in: PolicyChoice.allCases.map(\.rawValue)))
                }
                settings.policy = policy
            }
            index += 1
        }
        if settings.seed != nil, settings.policy != .random {
            throw .malformed(command: "cache", problem: "--seed only applies to --policy random")
        }
        return settings
    }

    private static func number(_ text: String, for what: String) throws(PlaygroundError) -> Int {
        guard let value = Int(text), value >= 0 else { throw .notANumber(text, what: what) }
        return value
    }

    private static func oneOf(_ arguments: [String], command: String, values: [String]) throws(PlaygroundError) -> String {
        guard arguments.count == 1 else {
            throw .malformed(command: command, problem: arguments.isEmpty ? "missing \(values.joined(separator: "|"))" : "too many words")
        }
        guard values.contains(arguments[0]) else {
            throw .unknownValue(arguments[0], what: command, allowed: values, suggestion: Suggestion.nearest(to: arguments[0], in: values))
        }
        return arguments[0]
    }
}
