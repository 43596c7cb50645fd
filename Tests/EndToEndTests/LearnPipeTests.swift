import Foundation
import Testing

/// `cachetutor learn` driven through a pipe, as a script would drive it.
@Suite struct LearnPipeTests {
    let home: URL
    let fixtureCourse = Cachetutor.packageRoot.appendingPathComponent("Tests/TutorREPLTests/Fixtures/Course").path

    init() throws {
        home = try Cachetutor.temporaryFolder("learn-pipe")
    }

    private func learn(_ input: [String], _ arguments: [String] = []) throws -> Cachetutor.Result {
        try Cachetutor.run(["learn", "--course", fixtureCourse] + arguments, input: input.map { $0 + "\n" }.joined(), home: home)
    }

    @Test func aScriptedSessionReadsPagesAndDoesATryStep() throws {
        let result = try learn(["", "set c 1", "", "where", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("01 · Alpha lesson · page 1 of 3: Opening"))
        #expect(result.stdout.contains("✓ Well done: Make the cache evict `a` because of the count limit"))
        #expect(result.stdout.contains("Page 3 of 3: Closing"))
        // A pipe gets neither prompts nor escape codes.
        #expect(!result.stdout.contains("alpha 1/3 ›"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func progressSurvivesBetweenRuns() throws {
        _ = try learn(["", "set c 1", "", "quit"])
        let again = try learn(["where", "progress", "quit"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Page 3 of 3: Closing"))
        #expect(again.stdout.contains("read 3/3        try-it 1/1"))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("progress.sqlite3").path))
    }

    @Test func endOfInputLeavesCleanly() throws {
        let result = try learn(["next"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("page 2 of 3"))
    }

    @Test func aLessonCanBeNamed() throws {
        let result = try learn(["where"], ["beta"])
        #expect(result.stdout.contains("Lesson 2 of 2: Beta lesson (02-beta)"))
    }

    @Test func anUnknownLessonIsAUsageError() throws {
        let result = try learn([], ["alpah"])
        #expect(result.status == 64)
        #expect(result.stderr == "cachetutor: no lesson 'alpah'; did you mean 'alpha'?\n")
    }

    @Test func aBrokenLessonIsADataError() throws {
        let course = try Cachetutor.temporaryFolder("broken-course")
        for folder in ["Lessons", "Quizzes", "Exercises"] {
            try FileManager.default.createDirectory(at: course.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "# Broken\n\n:::goal\nA goal.\n:::\n\n:::page One\nText.\n:::tryit x\n:::\n:::\n".write(to: course.appendingPathComponent("Lessons/01-broken.md"), atomically: true, encoding: .utf8)
        let result = try Cachetutor.run(["learn", "--course", course.path], home: home)
        #expect(result.status == 65)
        #expect(result.stderr.contains("Lessons/01-broken.md:9: unknown directive ':::tryit'"), "\(result.stderr)")
    }

    @Test func theRealCourseLoadsAndOpens() throws {
        let result = try Cachetutor.run(["learn", "1"], input: "where\nlessons\nquit\n", home: home)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Lesson 1 of "))
    }
}

extension LearnPipeTests {
    @Test func theLessonsQuizRunsInsideLearnAndCounts() throws {
        let result = try learn(["quiz --no-shuffle", "a", "progress", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Quiz 01-alpha: 1 question"))
        #expect(result.stdout.contains("answer> a"))
        #expect(result.stdout.contains("quiz 100%"))
    }
}
