import Dispatch
import Foundation

/// What one call of `profile(forID:completion:)` hands its completion.
typealias ProfileResult = Result<Profile?, Error>

/// How long a test waits for a completion that may run on another queue.
let completionTimeout: DispatchTimeInterval = .seconds(2)

/// The error the fake client fails with; `number` tells one failure from another, so a test
/// can see whether the store passed the client's own error on.
struct NetworkError: Error, CustomStringConvertible {
    let number: Int
    var description: String { "NetworkError #\(number)" }
}

/// When the fake client answers.
enum AnswerTiming: CaseIterable {
    /// Inside `fetchProfile`, on the calling thread.
    case atOnce
    /// 10 ms later, on a global queue: after `fetchProfile` has returned.
    case later
    /// `atOnce` and `later` by turns, starting with `atOnce`.
    case alternating

    /// How a message says it, in brackets after the fact it reports.
    var note: String {
        switch self {
        case .atOnce: "the client answered at once, on the calling thread"
        case .later: "the client answered 10 ms later, on another queue"
        case .alternating: "the client answered some requests at once and others a little later, on other queues"
        }
    }
}

/// A stand-in for the network: logs every request and answers as the test says, at once
/// or later. It keeps no reference to the profiles it hands out.
final class FakeClient: ProfileFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [String] = []
    private var answer: (String) -> ProfileResult
    private let timing: AnswerTiming
    private let delay: DispatchTimeInterval

    /// A client that answers with `answer(id)`, when `timing` says; a late answer comes
    /// `delay` after the request (10 ms unless given).
    init(_ timing: AnswerTiming = .atOnce, delay: DispatchTimeInterval = .milliseconds(10), answer: @escaping (String) -> ProfileResult) {
        self.timing = timing
        self.delay = delay
        self.answer = answer
    }

    func fetchProfile(id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        let (answer, position) = lock.withLock { () -> ((String) -> ProfileResult, Int) in
            requested.append(id)
            return (self.answer, requested.count)
        }
        let answersLater = timing == .later || (timing == .alternating && position % 2 == 0)
        if answersLater {
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                completion(answer(id))
            }
        } else {
            completion(answer(id))
        }
    }

    /// From now on, answer requests with `newAnswer` (the user signed up, the network is back).
    func answerFromNowOn(_ newAnswer: @escaping (String) -> ProfileResult) {
        lock.withLock { answer = newAnswer }
    }

    /// Every id asked for, in order.
    var requests: [String] { lock.withLock { requested } }

    func requestCount(for id: String) -> Int { requests.filter { $0 == id }.count }
}

/// A client that makes a new profile for every request and never fails.
func profileMaker(_ timing: AnswerTiming = .atOnce) -> FakeClient {
    let serial = Counter()
    return FakeClient(timing) { id in .success(Profile(id: id, name: "User \(id) #\(serial.next())")) }
}

/// Records the calls of one completion handler and lets a test wait for the first.
final class ResultLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ProfileResult] = []
    private let arrived = DispatchSemaphore(value: 0)
    private let inspect: ((ProfileResult) -> Void)?

    /// `inspect` runs inside the completion, before the call is logged.
    init(inspect: ((ProfileResult) -> Void)? = nil) {
        self.inspect = inspect
    }

    var handler: (ProfileResult) -> Void {
        { [self] result in
            inspect?(result)
            lock.withLock { results.append(result) }
            arrived.signal()
        }
    }

    /// Waits up to two seconds for the first call; false when none came.
    func waitForFirstCall() -> Bool {
        BoundedWait.wait(for: arrived, timeout: completionTimeout) == .done
    }

    var calls: [ProfileResult] { lock.withLock { results } }
}

/// A completion log that keeps the profile it receives only weakly, for tests that watch
/// whether anything else keeps profiles alive.
final class WeakResultLog: @unchecked Sendable {
    private let lock = NSLock()
    private weak var received: Profile?
    private var gotProfile = false
    private let arrived = DispatchSemaphore(value: 0)

    var handler: (ProfileResult) -> Void {
        { [self] result in
            lock.withLock {
                if case let .success(profile?) = result {
                    received = profile
                    gotProfile = true
                }
            }
            arrived.signal()
        }
    }

    func waitForFirstCall() -> Bool {
        BoundedWait.wait(for: arrived, timeout: completionTimeout) == .done
    }

    /// The profile received, while something else keeps it alive.
    var profile: Profile? { lock.withLock { received } }
    /// Whether a call brought a profile (it may be gone since).
    var receivedAProfile: Bool { lock.withLock { gotProfile } }
}

/// Calls `profile(forID:completion:)` on a thread of its own and waits until the call
/// returns, for at most two seconds: a call that blocks (a spin, a wait for something that
/// never happens) fails its test then, instead of holding the process until the grader's
/// limit. The runner ends the process, blocked thread and all.
func requestProfile(_ subject: any ProfileStoreSubject, id: String, completion: @escaping (ProfileResult) -> Void) throws {
    let returned = DispatchSemaphore(value: 0)
    let caller = Thread {
        subject.profile(forID: id, completion: completion)
        returned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    let stuck = "profile(forID: \"\(id)\") never returns: it waits for a lock or a semaphore that no thread will ever release, since every thread of the program is waiting (a deadlock). Return at once and call completion when the client answers"
    try BoundedWait.require(returned, within: completionTimeout, timedOut: "profile(forID: \"\(id)\") did not return within 2 s: an endless loop, a deadlock, or a wait for the client? Return at once and call completion when the client answers", stuck: stuck)
}

/// Requests `id` and waits for the first completion; the log holds every call.
func load(_ subject: any ProfileStoreSubject, _ id: String, log: ResultLog = ResultLog()) throws -> ResultLog {
    try requestProfile(subject, id: id, completion: log.handler)
    _ = log.waitForFirstCall()
    return log
}

/// Lets late extra calls (a second completion, a second request) arrive before a test
/// counts them; three times the fake client's 10 ms delay.
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

/// `.success(the profile of "ada")`, `.success(nil)`, `.failure(NetworkError #7)`.
func describe(_ result: ProfileResult) -> String {
    switch result {
    case let .success(profile?): ".success(\(profile))"
    case .success(nil): ".success(nil)"
    case let .failure(error): ".failure(\(error))"
    }
}

/// The profile of a `.success`, nil for `.success(nil)` and for a failure.
func profile(in result: ProfileResult) -> Profile? {
    if case let .success(profile) = result { return profile }
    return nil
}

/// A thread-safe counter that starts at 1.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int { lock.withLock { value += 1; return value } }
}

/// A thread-safe boolean, set from a completion handler.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    func set(_ newValue: Bool) { lock.withLock { stored = newValue } }
    var value: Bool { lock.withLock { stored } }
}

/// Fails unless the client was asked exactly once, for `id` itself, during one call of
/// `profile(forID: id)`; `answer` says what the client answers, for the message.
func requireAskedOnce(_ client: FakeClient, for id: String, answer: String, note: String) throws {
    let requests = client.requests
    if let other = requests.first(where: { $0 != id }) {
        throw TestFailure("the client was asked for \"\(other)\" during profile(forID: \"\(id)\"); pass it the id that was requested, unchanged")
    }
    try require(!requests.isEmpty, "profile(forID: \"\(id)\") never asked the client although \"\(id)\" was not cached; on a miss, call client.fetchProfile(id:completion:) once and pass its answer on")
    try require(requests.count == 1, "the client was asked for \"\(id)\" \(times(requests.count)) during one call that it answered with \(answer) (\(note)); it should be asked once, with no retries")
}
