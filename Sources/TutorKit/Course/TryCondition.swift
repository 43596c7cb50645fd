import TutorTerminal

/// An outcome a try-it step waits for, parsed from an `expect:` line of a lesson.
///
/// The lesson only states conditions; the playground in TutorPlayground evaluates them
/// against what the learner's commands did since the step began.
///
///     try TryCondition(parsing: "evicted b by cost")   // .evicted(key: "b", reason: .cost)
///     try TryCondition(parsing: "count <= 2")          // .count(Comparison(.lessOrEqual, 2))
public enum TryCondition: Sendable, Equatable, CustomStringConvertible {
    /// `KEY` was evicted since the step began; with a reason, for that reason only.
    case evicted(key: String, reason: EvictionCause?)
    /// A `get KEY` found the key.
    case hit(key: String)
    /// A `get KEY` did not find the key.
    case miss(key: String)
    /// The cache holds `KEY` now.
    case contains(key: String)
    /// The cache does not hold `KEY` now.
    case lacks(key: String)
    /// The number of entries now compares so.
    case count(Comparison)
    /// The total cost now compares so.
    case cost(Comparison)
    /// The number of evictions since the step began compares so.
    case evictions(Comparison)
    /// The learner ran a playground command whose words begin with these (`ran stats`,
    /// `ran pressure critical`).
    case ran(command: String)
    /// Swift steps: the program's output contains this text.
    case printed(String)
    /// Swift steps: evictions for this reason, over every cache the program made, compare so.
    case evictionsBy(EvictionCause, Comparison)
    /// Swift steps: stores (`setObject` calls) over every cache compare so.
    case stores(Comparison)
    /// Swift steps: stores that passed no cost, or a cost of 0, compare so.
    case costlessStores(Comparison)
    /// Swift steps: lookups that found / did not find an object compare so.
    case hits(Comparison)
    case misses(Comparison)

    /// Why an entry left the cache, spelled as in lessons (mirrors the engine's `EvictionReason`).
    public enum EvictionCause: String, Sendable, CaseIterable {
        case count, cost, pressure, discarded
    }

    /// The words that begin a condition, for suggestions and documentation.
    public static let keywords = ["evicted", "hit", "miss", "contains", "lacks", "count", "cost", "evictions", "ran", "printed", "stores", "costless-stores", "hits", "misses"]

    /// Whether the condition is about a Swift program run with `run` (true), about the
    /// playground (false), or both (`evictions OP N`, nil).
    public var isAboutSwift: Bool? {
        switch self {
        case .printed, .evictionsBy, .stores, .costlessStores, .hits, .misses: true
        case .evictions: nil
        default: false
        }
    }

    /// The condition written back in lesson syntax.
    public var description: String {
        switch self {
        case let .evicted(key, reason?): return "evicted \(key) by \(reason.rawValue)"
        case let .evicted(key, nil): return "evicted \(key)"
        case let .hit(key): return "hit \(key)"
        case let .miss(key): return "miss \(key)"
        case let .contains(key): return "contains \(key)"
        case let .lacks(key): return "lacks \(key)"
        case let .count(comparison): return "count \(comparison)"
        case let .cost(comparison): return "cost \(comparison)"
        case let .evictions(comparison): return "evictions \(comparison)"
        case let .ran(command): return "ran \(command)"
        case let .printed(text): return "printed \(text)"
        case let .evictionsBy(reason, comparison): return "evictions by \(reason.rawValue) \(comparison)"
        case let .stores(comparison): return "stores \(comparison)"
        case let .costlessStores(comparison): return "costless-stores \(comparison)"
        case let .hits(comparison): return "hits \(comparison)"
        case let .misses(comparison): return "misses \(comparison)"
        }
    }

    /// Parses one condition; the error says what is wrong without file or line (the
    /// lesson parser adds those).
    public init(parsing text: some StringProtocol) throws(TryConditionError) {
        let words = String(text).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard var keyword = words.first else { throw .empty }
        var arguments = Array(words.dropFirst())
        // `cost>=100` is natural to write: split the operator off the keyword.
        if let opStart = keyword.firstIndex(where: { "=<>!".contains($0) }), opStart != keyword.startIndex {
            arguments.insert(String(keyword[opStart...]), at: 0)
            keyword = String(keyword[..<opStart])
        }
        switch keyword {
        case "evicted":
            switch arguments.count {
            case 1:
                self = .evicted(key: arguments[0], reason: nil)
            case 3 where arguments[1] == "by":
                guard let reason = EvictionCause(rawValue: arguments[2]) else {
                    throw .unknownReason(arguments[2], suggestion: Suggestion.nearest(to: arguments[2], in: EvictionCause.allCases.map(\.rawValue)))
                }
                self = .evicted(key: arguments[0], reason: reason)
            default:
                throw .malformed(keyword: keyword, usage: "evicted KEY [by count|cost|pressure|discarded]")
            }
        case "hit", "miss", "contains", "lacks":
            guard arguments.count == 1 else { throw .malformed(keyword: keyword, usage: "\(keyword) KEY") }
            let key = arguments[0]
            switch keyword {
            case "hit": self = .hit(key: key)
            case "miss": self = .miss(key: key)
            case "contains": self = .contains(key: key)
            default: self = .lacks(key: key)
            }
        case "evictions" where arguments.first == "by":
            guard arguments.count >= 2, let reason = EvictionCause(rawValue: arguments[1]) else {
                let word = arguments.count >= 2 ? arguments[1] : ""
                throw .unknownReason(word, suggestion: Suggestion.nearest(to: word, in: EvictionCause.allCases.map(\.rawValue)))
            }
            self = .evictionsBy(reason, try Comparison(parsing: Array(arguments.dropFirst(2)), keyword: "evictions by \(reason.rawValue)"))
        case "stores", "costless-stores", "hits", "misses":
            let comparison = try Comparison(parsing: arguments, keyword: keyword)
            switch keyword {
            case "stores": self = .stores(comparison)
            case "costless-stores": self = .costlessStores(comparison)
            case "hits": self = .hits(comparison)
            default: self = .misses(comparison)
            }
        case "printed":
            guard !arguments.isEmpty else { throw .malformed(keyword: keyword, usage: "printed TEXT") }
            self = .printed(arguments.joined(separator: " "))
        case "count", "cost", "evictions":
            let comparison = try Comparison(parsing: arguments, keyword: keyword)
            switch keyword {
            case "count": self = .count(comparison)
            case "cost": self = .cost(comparison)
            default: self = .evictions(comparison)
            }
        case "ran":
            guard !arguments.isEmpty else { throw .malformed(keyword: keyword, usage: "ran COMMAND") }
            self = .ran(command: arguments.joined(separator: " "))
        default:
            throw .unknown(keyword, suggestion: Suggestion.nearest(to: keyword, in: Self.keywords))
        }
    }
}

/// A number compared with a fixed value: the `OP N` of `count <= 2`.
public struct Comparison: Sendable, Equatable, CustomStringConvertible {
    /// How the actual value is compared.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// The comparison operator.
    public var op: Operator
    /// The value the actual number is compared with.
    public var value: Int

    /// A comparison `op value`.
    public init(_ op: Operator, _ value: Int) {
        self.op = op
        self.value = value
    }

    /// Whether `actual OP value` holds.
    ///
    ///     Comparison(.lessOrEqual, 2).holds(for: 3)   // false
    public func holds(for actual: Int) -> Bool {
        switch op {
        case .equal: return actual == value
        case .notEqual: return actual != value
        case .less: return actual < value
        case .lessOrEqual: return actual <= value
        case .greater: return actual > value
        case .greaterOrEqual: return actual >= value
        }
    }

    /// `OP N`, as written in a lesson.
    public var description: String { "\(op.rawValue) \(value)" }

    init(parsing words: [String], keyword: String) throws(TryConditionError) {
        let usage = "\(keyword) OP N, with OP one of = != < <= > >="
        // `count<=2` and `count <= 2` are both natural to write; accept the operator glued to the number too.
        var tokens = words
        if tokens.count == 1, let glued = Comparison.splitGlued(tokens[0]) { tokens = glued }
        guard tokens.count == 2 else { throw .malformed(keyword: keyword, usage: usage) }
        let opText = tokens[0] == "==" ? "=" : tokens[0]
        guard let op = Operator(rawValue: opText) else { throw .malformed(keyword: keyword, usage: usage) }
        guard let value = Int(tokens[1]), value >= 0 else {
            throw .notANumber(tokens[1], keyword: keyword)
        }
        self.init(op, value)
    }

    private static func splitGlued(_ token: String) -> [String]? {
        let opCharacters: Set<Character> = ["=", "!", "<", ">"]
        let op = token.prefix { opCharacters.contains($0) }
        guard !op.isEmpty, op.count < token.count else { return nil }
        return [String(op), String(token.dropFirst(op.count))]
    }
}

/// Why an `expect:` line is not a condition.
public enum TryConditionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing after `expect:`.
    case empty
    /// The first word is not a condition keyword.
    case unknown(String, suggestion: String?)
    /// A known keyword with the wrong arguments.
    case malformed(keyword: String, usage: String)
    /// `evicted KEY by X` with an unknown `X`.
    case unknownReason(String, suggestion: String?)
    /// `count OP N` where `N` is not a whole number ≥ 0.
    case notANumber(String, keyword: String)

    /// What is wrong, for a lesson error message.
    public var description: String {
        switch self {
        case .empty:
            return "'expect:' needs a condition, e.g. 'expect: evicted b by cost'"
        case let .unknown(word, suggestion?):
            return "unknown condition '\(LessonError.cut(word))'; did you mean '\(suggestion)'?"
        case let .unknown(word, nil):
            return "unknown condition '\(LessonError.cut(word))'; conditions are \(TryCondition.keywords.joined(separator: ", "))"
        case let .malformed(keyword, usage):
            return "malformed '\(keyword)' condition; write '\(usage)'"
        case let .unknownReason(reason, suggestion?):
            return "unknown eviction reason '\(LessonError.cut(reason))'; did you mean '\(suggestion)'?"
        case let .unknownReason(reason, nil):
            return "unknown eviction reason '\(LessonError.cut(reason))'; reasons are count, cost, pressure, discarded"
        case let .notANumber(text, keyword):
            return "'\(keyword)' compares with a whole number, not '\(LessonError.cut(text))'"
        }
    }
}
