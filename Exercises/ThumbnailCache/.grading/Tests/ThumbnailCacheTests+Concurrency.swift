import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    /// Eight threads store, look up and load sixteen keys at once. Each image's width names
    /// its key, so a wrong answer shows; each load must complete exactly once.
    static func concurrentAccess(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let keyCount = 16
        let subject = subjectType.init(generator: { key in
            Int(key.dropFirst("key-".count)).map { makeImage(Double($0 + 1), 2) }
        })
        if case let .engine(cache, _) = EngineProbe.find(in: subject.instance) {
            cache.countLimit = 8
        }
        let problems = ProblemLog()
        let completions = CompletionCounter()
        let threads = 8
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                var random = SeededGenerator(seed: UInt64(thread) &* 7919 &+ 1)
                for _ in 0..<250 {
                    let index = Int.random(in: 0..<keyCount, using: &random)
                    let key = "key-\(index)"
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        subject.storeThumbnail(makeImage(Double(index + 1), 1), forKey: key)
                    case 1:
                        if let image = subject.thumbnail(forKey: key), Int(image.size.width) != index + 1 {
                            problems.record("thumbnail(forKey: \"\(key)\") returned the image of \"key-\(Int(image.size.width) - 1)\"")
                        }
                    default:
                        let load = completions.start()
                        subject.loadThumbnail(forKey: key) { image in
                            completions.finish(load)
                            if let image, Int(image.size.width) != index + 1 {
                                problems.record("loadThumbnail(forKey: \"\(key)\") completed with the image of \"key-\(Int(image.size.width) - 1)\"")
                            } else if image == nil {
                                problems.record("loadThumbnail(forKey: \"\(key)\") completed with nil although the generator makes an image for it")
                            }
                        }
                    }
                }
                group.leave()
            }
            worker.start()
        }
        let stuck = "\(threads) threads calling ThumbnailCache at once are all waiting for each other (a deadlock); a lock held while waiting for another thread, or a wait nobody signals, does this"
        try BoundedWait.require(until: .now() + .seconds(4), timedOut: "\(threads) threads calling ThumbnailCache at once did not finish within 4 s; a lock held while waiting for another thread, or a completion that waits for the main thread, can deadlock", stuck: stuck) { group.wait(timeout: $0) }
        let deadline = Date().addingTimeInterval(2)
        while completions.pending > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        settle()
        if let problem = problems.first {
            // The advice names only state the file has.
            let own = ownState(of: subject.instance)
            if !own.isEmpty {
                throw TestFailure("with \(threads) threads at once, \(problem); guard the state you keep beside the cache (\(own.joined(separator: ", "))) with a lock, so each key keeps its own image")
            }
            if problem.contains("completed with nil") {
                throw TestFailure("with \(threads) threads at once, \(problem); every load completes with the image the generator makes, as miss_completes_once checks on one thread")
            }
            throw TestFailure("with \(threads) threads at once, \(problem); your cache keeps nothing beside its NSCache, so look at how one call uses it: a store and then a lookup, or two lookups, can go wrong when another thread makes the cache evict in between. Hand over the image you already hold")
        }
        try require(completions.pending == 0, "with \(threads) threads at once, \(completions.pending) loadThumbnail call(s) never completed within 2 s; every load should complete once")
        try require(completions.repeated == 0, "with \(threads) threads at once, \(completions.repeated) completion(s) ran more than once; every load should complete exactly once")
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

/// The stored properties of `instance` beyond its engine cache, its closures (the
/// generator) and its locks: the state a learner added, by name.
func ownState(of instance: AnyObject) -> [String] {
    var found: [String] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror {
        for child in current.children {
            let type = String(reflecting: Swift.type(of: child.value))
            if type.hasPrefix("CacheEngine.Cache<") || type.contains("->") { continue }
            if ["Lock", "Mutex", "Queue", "Semaphore", "Condition"].contains(where: type.contains) { continue }
            found.append(child.label ?? "?")
        }
        mirror = current.superclassMirror
    }
    return found
}
