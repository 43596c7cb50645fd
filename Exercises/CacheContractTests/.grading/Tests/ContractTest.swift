import Foundation
import Synchronization

/// One test the learner writes: a name, whether it needs the cache to keep what it was
/// given, and the body, which makes caches with `caches` and records what it expects with
/// `check`.
///
///     ContractTest("a stored value comes back", needsRetention: true) { check, caches in
///         let cache = caches.make()
///         cache.store(Data("10".utf8), account: "anna", resource: "balance")
///         check.expectEqual(cache.value(account: "anna", resource: "balance"), Data("10".utf8), "…")
///     }
public struct ContractTest {
    /// What the test shows, in a few words; reports quote it.
    public let name: String
    /// True when the test only holds if the cache keeps every entry: it then runs on caches
    /// without limits or memory pressure, and never on the cache that keeps nothing.
    public let needsRetention: Bool
    /// The test itself.
    public let body: (Checker, CacheFactory) -> Void

    /// Declares a test; `needsRetention` is false unless given.
    public init(_ name: String, needsRetention: Bool = false, _ body: @escaping (Checker, CacheFactory) -> Void) {
        self.name = name
        self.needsRetention = needsRetention
        self.body = body
    }
}

/// Makes a fresh session cache for a test; the grader decides which implementation and
/// which NSCache setup (limits, eviction order, pressure) stand behind it.
public struct CacheFactory {
    let build: (FakeServer) -> any SessionCaching
    let run: RunStamp

    init(build: @escaping (FakeServer) -> any SessionCaching, run: RunStamp) {
        self.build = build
        self.run = run
    }

    /// A new, empty cache that asks `server` on a miss (by default a server that serves
    /// nothing, so every request fails).
    public func make(server: FakeServer = FakeServer()) -> any SessionCaching {
        if !server.claim(for: run) { run.noteReuse() }
        return SessionCache(build(server), run: run)
    }
}

/// Records what a test expects. A failed expectation does not stop the test; the test fails
/// when any expectation failed, and the report quotes the first, with its line.
public final class Checker {
    /// Every failed expectation, in order, each with the line it was written on.
    private(set) var failures: [String] = []
    /// How many expectations the test made.
    private(set) var expectationCount = 0
    /// Whether the run used a server or a cache that an earlier run of a test made.
    var reusedEarlierRun = false

    init() {}

    /// Expects `condition` to hold.
    public func expect(_ condition: Bool, _ message: String, line: Int = #line) {
        record(condition, message, detail: nil, line: line)
    }

    /// Expects `actual` to equal `expected`.
    public func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ message: String, line: Int = #line) {
        record(actual == expected, message, detail: "got \(show(actual)), expected \(show(expected))", line: line)
    }

    /// Expects `actual` to be nil.
    public func expectNil<Value>(_ actual: Value?, _ message: String, line: Int = #line) {
        record(actual == nil, message, detail: actual.map { "got \(show($0)), expected nil" }, line: line)
    }

    /// Expects `actual` to be nil or to equal `expected`: what a test may ask of a lookup
    /// when the cache is free to have dropped the entry.
    public func expectNilOrEqual<Value: Equatable>(_ actual: Value?, _ expected: Value, _ message: String, line: Int = #line) {
        record(actual == nil || actual == expected, message, detail: "got \(show(actual)), expected nil or \(show(expected))", line: line)
    }

    private func record(_ passed: Bool, _ message: String, detail: String?, line: Int) {
        expectationCount += 1
        guard !passed else { return }
        let said = message.isEmpty ? "an expectation failed" : message
        failures.append("\(said) (\(detail.map { $0 + ", " } ?? "")line \(line))")
    }
}

/// How a report writes a value a test compared: data as quoted text when it is printable
/// text, as bytes otherwise; nil as nil.
func show(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return show(wrapped)
    }
    if mirror.displayStyle == .collection {
        return "[" + mirror.children.map { show($0.value) }.joined(separator: ", ") + "]"
    }
    if let data = value as? Data { return show(data) }
    if let data = value as? NSData { return show(Data(referencing: data)) }
    if let text = value as? String { return "\"\(text)\"" }
    return String(describing: value)
}

func show(_ data: Data) -> String {
    if data.isEmpty { return "empty data" }
    if let text = String(data: data, encoding: .utf8), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
        return "\"\(text)\""
    }
    return "bytes [" + data.map { String($0) }.joined(separator: ", ") + "]"
}

/// `show` for an optional data, in messages the grader writes itself.
func show(_ data: Data?) -> String {
    data.map(show) ?? "nil"
}

/// One run of a learner's test. A `FakeServer` or a cache made in one run and used in
/// another (kept in a static property) makes a test's result depend on the runs before it;
/// the run notes it, so a report blames that rather than the cache.
final class RunStamp: @unchecked Sendable {
    private let lock = NSLock()
    private var reused = false

    func noteReuse() { lock.withLock { reused = true } }
    var sawReuse: Bool { lock.withLock { reused } }

    /// What a report says about a run that reused an earlier run's server or cache.
    static let advice = "That run used a FakeServer or a cache made by an earlier run of your tests (kept in a static property?), so what it saw depends on the runs before it, not on this cache (see tests_are_repeatable): make the FakeServer and the caches inside the test"
}

/// The run in progress, if any; ``SessionCache`` checks its calls against it.
let currentRun = Mutex<RunStamp?>(nil)
