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

/// What every cache of the example did, summed; the grader decodes the same fields
/// (`SwiftRun.Summary` in TutorCourse).
struct ExampleSummary: Codable {
    var caches, hits, misses, stores, costlessStores, removals: Int
    var evictions: [String: Int]

    init(_ statistics: [CacheStatistics]) {
        func total(_ count: (CacheStatistics) -> Int) -> Int { statistics.reduce(0) { $0 + count($1) } }
        caches = statistics.count
        hits = total(\.hits)
        misses = total(\.misses)
        stores = total { $0.inserts + $0.updates + $0.rejections }
        costlessStores = total { $0.insertCosts.filter { $0 <= 0 }.count }
        removals = total(\.removals)
        evictions = Dictionary(EvictionReason.allCases.map { reason in (reason.rawValue, total { $0.evictions[reason] ?? 0 }) }, uniquingKeysWith: +)
    }
}
