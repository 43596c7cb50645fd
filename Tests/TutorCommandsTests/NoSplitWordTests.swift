import Foundation
import Testing
@testable import TutorCommands
import TutorCourse
@testable import TutorGrading
import TutorREPL
import TutorTerminal
import TutorTestSupport

/// Every kind of output a learner reads, rendered at 40, 80 and 100 columns: no line is
/// wider than the terminal (where the terminal would cut it anywhere), and no line break
/// falls inside a word. Each rendering is compared with the same output at 10,000
/// columns, where nothing wraps: every word at the narrow width must be a word there.
@Suite struct NoSplitWordTests {
    static let widths = [40, 80, 100]
    static let unwrapped = 10_000

    // MARK: - check

    @Test(arguments: widths) func briefCheckReport(width: Int) {
        let render = { (width: Int) in
            TextReportFormatter(style: TerminalStyle(colorEnabled: false, width: width), detail: .brief, hint: { Self.hints[$0] }).format(Self.starterReport)
        }
        Self.expectNoSplitWord(render(width), reference: render(Self.unwrapped), width: width, "brief check")
    }

    @Test(arguments: widths) func fullCheckReport(width: Int) {
        let render = { (width: Int) in TextReportFormatter(style: TerminalStyle(colorEnabled: false, width: width), detail: .full).format(Self.starterReport) }
        Self.expectNoSplitWord(render(width), reference: render(Self.unwrapped), width: width, "check --verbose")
    }

    @Test(arguments: widths) func checkCompileErrors(width: Int) {
        for detail in [TextReportFormatter.Detail.brief, .full] {
            let render = { (width: Int) in TextReportFormatter(style: TerminalStyle(colorEnabled: false, width: width), detail: detail).format(Self.brokenReport) }
            Self.expectNoSplitWord(render(width), reference: render(Self.unwrapped), width: width, "compile errors (\(detail))")
        }
    }

    @Test(arguments: widths) func colouredReportsMeasureOnlyWhatShows(width: Int) {
        let render = { (width: Int) in
            TextReportFormatter(style: TerminalStyle(colorEnabled: true, width: width), detail: .brief, hint: { Self.hints[$0] }).format(Self.starterReport)
        }
        Self.expectNoSplitWord(render(width), reference: render(Self.unwrapped), width: width, "coloured brief check")
    }

    // MARK: - learn

    @Test(arguments: widths) func runCompileErrorsAndOutput(width: Int) throws {
        let render = { (width: Int) throws -> String in
            let course = try Course.load(from: CourseLocation(root: PackageRoot.url, source: .option))
            let (console, output) = Console.capture(width: width, wrapsLongLines: true)
            let message = """
            /home/learner/.local/share/cachetutor/examples/03-count-limits-p7.swift:4:11: error: value of type 'Cache<NSString, UserRecord>' has no member 'setObjet'; did you mean 'setObject'?
                cache.setObjet(user, forKey: "user-\\(index)" as NSString, cost: 1) // the first store evicts nothing at all
                ~~~~~ ^~~~~~~~
            /home/learner/.local/share/cachetutor/examples/03-count-limits-p7.swift:9:5: note: did you mean 'setObject(_:forKey:cost:)'?
            """
            var services = LearnSession.Services.unavailable
            services.runSwift = { _, _ in LearnSession.SwiftRunReport(outcome: .didNotCompile(message), hasStatements: true) }
            let session = LearnSession(course: course, reader: ScriptedLineReader(["open 3", "page 7", "run", "quit"]), console: console,
                                       progress: MemoryLearnProgress(), services: services, interactive: false)
            try session.run()
            return output.out
        }
        Self.expectNoSplitWord(try render(width), reference: try render(Self.unwrapped), width: width, "learn: run")
    }

    @Test(arguments: widths) func everyLessonPageAndHint(width: Int) throws {
        let course = try Course.load(from: CourseLocation(root: PackageRoot.url, source: .option))
        for lesson in course.lessons {
            for (index, page) in lesson.pages.enumerated() {
                let render = { (width: Int) -> String in
                    let renderer = MarkdownRenderer(style: TerminalStyle(colorEnabled: false, width: width))
                    return (renderer.render(page: index, of: lesson) + page.hints.flatMap { renderer.render(hint: $0) }).joined(separator: "\n")
                }
                Self.expectNoSplitWord(render(width), reference: render(Self.unwrapped), width: width, "lesson \(lesson.id), page \(page.title)")
            }
        }
    }

    @Test(arguments: widths) func tryItStepsHintsAndTheLearnCommands(width: Int) throws {
        let script = ["page 5", "clear", "pressure critical", "get a", "hint", "hint", "hint", "retry", "help", "lessons", "progress", "where", "open 11", "page 3", "quit"]
        let render = { (width: Int) throws -> String in
            let course = try Course.load(from: CourseLocation(root: PackageRoot.url, source: .option))
            let (console, output) = Console.capture(width: width, wrapsLongLines: true)
            let session = LearnSession(course: course, reader: ScriptedLineReader(script), console: console,
                                       progress: MemoryLearnProgress(), interactive: false)
            try session.run(startingAt: "1")
            return output.out
        }
        Self.expectNoSplitWord(try render(width), reference: try render(Self.unwrapped), width: width, "learn")
    }

    // MARK: - quiz, exercises

    @Test(arguments: widths) func quizQuestionsReasksAndFeedback(width: Int) throws {
        let render = { (width: Int) throws -> String in
            try Self.run(["quiz", "5", "--no-shuffle"], typing: ["", "zz", "a,b", "q", "a", "", "12", "b", "t", "x", "a"], width: width)
        }
        Self.expectNoSplitWord(try render(width), reference: try render(Self.unwrapped), width: width, "quiz")
    }

    @Test(arguments: widths) func exerciseCommands(width: Int) throws {
        for arguments in [["exercises"], ["exercises", "hint", "ThumbnailCache", "6"], ["exercises", "hint", "ProfileStore"], ["check", "--help"], ["lessons"]] {
            let render = { (width: Int) throws -> String in try Self.run(arguments, typing: [], width: width) }
            Self.expectNoSplitWord(try render(width), reference: try render(Self.unwrapped), width: width, arguments.joined(separator: " "))
        }
    }

    // MARK: - The check itself

    @Test func theCheckFindsASplitWord() {
        let problems = Self.splitWords(in: "a cache keeps what is cheap to lo\nse", reference: "a cache keeps what is cheap to lose", width: 40)
        #expect(problems == ["'lo' (line 1)"])
        #expect(Self.splitWords(in: "a path /home/learner/.local/\nshare/x.swift", reference: "a path /home/learner/.local/share/x.swift", width: 40).isEmpty,
                "a word wider than the line may break after a slash")
        #expect(Self.splitWords(in: "kept 3 of…", reference: "kept 3 of 5", width: 40).isEmpty, "a clipped line ends at a word")
        #expect(!Self.splitWords(in: String(repeating: "x", count: 41), reference: String(repeating: "x", count: 41), width: 40).isEmpty)
    }

    // MARK: - Support

    static func run(_ arguments: [String], typing lines: [String], width: Int) throws -> String {
        let home = try TemporaryCourse.folder("no-split-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let reader = TerminalSeam.Reader(ScriptedLineReader(lines))
        let terminal = TerminalSeam(isInteractive: false, rows: { nil }, makeReader: { _ in reader })
        let (console, output) = Console.capture(width: width, wrapsLongLines: true)
        let context = CommandContext(console: console, environment: ["CACHETUTOR_HOME": home.path, "HOME": home.path], workingDirectory: PackageRoot.url, terminal: terminal)
        _ = Cachetutor.main(arguments, context: context)
        return output.out + output.err
    }

    static func expectNoSplitWord(_ text: String, reference: String, width: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = splitWords(in: text, reference: reference, width: width)
        #expect(problems.isEmpty, "\(what) at \(width) columns: \(problems.prefix(5).joined(separator: "; "))\n\(text)", sourceLocation: sourceLocation)
    }

    /// The lines wider than `width`, and the words of `text` that `reference` does not have:
    /// the first half of a word cut at a line break. A word may end in `…` (a line clipped
    /// at a word boundary), and a word wider than the line may break after one of
    /// ``TextWrapper/breakAfter``; the rest of a cut word is found by its first half.
    static func splitWords(in text: String, reference: String, width: Int) -> [String] {
        // A word is the same word with or without the `…` or `:` a layout puts after it.
        let known = Set(words(reference).flatMap { word -> [String] in
            var bare = word
            while let last = bare.last, "…:,".contains(last) { bare.removeLast() }
            return [word, bare]
        })
        var problems: [String] = []
        for (number, line) in plain(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if TextWrapper.visibleWidth(String(line)) > width { problems.append("line \(number + 1) is \(TextWrapper.visibleWidth(String(line))) columns wide") }
            for word in line.split(whereSeparator: \.isWhitespace).map(String.init) {
                var bare = word
                if bare.hasSuffix("…") { bare.removeLast() }
                if bare.hasPrefix("…") { bare.removeFirst() }
                // Rules, borders, bullets and continuation marks are not words; a table
                // made a list names each cell's column as `header:`.
                if !bare.contains(where: { $0.isLetter || $0.isNumber }) { continue }
                if let last = bare.last, TextWrapper.breakAfter.contains(last), known.contains(where: { $0.hasPrefix(bare) }) { continue }
                while let last = bare.last, ":,".contains(last), !known.contains(bare) { bare.removeLast() }
                if bare.isEmpty || known.contains(bare) { continue }
                if known.contains(where: { $0.contains(bare) }) && !known.contains(where: { $0.hasPrefix(bare) }) { continue }
                problems.append("'\(word)' (line \(number + 1))")
            }
        }
        return problems
    }

    private static func words(_ text: String) -> [String] {
        plain(text).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `text` without its escape sequences.
    private static func plain(_ text: String) -> String {
        var output = ""
        var inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character.isLetter { inEscape = false }; continue }
            output.append(character)
        }
        return output
    }

    // MARK: - Reports like the untouched starter's

    static let hints = [
        1: "Make one `NSCache<NSString, UIImage>` a `let` property and let it own the images. A `Dictionary` beside it \"just in case\", or a property holding the last image, keeps images alive that the cache meant to free.",
    ]

    static let starterReport: GradingReport = {
        let needs = "this test needs the NSCache<NSString, UIImage> that ThumbnailCache stores thumbnails in, and found none among its stored properties (see uses_nscache)"
        func test(_ name: String, _ point: Int, _ summary: String, _ message: String?, _ lesson: String = "05-eviction") -> TestResult {
            TestResult(name: name, summary: summary, status: message == nil ? .pass : .fail, message: message, lesson: lesson, point: point)
        }
        let tests = [
            test("uses_nscache", 1, "thumbnails are stored in an NSCache<NSString, UIImage>", "found no NSCache<NSString, UIImage> among ThumbnailCache's stored properties (it has generator: (String) -> Optional<UIImage>); keep the thumbnails in an NSCache, which can let them go under memory pressure, not in a dictionary", "01-why-cache"),
            test("no_second_strong_copy", 1, "when the cache lets go of an image, ThumbnailCache holds no other strong reference", needs, "06-delegates"),
            test("cost_limit_20mb", 2, "totalCostLimit is about 20 MB (20,000,000 to 20 × 1024 × 1024)", needs, "04-cost"),
            test("cost_fractional_sizes", 3, "fractional sizes are costed width × height × 4, rounded reasonably", needs, "04-cost"),
            test("returns_stored_image", 4, "thumbnail(forKey:) returns the very object stored under that key", "thumbnail(forKey: \"alpha\") returned nil right after storeThumbnail(_:forKey: \"alpha\"); it should return the stored image", "02-keys"),
            test("miss_returns_nil", 4, "thumbnail(forKey:) returns nil for a key never stored", nil, "02-keys"),
            test("miss_generates_once", 6, "loadThumbnail on a miss calls the generator exactly once", "the generator never ran for a key that was not in the cache; on a miss, call it once"),
            test("miss_stores_before_completion", 6, "on a miss, a generated image is in the cache when completion runs", "the generated image was never stored in the cache; store a non-nil result before calling completion"),
            test("nil_result_stores_nothing", 6, "a nil from the generator stores nothing and completes with nil once", "the generator never ran for a key that was not in the cache; on a miss, call it once"),
            test("survives_eviction_foundation", 7, "stays correct when a small cache evicts in Foundation's order on Linux", needs),
            test("concurrent_access", 8, "many threads storing, looking up and loading at once get the right images", "with 8 threads at once, loadThumbnail(forKey: \"key-9\") completed with nil although the generator makes an image for it; every load completes with the image the generator makes, as miss_completes_once checks on one thread", "07-threads"),
        ]
        var crash = test("survives_memory_pressure", 7, "stays correct after moderate and critical memory pressure", "the test process crashed (SIGTRAP): exercises/ThumbnailCache.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        crash.status = .crash
        crash.output = "exercises/ThumbnailCache.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value, in ThumbnailCache.loadThumbnail(forKey:completion:)"
        let all = tests + [crash]
        return GradingReport(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: .fail, tests: all,
                             score: all.filter { $0.status == .pass }.count, maxScore: all.count, durationMilliseconds: 900)
    }()

    static let brokenReport = GradingReport(
        exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: .error,
        compilerMessage: """
        exercises/ThumbnailCache.swift:18:16: error: cannot find 'cache' in scope
                return cache.object(forKey: key as NSString) ?? placeholderImageForMissingThumbnails
                       ^~~~~
        exercises/ThumbnailCache.swift:18:58: error: cannot find 'placeholderImageForMissingThumbnails' in scope
                return cache.object(forKey: key as NSString) ?? placeholderImageForMissingThumbnails
                                                                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
        exercises/ThumbnailCache.swift:23:9: error: value of type 'NSCache<NSString, UIImage>' has no member 'setObjet'; did you mean 'setObject'?
        exercises/ThumbnailCache.swift:30:9: warning: variable 'unused' was never used; consider replacing with '_' or removing it
        """,
        tests: [], score: 0, maxScore: 20, durationMilliseconds: 300
    )
}
