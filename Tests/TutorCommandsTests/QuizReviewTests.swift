import Foundation
import Testing
import TutorCourse
@testable import TutorCommands
import TutorProgress
import TutorQuiz
import TutorTerminal
import TutorTestSupport

/// `cachetutor quiz review`, in process: a question missed in one attempt comes back.
@Suite struct QuizReviewTests {
    let folder: URL
    let course: CourseLocation

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-review-\(UUID().uuidString)")
        let quizzes = folder.appendingPathComponent("course/Quizzes")
        try FileManager.default.createDirectory(at: quizzes, withIntermediateDirectories: true)
        try """
            ::01 Default limit::What does a countLimit of 0 mean?{
            ~At most one entry#No: 0 turns the limit off.
            =No count limit#Right.
            }

            ::01 Thread safety::NSCache may be called from any thread.{T#It may.#Right.}
            """.write(to: quizzes.appendingPathComponent("01-basics.gift"), atomically: true, encoding: .utf8)
        course = CourseLocation(root: folder.appendingPathComponent("course"), source: .option)
    }

    func context() -> (CommandContext, CapturedOutput) {
        let (console, output) = Console.capture()
        return (CommandContext(console: console, environment: ["CACHETUTOR_HOME": folder.path], workingDirectory: folder), output)
    }

    @Test func aQuestionMissedInAnAttemptIsAskedAgainAndARightAnswerMovesItUp() throws {
        let (first, _) = context()
        // File order, so the script knows where the choices are: 'a' is wrong, 't' is right.
        try QuizCommand.takeQuizzes(named: ["basics"], reader: ScriptedLineReader(["a", "t"]), options: QuizSession.Options(shuffle: false), course: course, context: first)

        let (second, output) = context()
        #expect(try QuizCommand.review(all: false, reader: ScriptedLineReader(["b"]), options: QuizSession.Options(shuffle: false), course: course, context: second) == .success)
        #expect(output.out.contains("Review: 1 question from 1 quiz."))
        #expect(output.out.contains("01 Default limit"))
        #expect(!output.out.contains("01 Thread safety"), "a question answered right is not reviewed")
        #expect(output.out.contains("Nothing else is due now."))

        let store = try ProgressStore.open(environment: second.environment)
        #expect(try store.reviewCards().map(\.box) == [2])

        let (third, later) = context()
        _ = try QuizCommand.review(all: false, reader: ScriptedLineReader([]), options: QuizSession.Options(shuffle: false), course: course, context: third)
        #expect(later.out.contains("Nothing is due for review yet; the next question comes back in 1 day"))
    }

    @Test func dueQuestionsTheCourseNoLongerHoldsAreNamedNotHidden() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let stale = ReviewCard(quiz: "01-basics", question: "gone", box: 1, dueAt: now, answeredAt: now)
        #expect(QuizCommand.nothingDue(cards: [stale], due: 1, all: false, now: now).hasPrefix("1 question is due, but no quiz of this course holds it"))
        let later = ReviewCard(quiz: "01-basics", question: "later", box: 2, dueAt: now.addingTimeInterval(86_400), answeredAt: now)
        #expect(QuizCommand.nothingDue(cards: [later], due: 0, all: false, now: now).contains("comes back in 1 day"))
    }

    @Test func reviewAllMixesInTheLessonsOpened() throws {
        let store = try ProgressStore.open(environment: ["CACHETUTOR_HOME": folder.path])
        try store.recordPosition(lesson: "01-basics", page: 1)
        let (context, output) = context()
        _ = try QuizCommand.review(all: true, reader: ScriptedLineReader(["b", "t"]), options: QuizSession.Options(seed: 3), course: course, context: context)
        #expect(output.out.contains("Review: 2 questions from 1 quiz."))
    }
}

/// `quiz` refuses flags that ask for two jobs at once rather than letting one win.
@Suite struct QuizModeConflictTests {
    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let context = CommandContext(console: console, environment: [:], workingDirectory: PackageRoot.url)
        return (Cachetutor.main(["quiz"] + arguments, context: context), output)
    }

    @Test(arguments: [["--lint", "--history"], ["--export", "json", "--lint"], ["--history", "--seed", "3"], ["--lint", "--no-shuffle"], ["--strict", "1"]])
    func twoJobsAtOnceAreAUsageError(arguments: [String]) {
        let (code, output) = run(arguments)
        #expect(code == .usage)
        #expect(output.err.contains("--strict only changes what --lint reports") || output.err.contains("give one at a time"), "\(output.err)")
    }
}
