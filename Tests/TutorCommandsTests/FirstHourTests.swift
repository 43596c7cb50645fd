import Foundation
import Testing
@testable import TutorCommands
import TutorCourse
import TutorGrading
import TutorProgress
import TutorREPL
import TutorTerminal
import TutorTestSupport

/// The small things a learner meets in the first hour (issue 23, items 6 to 8).
@Suite struct FirstHourTests {
    struct Run {
        var code: ExitCode
        var output: CapturedOutput
        var home: URL
    }

    func run(_ arguments: [String], typing lines: [String] = [], home: URL? = nil) throws -> Run {
        let home = try home ?? TemporaryCourse.folder("first-hour")
        let reader = TerminalSeam.Reader(ScriptedLineReader(lines))
        let terminal = TerminalSeam(isInteractive: false, rows: { nil }, makeReader: { _ in reader })
        let (console, output) = Console.capture(width: 80)
        let context = CommandContext(console: console, environment: ["CACHETUTOR_HOME": home.path, "HOME": home.path],
                                     workingDirectory: PackageRoot.url, terminal: terminal)
        return Run(code: Cachetutor.main(arguments, context: context), output: output, home: home)
    }

    // MARK: quiz

    @Test func anUnknownQuizIsAnErrorBeforeAnySeed() throws {
        let missing = try run(["quiz", "99"])
        #expect(missing.code == .usage)
        #expect(!missing.output.out.contains("Shuffled with seed"), "\(missing.output.out)")
        #expect(missing.output.err.contains("99"))
        // A quiz that exists still says its seed, first.
        let taken = try run(["quiz", "1"], typing: [])
        #expect(taken.output.out.hasPrefix("Shuffled with seed "), "\(taken.output.out.prefix(200))")
    }

    @Test func nothingToReviewSaysNoSeed() throws {
        let review = try run(["quiz", "review"])
        #expect(review.code == .success)
        #expect(!review.output.out.contains("Shuffled with seed"))
        #expect(review.output.out.contains("Nothing to review"))
    }

    // MARK: exercises hint

    @Test func aHintWithoutAPointIsNeverEveryHint() throws {
        let hint = try run(["exercises", "hint", "ThumbnailCache"])
        #expect(hint.code == .success)
        #expect(!hint.output.out.contains("Hint for contract point"), "\(hint.output.out)")
        #expect(hint.output.out.contains("one hint per contract point (1–8)"))
        #expect(hint.output.out.contains("'cachetutor exercises hint ThumbnailCache 1'"))
    }

    @Test func aHintWithoutAPointIsTheOneTheLastCheckNeeds() throws {
        let home = try TemporaryCourse.folder("first-hour")
        let store = try ProgressStore.open(environment: ["CACHETUTOR_HOME": home.path])
        try store.recordCheck(CheckRecord(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: "fail", passed: 10, total: 20,
                                          failedTests: ["miss_generates_once", "concurrent_access"]))
        let hint = try run(["exercises", "hint", "ThumbnailCache"], home: home)
        let out = hint.output.out
        #expect(out.contains("Hint for contract point 6 (your last check failed miss_generates_once first)"), "\(out)")
        #expect(out.components(separatedBy: "Hint for contract point").count == 2, "one hint only")
    }

    @Test func everyHintOnlyWhenAskedFor() throws {
        let all = try run(["exercises", "hint", "ThumbnailCache", "--all"])
        #expect(all.output.out.components(separatedBy: "Hint for contract point").count == 9)
        let one = try run(["exercises", "hint", "ThumbnailCache", "3"])
        #expect(one.output.out.contains("Hint for contract point 3"))
        #expect(one.output.out.components(separatedBy: "Hint for contract point").count == 2)
    }

    // MARK: learn

    @Test func jumpingToTheLastPageDoesNotFinishTheLesson() throws {
        let course = try Course.load(from: CourseLocation(root: PackageRoot.url, source: .option))
        let lesson = try course.lesson(named: "3")
        let last = lesson.pages.count
        let progress = MemoryLearnProgress()
        let (console, output) = Console.capture(width: 100)
        let session = LearnSession(course: course, reader: ScriptedLineReader(["page \(last)", "lessons", "quit"]), console: console,
                                   progress: progress, interactive: false)
        try session.run(startingAt: "3")
        #expect(try progress.record(forLesson: lesson.id).furthestPage == 1, "a jump reads nothing on the way")
        #expect(try progress.record(forLesson: lesson.id).page == last, "but the learner is there, and resumes there")
        let listing = output.out.split(separator: "\n").first { $0.contains(lesson.slug) && $0.contains("(read") }
        #expect(listing?.contains("(read 1/\(last))") == true, "\(listing ?? "")")

        // Reading the pages in order does finish it.
        let reading = LearnSession(course: course, reader: ScriptedLineReader((1...last).map { "page \($0)" } + ["quit"]),
                                   console: console, progress: progress, interactive: false)
        try reading.run(startingAt: "3")
        #expect(try progress.record(forLesson: lesson.id).furthestPage == last)
    }

    @Test func theStoreCountsPagesReadInOrderToo() throws {
        let home = try TemporaryCourse.folder("first-hour")
        let store = try ProgressStore.open(environment: ["CACHETUTOR_HOME": home.path])
        try store.recordPosition(lesson: "03-count-limits", page: 1, pageCount: 7)
        try store.recordPosition(lesson: "03-count-limits", page: 7, pageCount: 7)
        var summary = try store.summary(lessons: ["03-count-limits"])
        #expect(summary[0].furthestPage == 1 && !summary[0].finished && summary[0].page == 7)
        for page in 2...7 { try store.recordPosition(lesson: "03-count-limits", page: page, pageCount: 7) }
        summary = try store.summary(lessons: ["03-count-limits"])
        #expect(summary[0].finished)
    }

    // MARK: background builds

    @Test func backgroundBuildsCanBeTurnedOffAndNeverStartFromATestBinary() {
        #expect(BackgroundPrepare.isEnabled(environment: [:]))
        #expect(!BackgroundPrepare.isEnabled(environment: ["CACHETUTOR_PREBUILD": "0"]))
        #expect(!BackgroundPrepare.isEnabled(environment: ["CACHETUTOR_PREBUILD": "never"]))
        #expect(BackgroundPrepare.selfExecutable() == nil, "this process is the test runner, not cachetutor")
    }

    @Test func theProgressLineFitsEveryWidthAndSaysWhenItIsDone() {
        let progress = BuildProgress(exercise: "ThumbnailCache", stage: .building, fraction: 0.4, remaining: .seconds(8), elapsed: .seconds(5))
        #expect(BuildProgressLine.texts(progress).first == "Building the ThumbnailCache tests, once: 40 % · about 8 s left")
        for width in [40, 80, 100] {
            let (console, output) = Console.capture(width: width)
            let line = BuildProgressLine(console: console)
            line.report(progress)
            line.report(BuildProgress(exercise: "ThumbnailCache", stage: .finished, fraction: 1, remaining: .zero, elapsed: .seconds(21)))
            let lines = output.err.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { TextWrapper.visibleWidth($0) <= width })
            let words = output.err.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words == "Building the ThumbnailCache tests, once (about 8 s left)… Built the ThumbnailCache tests in 21 s; later checks skip this.",
                    "a pipe gets the first and the last line, wrapped: \(lines)")
        }
        let (console, output) = Console.capture(width: 40)
        BuildProgressLine(console: console).report(BuildProgress(exercise: "ThumbnailCache", stage: .finished, fraction: 1, remaining: .zero, elapsed: .zero))
        #expect(output.err.isEmpty, "nothing was built: nothing to say")
    }
}
