import Foundation
import Testing
@testable import TutorCourse
import TutorTestSupport

/// A course folder in a fresh temporary directory, removed by the caller.
func makeCourse(_ lessons: [String: String], quizzes: [String] = [], exercises: [String] = []) throws -> CourseLocation {
    CourseLocation(root: try TemporaryCourse.make(lessons, quizzes: quizzes, exercises: exercises), source: .option)
}

func simpleLesson(_ title: String, quiz: String? = nil, exercise: String? = nil) -> String {
    var text = "# \(title)\n\n:::goal\nLearn \(title).\n:::\n\n:::page One\nText.\n:::\n"
    if let quiz { text += ":::quiz \(quiz)\n" }
    if let exercise { text += ":::exercise \(exercise)\n" }
    return text
}

@Suite struct CourseTests {
    @Test func loadsSortedAndLooksUpByNumberSlugAndId() throws {
        let location = try makeCourse([
            "10-testing.md": simpleLesson("Testing"),
            "02-keys.md": simpleLesson("Keys"),
            "05-eviction.md": simpleLesson("Eviction"),
            "README.md": "# Not a lesson",
        ])
        defer { try? FileManager.default.removeItem(at: location.root) }
        let course = try Course.load(from: location)
        #expect(course.lessons.map(\.id) == ["02-keys", "05-eviction", "10-testing"])
        #expect(course.lessons.first?.file == "Lessons/02-keys.md")
        #expect(try course.lesson(named: "5").id == "05-eviction")
        #expect(try course.lesson(named: "05").id == "05-eviction")
        #expect(try course.lesson(named: "eviction").id == "05-eviction")
        #expect(try course.lesson(named: "Eviction").id == "05-eviction")
        #expect(try course.lesson(named: "05-eviction").id == "05-eviction")
        #expect(try course.lesson(named: "05-eviction.md").id == "05-eviction")
        #expect(course.index(ofLesson: "10-testing") == 2)
    }

    @Test func misspelledNamesGetASuggestion() throws {
        let location = try makeCourse(["05-eviction.md": simpleLesson("Eviction"), "02-keys.md": simpleLesson("Keys")])
        defer { try? FileManager.default.removeItem(at: location.root) }
        let course = try Course.load(from: location)
        #expect(throws: LessonLookupError(name: "evictoin", suggestion: "eviction", available: ["02-keys", "05-eviction"])) {
            try course.lesson(named: "evictoin")
        }
        #expect(course.suggestion(for: "05-evicton") == "eviction")
        #expect(course.suggestion(for: "zzzzzzzz") == nil)
        #expect(course.find("7") == nil)
        let error = LessonLookupError(name: "evictoin", suggestion: "eviction", available: [])
        #expect(error.message == "no lesson 'evictoin'; did you mean 'eviction'?")
        #expect(error.exitCode == .usage)
    }

    @Test func duplicateNumbersAreErrors() throws {
        let location = try makeCourse(["05-eviction.md": simpleLesson("Eviction"), "5-other.md": simpleLesson("Other")])
        defer { try? FileManager.default.removeItem(at: location.root) }
        #expect(throws: CourseErrors.self) { try Course.load(from: location) }
        let result = Course.check(lessonsFolder: location.lessons, display: "Lessons")
        #expect(result.errors.map(\.message) == ["Lessons/5-other.md: lesson number 5 is also used by Lessons/05-eviction.md"])
    }

    @Test func badFileNamesAndEmptyFolders() throws {
        let location = try makeCourse(["intro.md": simpleLesson("Intro"), "notes.txt": "ignored"])
        defer { try? FileManager.default.removeItem(at: location.root) }
        let result = Course.check(lessonsFolder: location.lessons, display: "course/Lessons")
        #expect(result.errors.map(\.message) == ["course/Lessons/intro.md: bad lesson file name 'intro.md'; name lessons NN-slug.md, e.g. 05-eviction.md"])
        let empty = try makeCourse([:])
        defer { try? FileManager.default.removeItem(at: empty.root) }
        #expect(Course.check(lessonsFolder: empty.lessons, display: "Lessons").errors.map(\.message) == ["Lessons: no lessons found (lesson files are named NN-slug.md)"])
        let missing = Course.check(lessonsFolder: empty.root.appendingPathComponent("Nope"), display: "Nope")
        #expect(missing.errors.first?.exitCode == .noInput)
    }

    @Test func lintChecksQuizAndExercisePointers() throws {
        let location = try makeCourse(
            [
                "01-why.md": simpleLesson("Why", quiz: "01-why", exercise: "ThumbnailCache"),
                "02-keys.md": simpleLesson("Keys", quiz: "02-keys", exercise: "Missing"),
            ],
            quizzes: ["01-why"], exercises: ["ThumbnailCache"]
        )
        defer { try? FileManager.default.removeItem(at: location.root) }
        let report = CourseLinter.lint(location)
        #expect(report.fileCount == 2)
        #expect(report.lessons.count == 2)
        #expect(report.errors.map(\.message) == [
            "Lessons/02-keys.md:10: quiz '02-keys' not found: there is no Quizzes/02-keys.gift",
            "Lessons/02-keys.md:11: exercise 'Missing' not found: there is no Exercises/Missing/",
        ])
    }

    @Test func lintRunsTheCallersCommandChecks() throws {
        let text = "# T\n:::goal\nG.\n:::\n:::page P\nText.\n:::try Go\nsetup: set a 1\nsetup: sett b 2\nexpect: ran stat\nexpect: ran stats\n:::\n:::\n"
        let location = try makeCourse(["01-t.md": text])
        defer { try? FileManager.default.removeItem(at: location.root) }
        let report = CourseLinter.lint(
            location,
            checkSetup: { $0.hasPrefix("sett ") ? "unknown command 'sett'" : nil },
            checkRan: { $0 == "stat" ? "no such command" : nil }
        )
        #expect(report.errors.map(\.message) == [
            "Lessons/01-t.md:9: setup command 'sett b 2' would fail in the playground: unknown command 'sett'",
            "Lessons/01-t.md:10: 'ran stat' can never hold: no such command",
        ])
        #expect(CourseLinter.lint(location).errors.isEmpty)
    }

    @Test func courseErrorsSummariseTheRest() {
        let errors = CourseErrors(errors: [
            LessonError(file: "Lessons/a.md", line: nil, .badFileName("a.md")),
            LessonError(file: "Lessons/b.md", line: nil, .badFileName("b.md")),
        ])
        #expect(errors.message.hasSuffix("(and 1 more; run 'cachetutor lessons --lint')"))
        #expect(errors.exitCode == .dataError)
    }
}
