import Foundation

extension SessionCacheTests {
    /// Eight threads store, look up, load and now and then sign out, over 24 keys of three
    /// accounts. Each value names its key, so data answered for the wrong key shows; a load
    /// may complete with nil (a sign-out can cut it off) but must complete exactly once.
    static func concurrentAccess(_ subjectType: any SessionCacheSubject.Type) throws {
        let keys = ["anna", "ben", "carl"].flatMap { account in
            ["card", "feed", "inbox", "news"].flatMap { resource in [1, 2].map { KeyFields(account, resource, $0) } }
        }
        let fetches = FetchLog(subjectType, .later(.microseconds(300)) { fields in
            bytes("\(fields.map(String.init(describing:)) ?? "not a SessionKey") fetched")
        })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        optionalEngineView(of: subject)?.setLimits(count: 8, cost: 0)

        func wrongAnswer(_ data: NSData?, for key: KeyFields) -> String? {
            guard let data else { return nil }
            if holdsText(data, "\(key) stored") || holdsText(data, "\(key) fetched") { return nil }
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
                for _ in 0..<200 {
                    let key = keys.randomElement(using: &random)!
                    let roll = Int.random(in: 0..<100, using: &random)
                    if roll < 30 {
                        subject.store(bytes("\(key) stored"), for: key.make(subjectType))
                    } else if roll < 65 {
                        if let wrong = wrongAnswer(subject.data(for: key.make(subjectType)), for: key) {
                            problems.record("data(for: \(key)) returned \(wrong)")
                        }
                    } else if roll < 98 {
                        let load = completions.start()
                        subject.load(key.make(subjectType)) { data in
                            completions.finish(load)
                            if let wrong = wrongAnswer(data, for: key) {
                                problems.record("load(\(key)) completed with \(wrong)")
                            }
                        }
                    } else {
                        subject.signOut()
                    }
                }
                group.leave()
            }
            worker.start()
        }
        guard group.wait(timeout: .now() + .seconds(3)) == .success else {
            throw TestFailure("\(threads) threads calling SessionCache at once did not finish within 3 s; a lock held while waiting for another thread, or a completion that waits for the main thread, can deadlock")
        }
        let deadline = Date().addingTimeInterval(1.5)
        while completions.pending > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        settle()
        for key in keys {
            if let wrong = wrongAnswer(subject.data(for: key.make(subjectType)), for: key) {
                problems.record("afterwards, data(for: \(key)) returned \(wrong)")
            }
        }
        if let problem = problems.first {
            throw TestFailure("with \(threads) threads at once, \(problem); keep each load's key in the load itself (a local or a captured constant), and guard any shared state with a lock")
        }
        try require(completions.pending == 0, "with \(threads) threads at once, \(completions.pending) load(s) never completed; every load completes once, with nil if a sign-out cut it off")
        try require(completions.repeated == 0, "with \(threads) threads at once, \(completions.repeated) completion(s) ran more than once; every load completes exactly once")
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
