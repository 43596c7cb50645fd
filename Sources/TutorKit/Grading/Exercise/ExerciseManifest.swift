import Foundation
import TutorTerminal

/// An exercise's metadata, from `Exercises/NAME/exercise.toml`: a small subset of TOML,
/// one `key = value` per line, where a value is a quoted string, a whole number or a list
/// of quoted strings.
///
///     title = "A thumbnail cache"
///     order = 1
///     lessons = ["04-cost", "05-eviction", "07-threads"]
///     initializer = "ThumbnailCache(generator:)"
///     wall_clock_seconds = 5
///     swift_language_mode = 6
public struct ExerciseManifest: Sendable, Equatable {
    /// The title lists and reports show.
    public var title: String
    /// The exercise's place in the course; lists sort by it.
    public var order: Int
    /// The lessons the exercise practises, in the order they are taught (`03-count-limits`).
    public var lessons: [String]
    /// How the README writes the initialiser every test starts with (`ProfileStore(client:)`).
    public var initializer: String
    /// Wall-clock seconds per test, when the exercise needs other than the grader's default.
    public var wallClockSeconds: Int?
    /// CPU seconds per test, likewise.
    public var cpuSeconds: Int?
    /// The Swift language mode the learner's file (with the adapter) is compiled in: 5, the
    /// default, or 6, where the compiler checks data-race safety (`Sendable`, actor
    /// isolation) and reports a violation as an error.
    public var swiftLanguageMode: Int

    /// The language modes an exercise may ask for.
    public static let languageModes = [5, 6]

    /// A manifest with every field given.
    public init(title: String, order: Int, lessons: [String], initializer: String, wallClockSeconds: Int? = nil, cpuSeconds: Int? = nil, swiftLanguageMode: Int = 5) {
        self.title = title
        self.order = order
        self.lessons = lessons
        self.initializer = initializer
        self.wallClockSeconds = wallClockSeconds
        self.cpuSeconds = cpuSeconds
        self.swiftLanguageMode = swiftLanguageMode
    }

    /// Parses `text`; errors name `path` and the line.
    public init(parsing text: String, path: String) throws(ExerciseError) {
        var strings: [String: String] = [:]
        var numbers: [String: Int] = [:]
        var lists: [String: [String]] = [:]
        var lineOf: [String: Int] = [:]
        for (index, rawLine) in TextLines.split(text).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = index + 1
            guard let equals = line.firstIndex(of: "=") else {
                throw .badManifest(path: path, line: number, reason: "expected 'key = value'")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard Self.fields.contains(key) else {
                throw .badManifest(path: path, line: number, reason: "unknown key '\(MessageText.excerpt(key))' (known: \(Self.fields.joined(separator: ", ")))")
            }
            guard lineOf[key] == nil else { throw .badManifest(path: path, line: number, reason: "'\(key)' is given twice") }
            lineOf[key] = number
            if let string = Self.string(value) {
                strings[key] = string
            } else if let whole = Int(value) {
                numbers[key] = whole
            } else if let list = Self.list(value) {
                lists[key] = list
            } else {
                throw .badManifest(path: path, line: number, reason: "'\(key)' has a value that is not a \"string\", a whole number or a [\"list\"]")
            }
        }
        func required<T>(_ key: String, _ table: [String: T], _ kind: String) throws(ExerciseError) -> T {
            if let value = table[key] { return value }
            throw .badManifest(path: path, line: lineOf[key], reason: lineOf[key] == nil ? "'\(key)' is missing" : "'\(key)' must be \(kind)")
        }
        title = try required("title", strings, "a \"string\"")
        order = try required("order", numbers, "a whole number")
        lessons = try required("lessons", lists, "a [\"list\"] of lesson names")
        initializer = try required("initializer", strings, "a \"string\"")
        for key in ["wall_clock_seconds", "cpu_seconds"] where lineOf[key] != nil {
            guard let seconds = numbers[key], seconds > 0, seconds <= 60 else {
                throw .badManifest(path: path, line: lineOf[key], reason: "'\(key)' must be a whole number of seconds from 1 to 60")
            }
        }
        wallClockSeconds = numbers["wall_clock_seconds"]
        cpuSeconds = numbers["cpu_seconds"]
        if lineOf["swift_language_mode"] != nil {
            guard let mode = numbers["swift_language_mode"], Self.languageModes.contains(mode) else {
                throw .badManifest(path: path, line: lineOf["swift_language_mode"], reason: "'swift_language_mode' must be 5 or 6")
            }
        }
        swiftLanguageMode = numbers["swift_language_mode"] ?? 5
    }

    static let fields = ["title", "order", "lessons", "initializer", "wall_clock_seconds", "cpu_seconds", "swift_language_mode"]

    private static func string(_ value: String) -> String? {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
        let inner = value.dropFirst().dropLast()
        return inner.contains("\"") ? nil : String(inner)
    }

    private static func list(_ value: String) -> [String]? {
        guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
        let inner = value.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        if inner.isEmpty { return [] }
        var items: [String] = []
        for item in inner.split(separator: ",") {
            guard let string = string(item.trimmingCharacters(in: .whitespaces)) else { return nil }
            items.append(string)
        }
        return items
    }
}
