import Foundation
import Synchronization

extension SessionCacheTests {
    /// Two phases. First, eight threads load eight different keys at once and the test holds
    /// every fetch until all eight have started, so the loads overlap for certain; each key
    /// must end up with its own data. Then eight threads store, look up and load at random,
    /// and one signs out twice, over 24 keys of three accounts. Each value names its key, so
    /// data answered for the wrong key shows; a load may complete with nil (a sign-out can
    /// cut it off) but must complete exactly once.
    static func concurrentAccess(_ subjectType: any SessionCacheSubject.Type) throws {
        let keys = ["anna", "ben", "carl"].flatMap { account in
            ["card", "feed", "inbox", "news"].flatMap { resource in [1, 2].map { KeyFields(account, resource, $0) } }
        }
        let fetches = FetchLog(subjectType, .hold)
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let view = optionalEngineView(of: subject)
        // No eviction in the first phase: the test decides what the cache may drop.
        view?.setLimits(count: 0, cost: 0)

        try overlappingLoads(subject, fetches, stride(from: 0, to: keys.count, by: 3).map { keys[$0] })

        fetches.answer = .later(.microseconds(300)) { fields in
            bytes("\(fields?.tag ?? "not a SessionKey") fetched")
        }
        view?.setLimits(count: 8, cost: 0)

        func wrongAnswer(_ data: NSData?, for key: KeyFields) -> String? {
            guard let data else { return nil }
            if holdsText(data, "\(key.tag) stored") || holdsText(data, "\(key.tag) fetched") { return nil }
            return show(data)
        }

        let problems = ProblemLog()
        let completions = CompletionCounter()
        let threads = 8
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                var random = SeededGenerator(seed: UInt64(thread) &* 104_729 &+ 17)
                for step in 0..<200 {
                    // One thread signs out twice along the way; more would empty the
                    // cache so often that little could go wrong in between.
                    if thread == 0, step == 70 || step == 140 { subject.signOut() }
                    let key = keys.randomElement(using: &random)!
                    let roll = Int.random(in: 0..<100, using: &random)
                    if roll < 30 {
                        subject.store(bytes("\(key.tag) stored"), for: key.make(subjectType))
                    } else if roll < 65 {
                        if let wrong = wrongAnswer(subject.data(for: key.make(subjectType)), for: key) {
                            problems.record("data(for: \(key)) returned \(wrong)")
                        }
                    } else {
                        let load = completions.start()
                        subject.load(key.make(subjectType)) { data in
                            completions.finish(load)
                            if let wrong = wrongAnswer(data, for: key) {
                                problems.record("load(\(key)) completed with \(wrong)")
                            }
                        }
                    }
                }
                group.leave()
            }
            worker.start()
        }
        let stuck = "\(threads) threads calling SessionCache at once are all waiting for each other (a deadlock); a lock held while waiting for another thread does this"
        try BoundedWait.require(until: .now() + .seconds(3), timedOut: "\(threads) threads calling SessionCache at once did not finish within 3 s; a lock held while waiting for another thread, or a completion that waits for the main thread, can deadlock", stuck: stuck) { group.wait(timeout: $0) }
        let deadline = Date().addingTimeInterval(1.5)
        while completions.pending > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        settle()
        for key in keys {
            if let wrong = wrongAnswer(subject.data(for: key.make(subjectType)), for: key) {
                problems.record("afterwards, data(for: \(key)) returned \(wrong)")
            }
        }
        if let problem = problems.first {
            if let (one, other) = equalDifferentKeys(keys, subjectType, naming: problem) {
                throw TestFailure("with \(threads) threads at once, \(problem). That is not a race: your SessionKey says \(one) and \(other) are equal (isEqual(_:)), so the NSCache keeps them as one key, on one thread too; compare every field (see every_field_counts)")
            }
            throw TestFailure("with \(threads) threads at once, \(problem): every answer must be data stored or fetched for the very key asked. If the single-threaded tests pass, look for state that all loads share, such as a property holding the key being loaded: keep each load's key in locals its callback captures, and guard shared state with a lock")
        }
        try require(completions.pending == 0, "with \(threads) threads at once, \(completions.pending) load(s) never completed; every load completes once, with nil if a sign-out cut it off")
        try require(completions.repeated == 0, "with \(threads) threads at once, \(completions.repeated) completion(s) ran more than once; every load completes exactly once")
        try generationReadBesideSignOut(subject)
    }

    /// Last, with nothing else running: one thread reads the generation while this one signs
    /// out. A file that reads it outside the lock its sign-out writes it under races with
    /// that write, and the sanitizer sees it on every run: the two threads share nothing
    /// else, and the flag they poll is the harness's own, which the sanitizer does not watch.
    private static func generationReadBesideSignOut(_ subject: any SessionCacheSubject) throws {
        let reading = UnwatchedFlag(), finished = UnwatchedFlag()
        let reader = Thread {
            for _ in 0..<200 {
                _ = subject.generation
                reading.raise()
                usleep(100)
            }
            finished.raise()
        }
        reader.start()
        let deadline = Date().addingTimeInterval(2)
        while !reading.isRaised, Date() < deadline { usleep(100) }
        subject.signOut()
        while !finished.isRaised, Date() < deadline { usleep(500) }
    }

    /// Eight threads each load one key at once; the fetches come back only after all eight
    /// have started, in reverse order, and every key must then hold its own data.
    private static func overlappingLoads(_ subject: any SessionCacheSubject, _ fetches: FetchLog, _ keys: [KeyFields]) throws {
        let subjectType = type(of: subject)
        let gate = DispatchSemaphore(value: 0)
        let returned = DispatchGroup()
        let completions = keys.map { _ in CompletionLog() }
        for (index, key) in keys.enumerated() {
            returned.enter()
            let caller = Thread {
                gate.wait()
                subject.load(key.make(subjectType), completion: completions[index].handler)
                returned.leave()
            }
            caller.start()
        }
        for _ in keys { gate.signal() }
        let stuck = "\(keys.count) threads each called load(_:completion:) for a different key at once, and they are all waiting (the test delivers the fetches only after every call returns); start the fetch and return at once, without holding a lock while waiting"
        try BoundedWait.require(until: .now() + completionTimeout, timedOut: "\(keys.count) threads each called load(_:completion:) for a different key at once, and not all calls returned within 2 s (the test holds the fetches back); start the fetch and return at once, without holding a lock while waiting", stuck: stuck) { returned.wait(timeout: $0) }
        for _ in keys {
            guard fetches.waitForCall() else {
                let count = fetches.calls.count
                throw TestFailure("\(keys.count) loads of different keys ran at once, but " + (count == 0 ? "none of them called the fetcher" : "the fetcher was called only \(times(count))") + " within 2 s; each miss fetches once")
            }
        }
        let asked = fetches.calls
        for index in asked.indices.reversed() {
            let text = "\(asked[index]?.tag ?? "not a SessionKey") fetched"
            try fetches.release(index, with: bytes(text))
        }
        for (index, key) in keys.enumerated() {
            try require(completions[index].waitForFirstCall(), "\(keys.count) loads of different keys ran at once; the one for \(key) did not complete within 2 s after its fetch came back")
        }
        settle()
        for (index, key) in keys.enumerated() {
            let received = completions[index].calls.first ?? nil
            try require(holdsText(received, "\(key.tag) fetched"), "\(keys.count) loads of different keys ran at once, and the load of \(key) completed with \(show(received)) instead of \"\(key.tag) fetched\"; each load must complete with the data fetched for its own key")
            let found = subject.data(for: key.make(subjectType))
            let what = found == nil ? "its fetched data was never stored under it (under another load's key?)" : "another load's data was stored under it"
            try require(holdsText(found, "\(key.tag) fetched"), "\(keys.count) loads of different keys ran at once, and afterwards data(for: \(key)) returned \(show(found)) instead of \"\(key.tag) fetched\": \(what). Keep each load's key in locals its callback captures, not in a property that all loads share")
        }
    }
}

/// The first problem any thread saw.
final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []

    func record(_ problem: String) { lock.withLock { problems.append(problem) } }
    var first: String? { lock.withLock { problems.first } }
}

/// Counts loads begun and completions seen, per load.
final class CompletionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []

    func start() -> Int { lock.withLock { counts.append(0); return counts.count - 1 } }
    func finish(_ load: Int) { lock.withLock { counts[load] += 1 } }
    var pending: Int { lock.withLock { counts.filter { $0 == 0 }.count } }
    var repeated: Int { lock.withLock { counts.filter { $0 > 1 }.count } }
}

/// Two different keys of `keys` that the learner's `SessionKey` calls equal, if any: then a
/// wrong answer comes from the key, not from running at once. A pair with a key that
/// `problem` names comes first, so the message shows the keys of the answer it reports.
func equalDifferentKeys(_ keys: [KeyFields], _ subjectType: any SessionCacheSubject.Type, naming problem: String) -> (KeyFields, KeyFields)? {
    var pairs: [(KeyFields, KeyFields)] = []
    for (index, one) in keys.enumerated() {
        for other in keys[(index + 1)...] where one != other {
            if one.make(subjectType).isEqual(other.make(subjectType)) { pairs.append((one, other)) }
        }
    }
    return pairs.first { problem.contains($0.0.description) || problem.contains($0.1.description) } ?? pairs.first
}

/// A flag two threads poll without ordering each other: a relaxed atomic in the harness's
/// own, uninstrumented code, so the sanitizer sees no synchronisation through it.
final class UnwatchedFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func raise() { value.store(true, ordering: .relaxed) }
    var isRaised: Bool { value.load(ordering: .relaxed) }
}
