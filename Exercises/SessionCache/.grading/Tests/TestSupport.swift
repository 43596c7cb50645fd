import Dispatch
import Foundation

/// The three fields of a key, as the tests think of it; `make` builds a new `SessionKey`
/// object from them every time, because a test that reused the stored key object would
/// only prove that an object equals itself.
struct KeyFields: Hashable, CustomStringConvertible {
    let account: String
    let resource: String
    let revision: Int

    init(_ account: String, _ resource: String, _ revision: Int) {
        self.account = account
        self.resource = resource
        self.revision = revision
    }

    init?(of key: AnyObject, in subjectType: any SessionCacheSubject.Type) {
        guard let fields = subjectType.fields(of: key) else { return nil }
        self.init(fields.account, fields.resource, fields.revision)
    }

    func make(_ subjectType: any SessionCacheSubject.Type) -> NSObject {
        subjectType.makeKey(account: account, resource: resource, revision: revision)
    }

    /// `anna/balance/r3`: short text for values that name their key.
    var tag: String { "\(account)/\(resource)/r\(revision)" }

    /// `SessionKey(account: "anna", resource: "balance", revision: 3)`.
    var description: String {
        "SessionKey(account: \(quoted(account)), resource: \(quoted(resource)), revision: \(revision))"
    }
}

/// A string literal as Swift would write it, so separators and control characters show.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// New immutable data holding `text` in UTF-8.
func bytes(_ text: String) -> NSData {
    NSData(data: Data(text.utf8))
}

/// New mutable data holding `text` in UTF-8, the kind a caller goes on changing.
func mutableBytes(_ text: String) -> NSMutableData {
    NSMutableData(data: Data(text.utf8))
}

/// The bytes of `data` as text for a message: `"anna's card"`, `nil`, or `4 bytes`.
func show(_ data: NSData?) -> String {
    guard let data else { return "nil" }
    let copy = Data(referencing: data)
    if let text = String(data: copy, encoding: .utf8) { return quoted(text) }
    return "\(copy.count) bytes"
}

/// Whether `data` holds exactly the UTF-8 bytes of `text`.
func holdsText(_ data: NSData?, _ text: String) -> Bool {
    guard let data else { return false }
    return Data(referencing: data) == Data(text.utf8)
}

/// How long a test waits for a completion or a call that may happen on another queue.
let completionTimeout: DispatchTimeInterval = .seconds(2)

/// A fetcher for `SessionCache(fetcher:)` that logs each call and answers in one of three
/// ways: at once on the calling thread, later on another queue, or when the test says so.
final class FetchLog: @unchecked Sendable {
    enum Answer {
        /// Call back at once, on the thread that called the fetcher.
        case now((KeyFields?) -> NSData?)
        /// Call back from a global queue after `delay`.
        case later(DispatchTimeInterval, (KeyFields?) -> NSData?)
        /// Keep the callback until the test calls ``release(_:with:)``.
        case hold
    }

    private let lock = NSLock()
    private var asked: [KeyFields?] = []
    private var held: [(NSData?) -> Void] = []
    private let called = DispatchSemaphore(value: 0)
    private let subjectType: any SessionCacheSubject.Type
    private var currentAnswer: Answer

    init(_ subjectType: any SessionCacheSubject.Type, _ answer: Answer) {
        self.subjectType = subjectType
        currentAnswer = answer
    }

    /// How the fetcher answers from now on.
    var answer: Answer {
        get { lock.withLock { currentAnswer } }
        set { lock.withLock { currentAnswer = newValue } }
    }

    /// The closure to hand to `SessionCache(fetcher:)`.
    var fetcher: (NSObject, @escaping (NSData?) -> Void) -> Void {
        { [self] key, done in
            let fields = KeyFields(of: key, in: subjectType)
            let answer = lock.withLock {
                asked.append(fields)
                if case .hold = currentAnswer { held.append(done) }
                return currentAnswer
            }
            called.signal()
            switch answer {
            case let .now(respond):
                done(respond(fields))
            case let .later(delay, respond):
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { done(respond(fields)) }
            case .hold:
                break
            }
        }
    }

    /// The keys the fetcher was asked for, in order (nil for an object that is not a SessionKey).
    var calls: [KeyFields?] { lock.withLock { asked } }

    /// Waits up to two seconds for the fetcher's next call; false when none came.
    func waitForCall() -> Bool {
        BoundedWait.wait(for: called, timeout: completionTimeout) == .done
    }

    /// Calls back the `index`th held fetch with `data`, on a thread of its own, and waits
    /// until the callback returns, so a callback that deadlocks fails the test instead of
    /// holding its process.
    func release(_ index: Int, with data: NSData?) throws {
        guard let done = lock.withLock({ index < held.count ? held[index] : nil }) else {
            let count = calls.count
            throw TestFailure((count == 0 ? "the fetcher was never called" : "the fetcher was called only \(times(count))") + ", so there is no fetch number \(index + 1) to finish; call the fetcher once for each miss")
        }
        let returned = DispatchSemaphore(value: 0)
        let thread = Thread {
            done(data)
            returned.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        let stuck = "the fetcher's callback never returns: every thread of the program is waiting for another (a deadlock). When the fetched data arrives, store it (if still wanted), call completion and return"
        try BoundedWait.require(returned, within: completionTimeout, timedOut: "the fetcher's callback did not return within 2 s: a deadlock, or a wait for something that never happens? When the fetched data arrives, store it (if still wanted), call completion and return", stuck: stuck)
    }
}

/// Records the calls of one completion handler and lets a test wait for the first.
final class CompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [NSData?] = []
    private let arrived = DispatchSemaphore(value: 0)
    private let check: ((NSData?) -> Void)?

    /// `check` runs inside the completion, before the call is logged.
    init(check: ((NSData?) -> Void)? = nil) {
        self.check = check
    }

    var handler: (NSData?) -> Void {
        { [self] data in
            check?(data)
            lock.withLock { results.append(data) }
            arrived.signal()
        }
    }

    /// Waits up to two seconds for the first call; false when none came.
    func waitForFirstCall() -> Bool {
        BoundedWait.wait(for: arrived, timeout: completionTimeout) == .done
    }

    var calls: [NSData?] { lock.withLock { results } }
}

/// Calls `load(_:completion:)` on a thread of its own and waits until the call returns,
/// for at most two seconds: a load that blocks (waiting for a fetch the test holds back, a
/// deadlock) fails its test then instead of holding the process until the grader's limit.
func callLoad(on subject: any SessionCacheSubject, _ key: KeyFields, completion: @escaping (NSData?) -> Void) throws {
    let keyObject = key.make(type(of: subject))
    let returned = DispatchSemaphore(value: 0)
    let caller = Thread {
        subject.load(keyObject, completion: completion)
        returned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    let stuck = "load(\(key)) never returns: every other thread of the program is waiting too, and the test delivers the fetch only after load returns; is it waiting for the fetch to finish, or for a lock? Start the fetch, return at once, and complete when the data arrives"
    try BoundedWait.require(returned, within: completionTimeout, timedOut: "load(\(key)) did not return within 2 s: an endless loop, a deadlock, or waiting for the fetch to finish? Start the fetch, return at once, and complete when the data arrives", stuck: stuck)
}

/// Lets late, asynchronous extra calls (a second completion, a late write) arrive before a
/// test counts them.
func settle() {
    Thread.sleep(forTimeInterval: 0.03)
}

/// "once", "2 times", "never".
func times(_ count: Int) -> String {
    switch count {
    case 0: "never"
    case 1: "once"
    default: "\(count) times"
    }
}

/// A thread-safe boolean set from a completion handler.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    func set(_ newValue: Bool) { lock.withLock { stored = newValue } }
    var value: Bool { lock.withLock { stored } }
}

/// A thread-safe text slot set from a completion handler.
final class Note: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    func set(_ newValue: String) { lock.withLock { stored = newValue } }
    var value: String? { lock.withLock { stored } }
}

/// A thread-safe counter that starts at 1.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int { lock.withLock { value += 1; return value } }
}

/// SplitMix64: a small seeded generator, so every run makes the same choices.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
