import Foundation
import Testing
@testable import TutorCommands
import TutorProgress
import TutorTerminal
import TutorTestSupport

@Suite struct LessonsCommandTests {
    /// A course folder with `lessons` in a fresh temporary directory.
    func makeCourse(_ lessons: [String: String], quizzes: [String] = [], exercises: [String] = []) throws -> URL {
        try TemporaryCourse.make(lessons, quizzes: quizzes, exercises: exercises)
    }

    func lesson(_ title: String, goal: String = "Learn it.", quiz: String? = nil, body: String = "Text.") -> String {
        "# \(title)\n:::goal\n\(goal)\n:::\n:::page One\n\(body)\n:::\n:::page Two\nMore.\n:::\n" + (quiz.map { ":::quiz \($0)\n" } ?? "")
    }

    func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture(width: 60)
        let context = CommandContext(console: console, environment: environment, workingDirectory: directory)
        return (Cachetutor.main(arguments, context: context), output)
    }

    @Test func listsNumberTitleAndGoal() throws {
        let root = try makeCourse([
            "02-keys.md": lesson("Keys", goal: "Build keys that name exactly one computed value, and know what `NSCache` asks of a key."),
            "01-why.md": lesson("Why cache"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons"], in: root)
        #expect(code == .success)
        #expect(output.out == """
             1  Why cache  (why)
                Learn it.
             2  Keys  (keys)
                Build keys that name exactly one computed value, and
                know what `NSCache` asks of a key.

            Start one with 'cachetutor learn N', e.g. 'cachetutor learn 1'.

            """)
    }

    @Test func listMarksProgress() throws {
        let root = try makeCourse(["01-why.md": lesson("Why cache"), "02-keys.md": lesson("Keys"), "03-count.md": lesson("Count")])
        let home = root.appendingPathComponent("home")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["CACHETUTOR_HOME": home.path]
        let store = try ProgressStore.open(environment: environment)
        try store.recordPosition(lesson: "01-why", page: 2, pageCount: 2)
        try store.recordPosition(lesson: "02-keys", page: 1, pageCount: 2)
        let (code, output) = run(["lessons"], in: root, environment: environment)
        #expect(code == .success)
        let lines = output.out.split(separator: "\n")
        #expect(lines[0] == " 1 ✓  Why cache  (why) · finished")
        #expect(lines[2] == " 2 ▸  Keys  (keys) · page 1 of 2")
        #expect(lines[4] == " 3    Count  (count)")
        #expect(lines[5] == "      Learn it.")
    }

    @Test func listWithABrokenLessonExits65() throws {
        let root = try makeCourse(["01-why.md": lesson("Why cache"), "02-keys.md": lesson("Keys", body: "Text.\n:::tryit Go\nexpect: hit a\n:::")])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons"], in: root)
        #expect(code == .dataError)
        #expect(output.out.contains("Why cache"))
        #expect(output.err.hasPrefix("cachetutor: Lessons/02-keys.md:7: unknown directive ':::tryit'; did you mean ':::try'?"))
    }

    @Test func lintCleanCourse() throws {
        let root = try makeCourse(["01-why.md": lesson("Why cache", quiz: "01-why")], quizzes: ["01-why"])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons", "--lint"], in: root)
        #expect(code == .success)
        #expect(output.out == "1 lesson, 2 pages, 0 try-it steps, 0 compilable code blocks: no problems found\n")
    }

    @Test func lintReportsEveryProblemOnOneLineEach() throws {
        let root = try makeCourse([
            "01-why.md": lesson("Why cache", quiz: "01-why", body: "Text.\n:::tryit Go\nexpect: hit a\n:::"),
            "02-keys.md": lesson("Keys", body: "Text.\n:::try Go\nexpect: evcted a\n:::"),
            "2-dup.md": lesson("Dup"),
            "notes.md": lesson("Notes"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons", "--lint"], in: root.deletingLastPathComponent(), environment: ["CACHETUTOR_COURSE": root.path])
        #expect(code == .dataError)
        let prefix = root.lastPathComponent + "/Lessons/"
        #expect(output.out == """
            \(prefix)01-why.md:7: unknown directive ':::tryit'; did you mean ':::try'?
            \(prefix)01-why.md:14: quiz '01-why' not found: there is no \(root.lastPathComponent)/Quizzes/01-why.gift
            \(prefix)02-keys.md:8: unknown condition 'evcted'; did you mean 'evicted'?
            \(prefix)2-dup.md: lesson number 2 is also used by \(prefix)02-keys.md
            \(prefix)notes.md: bad lesson file name 'notes.md'; name lessons NN-slug.md, e.g. 05-eviction.md
            5 problems in 4 of 4 lesson files

            """)
    }

    @Test func lintTakesACourseOrLessonsFolder() throws {
        let root = try makeCourse(["01-why.md": lesson("Why", body: ":::page X\n")])
        defer { try? FileManager.default.removeItem(at: root) }
        let parent = root.deletingLastPathComponent()
        let name = root.lastPathComponent
        let (code, output) = run(["lessons", "--lint", name + "/"], in: parent)
        #expect(code == .dataError)
        #expect(output.out.contains("\n\(name)/Lessons/01-why.md:6: ':::page' cannot open inside the ':::page' block opened at line 5"))
        let (again, sameOutput) = run(["lessons", "--lint", name + "/Lessons"], in: parent)
        #expect(again == .dataError)
        #expect(sameOutput.out == output.out)
        let (missing, missingOutput) = run(["lessons", "--lint", "nowhere"], in: parent)
        #expect(missing == .noInput)
        #expect(missingOutput.err.contains("nowhere: no such folder"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        let (notLessons, notLessonsOutput) = run(["lessons", "--lint", name + "/notes"], in: parent)
        #expect(notLessons == .noInput)
        #expect(notLessonsOutput.err.contains("\(name)/notes: not a course folder or a Lessons folder (it has no Lessons/)"))
    }

    @Test func lintChecksSetupCommandsAgainstThePlayground() throws {
        let root = try makeCourse(["01-why.md": lesson("Why", body: "Text.\n:::try Go\nsetup: cache new --cost 100\nsetup: sett a 40\nexpect: ran stast\n:::")])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons", "--lint"], in: root)
        #expect(code == .dataError)
        #expect(output.out == """
            Lessons/01-why.md:9: setup command 'sett a 40' would fail in the playground: unknown playground command 'sett'; did you mean 'set'?
            Lessons/01-why.md:10: 'ran stast' can never hold: 'stast' is not a playground command; did you mean 'stats'?
            2 problems in 1 of 1 lesson file

            """)
    }

    @Test func lintChecksThatEachStepIsWorkable() throws {
        let unsolved = "Text.\n:::try Make the cache evict b\nsetup: cache new --count 2 --policy lru\nsetup: set a 1\nsetup: set b 1\nexpect: evicted b by count\nhint: `set c 1`\n:::"
        let done = "Text.\n:::try Keep a\nsetup: cache new --count 1\nsetup: set a 1\nexpect: contains a\nhint: `stats`\n:::"
        let root = try makeCourse(["01-why.md": lesson("Why", body: unsolved), "02-how.md": lesson("How", body: done)])
        defer { try? FileManager.default.removeItem(at: root) }
        let (code, output) = run(["lessons", "--lint"], in: root)
        #expect(code == .dataError)
        #expect(output.out == """
            Lessons/01-why.md:7: try-it step: its hints' commands (`set c 1`) leave 'evicted b by count' unmet under count limit 2, no cost limit, policy lru; fix the hints or the expectation
            Lessons/02-how.md:7: try-it step: its setup alone completes it, so the learner has nothing to do; expect something only the learner's commands bring about
            2 problems in 2 of 2 lesson files

            """)
    }
}
