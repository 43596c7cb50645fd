import Testing
@testable import TutorGrading
import TutorTerminal

/// What `check` prints by default: one screen however much fails.
@Suite struct BriefReportTests {
    /// The untouched ThumbnailCache starter's results, as the hidden tests report them.
    static let starter: GradingReport = {
        let needs = "this test needs the NSCache<NSString, UIImage> that ThumbnailCache stores thumbnails in, and found none among its stored properties (see uses_nscache)"
        let neverRan = "the generator never ran for a key that was not in the cache; on a miss, call it once"
        let rows: [(String, Int, String?)] = [
            ("uses_nscache", 1, "found no NSCache<NSString, UIImage> among ThumbnailCache's stored properties (it has generator: (String) -> Optional<UIImage>); keep the thumbnails in an NSCache, which can let them go under memory pressure, not in a dictionary"),
            ("no_second_strong_copy", 1, needs), ("cost_limit_20mb", 2, needs), ("cost_whole_sizes", 3, needs), ("cost_fractional_sizes", 3, needs),
            ("returns_stored_image", 4, "thumbnail(forKey: \"alpha\") returned nil right after storeThumbnail(_:forKey: \"alpha\"); it should return the stored image"),
            ("miss_returns_nil", 4, nil),
            ("keys_are_isolated", 4, "after storing 15 keys, thumbnail(forKey: \"photo\") returned nil; storing one key must never remove another"),
            ("hit_skips_generator", 5, nil),
            ("hit_completes_once", 5, "completion received nil for a key that was in the cache; pass it the cached image"),
            ("miss_generates_once", 6, neverRan),
            ("miss_stores_before_completion", 6, "the generated image was never stored in the cache; store a non-nil result before calling completion"),
            ("miss_completes_once", 6, "completion received nil although the generator made an image; pass the generated image"),
            ("nil_result_stores_nothing", 6, neverRan),
            ("survives_eviction_lru", 7, needs), ("survives_eviction_fifo", 7, needs), ("survives_eviction_random", 7, needs),
            ("survives_eviction_foundation", 7, needs), ("survives_memory_pressure", 7, needs),
            ("concurrent_access", 8, "with 8 threads at once, loadThumbnail(forKey: \"key-9\") completed with nil although the generator makes an image for it; every load completes with the image the generator makes, as miss_completes_once checks on one thread"),
        ]
        let tests = rows.map { name, point, message in
            TestResult(name: name, summary: "what \(name) checks, in one line of about sixty characters or so", status: message == nil ? .pass : .fail,
                       message: message, lesson: point == 1 ? "01-why-cache" : "05-eviction", point: point)
        }
        return GradingReport(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: .fail, tests: tests,
                             score: 2, maxScore: 20, durationMilliseconds: 900)
    }()

    static func brief(_ report: GradingReport, width: Int = 80) -> [String] {
        let formatter = TextReportFormatter(style: TerminalStyle(colorEnabled: false, width: width), detail: .brief,
                                            hint: { $0 == 1 ? "Make one `NSCache<NSString, UIImage>` a `let` property and let it own the images." : nil })
        return formatter.format(report).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func theStartersFirstCheckFitsOneScreen() {
        let lines = Self.brief(Self.starter)
        #expect(lines.count <= 24, "\(lines.count) lines:\n\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func theFirstFailureIsInFullWithItsHint() {
        let text = Self.brief(Self.starter).joined(separator: "\n")
        #expect(text.contains("uses_nscache (point 1): what uses_nscache checks"))
        #expect(text.contains("found no NSCache<NSString, UIImage> among ThumbnailCache's stored properties"))
        #expect(text.contains("Hint: Make one `NSCache<NSString, UIImage>` a `let` property"))
        #expect(text.contains("Next: fix uses_nscache first (see lesson 01-why-cache), then check again."))
        // The hint is shown, so the line pointing at it is not.
        #expect(!text.contains("Stuck?"))
    }

    @Test func failuresSharingACauseAreGroupedOnce() {
        let text = Self.brief(Self.starter, width: 100).joined(separator: "\n")
        #expect(text.contains("9 tests need the NSCache<NSString, UIImage> first (see uses_nscache): no_second_strong_copy,\n  cost_limit_20mb, cost_whole_sizes,"))
        #expect(!text.contains("this test needs"), "the shared message is said once, as the group's heading")
        for name in ["survives_eviction_lru", "cost_whole_sizes", "no_second_strong_copy"] {
            #expect(text.components(separatedBy: name).count == 2, "\(name) is named once")
        }
    }

    @Test func theRestTakeOneLinePerContractPoint() {
        let lines = Self.brief(Self.starter)
        let start = try! #require(lines.firstIndex(of: "Also failing, by contract point:"))
        let rest = Array(lines[(start + 1)...].prefix { !$0.isEmpty })
        #expect(rest.count == 4, "\(rest)")
        #expect(rest[0].hasPrefix("  4 · returns_stored_image and keys_are_isolated: thumbnail(forKey: \"alpha\")"))
        #expect(rest[2].hasPrefix("  6 · miss_generates_once and 3 more: the generator never ran"))
        #expect(rest.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.contains("--verbose shows every test in full") })
    }

    @Test func aFailureSharingTheFirstsMessageIsNamedUnderIt() {
        var report = Self.starter
        let message = "not run: ThumbnailCache's init never returned in an earlier test, so every test would hang the same way"
        for index in report.tests.indices { report.tests[index].message = message; report.tests[index].status = .timeout }
        let text = Self.brief(report, width: 100).joined(separator: "\n")
        #expect(text.contains("19 more tests ("))
        #expect(text.contains("fail as uses_nscache does."))
        #expect(!text.contains("Also failing"))
    }

    @Test func aFailureThatEndsTestsOfManyPointsGetsNoPointsHint() {
        var report = Self.starter
        let deadlock = "cachedProfile(forID: \"ada\") never returns: every thread of the program is waiting (a deadlock)"
        for index in report.tests.indices where report.tests[index].status != .pass { report.tests[index].message = deadlock }
        let text = Self.brief(report, width: 100).joined(separator: "\n")
        #expect(!text.contains("Hint:"), "point 1's hint is about the NSCache, not a deadlock:\n\(text)")
        #expect(text.contains("The same failure ends tests of 8 contract points, so its cause is in code they all run"))
        #expect(text.contains("Next: fix what the failure of uses_nscache says first, then check again."))
        #expect(!text.contains("lesson 01-why-cache"))
    }

    @Test func thePassingReportAndTheVerboseOneAreUnchanged() {
        var passing = Self.starter
        for index in passing.tests.indices { passing.tests[index].status = .pass }
        passing.status = .pass
        passing.score = 20
        let text = Self.brief(passing).joined(separator: "\n")
        #expect(text.contains("20/20 tests passed."))
        #expect(text.contains("Compare with the reference"))
        let full = TextReportFormatter(style: .plain, detail: .full).format(Self.starter)
        #expect(full.components(separatedBy: "this test needs").count == 10, "verbose: every failure in full")
        #expect(full.contains("  PASS      miss_returns_nil"))
    }

    @Test func aBriefCompileErrorShowsTheFirstThreeMessages() {
        let errors = (1...5).map { "exercises/ThumbnailCache.swift:\($0):1: error: problem number \($0)" }.joined(separator: "\n")
        let report = GradingReport(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: .error, compilerMessage: errors,
                                   tests: [], score: 0, maxScore: 20, durationMilliseconds: 1)
        let text = Self.brief(report).joined(separator: "\n")
        #expect(text.contains("problem number 3"))
        #expect(!text.contains("problem number 4"))
        #expect(text.contains("(2 more compiler messages; --verbose shows them all)"))
    }
}
