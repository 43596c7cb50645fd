import CacheEngine
import Dispatch
import Foundation

/// A lesson's example, compiled as a library: running it is calling its statements.
public protocol LessonExampleSubject: AnyObject {
    /// Runs the example's statements.
    static func run() throws
}

/// One "test": run the example, then send what its caches did as the result's note.
enum LessonExampleTests: ExerciseSuite {
    typealias Subject = any LessonExampleSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("run", "the example runs to its end", point: 1, lesson: "01-why-cache", body: run),
    ]

    static func construct(_ subject: Subject) {}

    static func run(_ subject: Subject) throws {
        CacheTracking.start()
        do {
            try subject.run()
        } catch {
            throw TestFailure("the example threw an error: \(error)")
        }
        // Work the example sent to the main queue runs on the runner's main thread; give it
        // a moment before counting.
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { drained.signal() }
        _ = drained.wait(timeout: .now() + .milliseconds(200))
        let summary = ExampleSummary(CacheTracking.statistics())
        if let data = try? JSONEncoder().encode(summary) {
            TestNote.set(String(decoding: data, as: UTF8.self))
        }
    }
}

/// What every cache of the example did, summed; the grader decodes the same fields.
struct ExampleSummary: Codable {
    var caches = 0
    var hits = 0
    var misses = 0
    var stores = 0
    var costlessStores = 0
    var removals = 0
    var evictions: [String: Int] = [:]

    init(_ statistics: [CacheStatistics]) {
        caches = statistics.count
        for cache in statistics {
            hits += cache.hits
            misses += cache.misses
            stores += cache.inserts + cache.updates + cache.rejections
            costlessStores += cache.insertCosts.filter { $0 <= 0 }.count
            removals += cache.removals
            for (reason, count) in cache.evictions { evictions[reason.rawValue, default: 0] += count }
        }
    }
}
