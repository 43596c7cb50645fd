import Foundation
import Testing
import TutorCourse
@testable import TutorREPL
import TutorTerminal
import TutorTestSupport

/// `run`, `edit`, `reset-example` and Swift try-it steps, with the Swift runner faked.
@Suite struct LearnSwiftTests {
    static let lesson = """
        # Swift pages
        :::goal
        Run Swift.
        :::
        :::page An example
        Some text.

        ```swift
        let cache = NSCache<NSString, NSString>()
        print("hello")
        ```
        :::
        :::page A Swift step
        Write code.

        :::try Make the cache evict by count and say so
        expect: evictions by count >= 1
        expect: printed evicted
        hint: Set a count limit.
        ```swift
        print("evicted")
        ```
        :::
        :::
        """

    let root: URL
    let examples: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("learn-swift-\(UUID().uuidString)")
        examples = root.appendingPathComponent("data/examples")
        for folder in ["Lessons", "Quizzes", "Exercises"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Self.lesson.write(to: root.appendingPathComponent("Lessons/01-swift.md"), atomically: true, encoding: .utf8)
    }

    /// A session fed `lines`, whose `run` answers with `answer` and records what it was given.
    func session(_ lines: [String], progress: MemoryLearnProgress = MemoryLearnProgress(),
                 answer: @escaping (CodeBlock) -> LearnSession.SwiftRunReport) throws -> (CapturedOutput, [(CodeBlock, String)]) {
        var calls: [(CodeBlock, String)] = []
        let services = LearnSession.Services(
            runQuiz: { _, _, _, _ in }, check: { _, _, _ in },
            runSwift: { code, path in
                calls.append((code, path))
                return answer(code)
            },
            examplesFolder: examples
        )
        let (console, output) = Console.capture(width: 100)
        let course = try Course.load(from: CourseLocation(root: root, source: .option))
        try LearnSession(course: course, reader: ScriptedLineReader(lines), console: console, progress: progress, services: services).run()
        return (output, calls)
    }

    static func ran(_ output: String, evictedByCount: Int) -> LearnSession.SwiftRunReport {
        var summary = SwiftRun.Summary()
        summary.caches = 1
        summary.evictions = ["count": evictedByCount]
        return LearnSession.SwiftRunReport(outcome: .ran(SwiftRun(output: output, summary: summary)), hasStatements: true)
    }

    @Test func runRunsThePageExampleAndShowsItsOutputAndCaches() throws {
        let (output, calls) = try session(["run", "quit"]) { _ in Self.ran("hello\n", evictedByCount: 0) }
        #expect(calls.count == 1)
        #expect(calls.first?.0.lines.first == "let cache = NSCache<NSString, NSString>()")
        #expect(calls.first?.1 == "Lessons/01-swift.md")
        #expect(output.out.contains("── output ──\n  hello\n"))
        #expect(output.out.contains("Its caches: 1 cache, 0 stores, 0 hits, 0 misses, 0 evictions"))
    }

    @Test func compileErrorsAndCrashesAreShownAndTheSessionGoesOn() throws {
        let (output, _) = try session(["run", "quit"]) { _ in
            LearnSession.SwiftRunReport(outcome: .didNotCompile("Lessons/01-swift.md:9:1: error: nope"), hasStatements: true)
        }
        #expect(output.out.contains("It does not compile:\n  Lessons/01-swift.md:9:1: error: nope"))
    }

    @Test func aSwiftStepIsDoneWhenARunMeetsEveryCondition() throws {
        let progress = MemoryLearnProgress()
        let (output, _) = try session(["next", "run", "edit", "print(\"evicted\")", ".", "run", "quit"], progress: progress) { _ in Self.ran("evicted 2\n", evictedByCount: 2) }
        #expect(output.out.contains("There is no program yet: write one with 'edit', then 'run' it."))
        #expect(output.out.contains("Try it, in Swift:"))
        #expect(output.out.contains("✓ Well done"))
        #expect(try progress.record(forLesson: "01-swift").stepsDone == ["2.1"])
    }

    @Test func aRunThatMissesAConditionSaysWhichAndThenHints() throws {
        let progress = MemoryLearnProgress()
        let (output, _) = try session(["next", "edit", "print(1)", ".", "run", "run", "set a 1", "quit"], progress: progress) { _ in
            Self.ran("nothing\n", evictedByCount: 0)
        }
        #expect(output.out.contains("Not yet: 'evictions by count >= 1', 'printed evicted' do not hold."))
        #expect(output.out.contains("Hint 1 of 1:"))
        #expect(try progress.record(forLesson: "01-swift").stepsDone.isEmpty)
        #expect(!output.out.contains("Well done"), "playground commands never complete a Swift step")
    }

    @Test func editKeepsTheLearnersVersionAndResetGoesBack() throws {
        let scratch = examples.appendingPathComponent("01-swift-p1.swift")
        let (output, calls) = try session(["edit", "print(\"mine\")", ".", "run", "reset-example", "run", "quit"]) { _ in Self.ran("", evictedByCount: 0) }
        #expect(output.out.contains("Saved 1 line; 'run' runs your version."))
        #expect(calls.count == 2)
        #expect(calls.first?.0.lines.prefix(1) == ["print(\"mine\")"])
        #expect(calls.first?.1 == scratch.path, "errors in the learner's copy point at that file")
        #expect(calls.last?.1 == "Lessons/01-swift.md")
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
        #expect(output.out.contains("(it printed nothing)"))
    }
}
