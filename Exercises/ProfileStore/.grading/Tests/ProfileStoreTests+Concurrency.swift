import CacheEngine
import Foundation

extension ProfileStoreTests {
    /// Eight threads look up and load twenty ids at once: most users exist, two do not, two
    /// always fail. The client answers at once and 2 ms later by turns, and each thread
    /// pauses now and then, so late answers arrive while other threads are still calling.
    /// Every answer must fit its id, and every load must complete exactly once.
    static func concurrentAccess(_ subjectType: any ProfileStoreSubject.Type) throws {
        let ids = (0..<16).map { "user-\($0)" } + ["nobody-0", "nobody-1", "down-0", "down-1"]
        let client = FakeClient(.alternating, delay: .milliseconds(2)) { id in
            if id.hasPrefix("nobody") { return .success(nil) }
            if id.hasPrefix("down") { return .failure(NetworkError(number: 99)) }
            return .success(Profile(id: id, name: "User \(id)"))
        }
        let subject = subjectType.init(client: client)
        optionalProfileCache(of: subject)?.countLimit = 8
        let problems = ProblemLog()
        let completions = CompletionCounter()
        let threads = 8
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                var random = SplitMix64(seed: UInt64(thread) &* 104_729 &+ 17)
                for step in 0..<200 {
                    if step % 4 == 3 { Thread.sleep(forTimeInterval: 0.001) }
                    let id = ids.randomElement(using: &random)!
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        if let found = subject.cachedProfile(forID: id), found.id != id {
                            problems.record("cachedProfile(forID: \"\(id)\") returned the profile of \"\(found.id)\"")
                        }
                        continue
                    }
                    let call = completions.start()
                    subject.profile(forID: id) { result in
                        completions.finish(call)
                        if let problem = Self.problem(with: result, for: id) { problems.record(problem) }
                    }
                }
                group.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        let stuck = "\(threads) threads calling ProfileStore at once are all waiting for each other (a deadlock); a lock held while waiting for the client or for another thread does this"
        try BoundedWait.require(until: .now() + .seconds(3), timedOut: "\(threads) threads calling ProfileStore at once did not finish within 3 s; a lock held while waiting for the client or for another thread can deadlock", stuck: stuck) { group.wait(timeout: $0) }
        let deadline = Date().addingTimeInterval(1.5)
        while completions.pending > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        settle()
        try require(completions.repeated == 0, "with \(threads) threads at once, \(completions.repeated) call(s) of profile(forID:completion:) ran their completion more than once; every call should complete exactly once")
        if let problem = problems.first {
            if let alone = oneThreadAnswer(subjectType, to: problem) {
                throw TestFailure("with \(threads) threads at once, \(problem). One thread is enough for that: \(alone), so this is not a race; fix the test named there first")
            }
            let own = ownState(of: subject.instance)
            if own.isEmpty {
                throw TestFailure("with \(threads) threads at once, \(problem). Your store keeps nothing beside its NSCache and its client, so look at how one call uses the cache: an answer made of two cache calls (a lookup to check, then another to fetch; or a store, then a lookup) goes wrong when another thread makes the cache evict the entry in between. Use the object you already hold")
            }
            throw TestFailure("with \(threads) threads at once, \(problem). If the one-thread tests pass, look at what your store keeps beside the cache (\(own.joined(separator: ", "))): NSCache is safe to call from any thread, your own state needs a lock, or is better left out")
        }
        try require(completions.pending == 0, "with \(threads) threads at once, \(completions.pending) profile(forID:completion:) call(s) never completed; every call should complete once")
    }

    /// When the wrong answer `problem` describes is one a fresh store gives to a single call
    /// on one thread as well, what that call got and which test shows it; nil when one
    /// thread gets the right answer, so the wrong one came from running at once.
    private static func oneThreadAnswer(_ subjectType: any ProfileStoreSubject.Type, to problem: String) -> String? {
        let probes: [(prefix: String, answer: ProfileResult, test: String)] = [
            ("down", .failure(NetworkError(number: 99)), "failure_is_reported"),
            ("nobody", .success(nil), "not_found_completes_nil"),
            ("user", .success(Profile(id: "user-0", name: "User user-0")), "miss_fetches_once"),
        ]
        guard let probe = probes.first(where: { problem.hasPrefix("profile(forID: \"\($0.prefix)") }) else { return nil }
        let id = "\(probe.prefix)-0"
        let answer = probe.answer
        let client = FakeClient(.atOnce) { _ in answer }
        let subject = subjectType.init(client: client)
        let received = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        subject.profile(forID: id) { result in
            received.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 1) == .success, let result = received.value else { return nil }
        guard let wrong = Self.problem(with: result, for: id) else { return nil }
        return "\(wrong) on a single call too (see \(probe.test))"
    }

    /// What is wrong with `result` as the answer for `id`, or nil.
    private static func problem(with result: ProfileResult, for id: String) -> String? {
        switch result {
        case let .success(profile?) where profile.id != id:
            return "profile(forID: \"\(id)\") completed with the profile of \"\(profile.id)\""
        case .success(nil) where id.hasPrefix("user"):
            return "profile(forID: \"\(id)\") completed with .success(nil) although that user exists"
        case .failure where !id.hasPrefix("down"):
            return "profile(forID: \"\(id)\") completed with \(describe(result)) although the client never fails for it"
        case .success where id.hasPrefix("down"):
            return "profile(forID: \"\(id)\") completed with \(describe(result)) although the client always fails for it"
        case .success(_?) where id.hasPrefix("nobody"):
            return "profile(forID: \"\(id)\") completed with a profile although the client answers 'no such user'"
        default:
            return nil
        }
    }
}

/// The problems any thread saw, first first.
final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []

    func record(_ problem: String) { lock.withLock { problems.append(problem) } }
    var first: String? { lock.withLock { problems.first } }
}

/// Counts the calls begun and the completions each one saw.
final class CompletionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []

    func start() -> Int { lock.withLock { counts.append(0); return counts.count - 1 } }
    func finish(_ call: Int) { lock.withLock { counts[call] += 1 } }
    var pending: Int { lock.withLock { counts.filter { $0 == 0 }.count } }
    var repeated: Int { lock.withLock { counts.filter { $0 > 1 }.count } }
}

/// The stored properties of `store` other than its NSCache and its client, as `name: Type`.
func ownState(of store: AnyObject) -> [String] {
    var found: [String] = []
    var mirror: Mirror? = Mirror(reflecting: store)
    while let current = mirror {
        for child in current.children {
            let value = child.value
            if value is Cache<NSString, Profile> || value is any ProfileFetching { continue }
            if String(reflecting: type(of: value)).hasPrefix("CacheEngine.Cache<") { continue }
            found.append("\(child.label ?? "?"): \(type(of: value))")
        }
        mirror = current.superclassMirror
    }
    return found
}

/// The one answer a completion received, set from any thread.
final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ProfileResult?

    func set(_ result: ProfileResult) { lock.withLock { stored = result } }
    var value: ProfileResult? { lock.withLock { stored } }
}
