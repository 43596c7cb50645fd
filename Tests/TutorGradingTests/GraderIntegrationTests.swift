import Foundation
import Testing
@testable import TutorGrading
import TutorTestSupport

/// Grades real submissions with the real compiler and sandbox. The harness is built once
/// into `.build/cachetutor-test-cache` and reused by later runs.
@Suite(.serialized) struct GraderIntegrationTests {
    static let packageRoot = PackageRoot.url

    static let environment: [String: String] = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp",
        "XDG_CACHE_HOME": packageRoot.appendingPathComponent(".build/cachetutor-test-cache").path,
        "CACHETUTOR_SOURCE_ROOT": packageRoot.path,
    ]

    static let grader: Grader? = try? Grader(configuration: GraderConfiguration(environment: environment))

    static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures/Submissions/ThumbnailCache") }

    func grade(_ relativePath: String) throws -> GradingReport {
        let grader = try #require(Self.grader, "swiftc is needed for grading tests")
        return try grader.grade(file: Self.packageRoot.appendingPathComponent(relativePath), displayPath: relativePath)
    }

    func grade(source: String) throws -> GradingReport {
        let grader = try #require(Self.grader, "swiftc is needed for grading tests")
        return try grader.grade(source: source, displayPath: "ThumbnailCache.swift")
    }

    static var reference: String {
        (try? String(contentsOf: packageRoot.appendingPathComponent("Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"), encoding: .utf8)) ?? ""
    }

    /// The reference with `code` run at the start of `init(generator:)`.
    static func reference(initRunning code: String) -> String {
        reference.replacingOccurrences(of: "        self.generator = generator\n", with: "        self.generator = generator\n\(code)\n")
    }

    @Test func theReferencePassesEveryHiddenTest() throws {
        let report = try grade("Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift")
        #expect(report.status == .pass, "\(report.tests.filter { $0.status != .pass })")
        #expect(report.score == report.maxScore)
        #expect(report.tests.count >= 20)
        let names = Set(report.tests.map(\.name))
        for name in ["uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
                     "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
                     "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
                     "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation",
                     "survives_memory_pressure", "concurrent_access"] {
            #expect(names.contains(name), "missing hidden test \(name)")
        }
    }

    @Test func theStarterCompilesAndFails() throws {
        let report = try grade("Exercises/ThumbnailCache/ThumbnailCache.swift")
        #expect(report.status == .fail)
        #expect(report.score < report.maxScore)
        #expect(report.tests.allSatisfy { $0.status == .pass || $0.message != nil })
    }

    @Test func aBugFailsItsTestWithTheLessonToRead() throws {
        let buggy = Self.reference.replacingOccurrences(of: "            completion(cached)\n            return\n", with: "            completion(cached)\n")
        let report = try grade(source: buggy)
        let failing = report.tests.filter { $0.status != .pass }.map(\.name)
        #expect(failing.contains("hit_completes_once"))
        #expect(failing.contains("hit_skips_generator"))
        let hit = try #require(report.tests.first { $0.name == "hit_completes_once" })
        #expect(hit.message?.contains("completion ran 2 times for one hit") == true)
        #expect(hit.lesson == "05-eviction")
    }

    @Test func compileErrorsUseTheLearnersPathAndName() throws {
        let missing = Self.reference.replacingOccurrences(of: "func thumbnail(forKey key: String)", with: "func image(forKey key: String)")
            .replacingOccurrences(of: "if let cached = thumbnail(forKey: key)", with: "if let cached = image(forKey: key)")
        let report = try grade(source: missing)
        #expect(report.status == .error)
        let message = try #require(report.compilerMessage)
        #expect(message.contains("ThumbnailCache.swift: error: missing API: expected `func thumbnail(forKey key: String) -> UIImage?`"))
        #expect(!message.contains("/tmp/"))
        #expect(!message.contains("Prelude.swift"))

        let topLevel = try grade(source: Self.reference + "\nprint(\"hi\")\n")
        #expect(topLevel.status == .error)
        #expect(topLevel.compilerMessage?.contains("ThumbnailCache.swift:") == true)
        #expect(topLevel.compilerMessage?.contains("library file") == true)
    }

    @Test func itsOwnNSCacheCannotStandInForTheEngine() throws {
        let report = try grade(source: Self.reference + "\nfinal class NSCache<K: AnyObject, V: AnyObject> {}\n")
        #expect(report.status == .error)
        #expect(report.compilerMessage?.contains("invalid redeclaration of 'NSCache'") == true)

        let foundation = Self.reference.replacingOccurrences(of: "NSCache<NSString, UIImage>()", with: "Foundation.NSCache<NSString, UIImage>()")
        let spelledOut = try grade(source: foundation)
        #expect(spelledOut.tests.first { $0.name == "uses_nscache" }?.status == .fail)
    }

    @Test func exitingEarlyIsNeverAPass() throws {
        let report = try grade(source: Self.reference(initRunning: "        print(\"PASS\"); exit(0)"))
        #expect(report.score == 0)
        #expect(report.tests.allSatisfy { $0.status == .incomplete })
    }

    @Test func startingAProcessIsRefusedInEveryTest() throws {
        // The seccomp filter answers fork with EPERM, so a correct solution that tries stays
        // correct and nothing is left behind; a fork let through would sleep out the test.
        let report = try grade(source: Self.reference(initRunning: "        if fork() < 0 { print(\"fork refused: \\(errno)\") } else { sleep(600) }"))
        #expect(report.score == report.maxScore, "\(report.tests.filter { $0.status != .pass }.map { "\($0.name): \($0.message ?? "")" })")
        #expect(report.tests.allSatisfy { $0.output.contains("fork refused: 1") })
    }

    @Test func aHangInInitEndsEveryTestQuickly() throws {
        let start = ContinuousClock.now
        let report = try grade(source: Self.reference(initRunning: "        while true {}"))
        #expect(report.tests.allSatisfy { $0.status == .timeout })
        #expect(report.tests.allSatisfy { $0.message?.contains("init") == true })
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func gradingTwiceGivesTheSameResults() throws {
        let buggy = Self.reference.replacingOccurrences(of: "* 4", with: "* 3")
        let first = try grade(source: buggy)
        let second = try grade(source: buggy)
        #expect(first.tests.map(\.status) == second.tests.map(\.status))
        #expect(first.tests.map(\.message) == second.tests.map(\.message))
        #expect(first.tests.filter { $0.status != .pass }.map(\.name) == ["cost_whole_sizes", "cost_fractional_sizes"])
    }

    @Test func rawSymbolAttributesAreRefused() throws {
        let report = try grade(source: "@_silgen_name(\"write\") func forged() -> Int\n" + Self.reference)
        #expect(report.status == .error)
        #expect(report.compilerMessage?.hasPrefix("ThumbnailCache.swift:1:1: error: @_silgen_name is not allowed") == true)
    }
}
