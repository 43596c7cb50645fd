import Foundation
import Testing
import TutorCourse
import TutorPlayground
import TutorTestSupport

/// Every try-it step of the real course (Lessons/) against the playground: its setup runs
/// without an error, and the step is not already done the moment it starts.
@Suite struct CourseTryStepTests {
    static let packageRoot = PackageRoot.url

    static var steps: [(name: String, step: TryStep)] {
        let location = CourseLocation(root: packageRoot, source: .option)
        guard let course = try? Course.load(from: location) else { return [] }
        return course.lessons.flatMap { lesson in
            lesson.trySteps.map { (name: "\(lesson.id) page \($0.page + 1)", step: $0.step) }
        }
    }

    @Test func theCourseHasTrySteps() throws {
        _ = try Course.load(from: CourseLocation(root: Self.packageRoot, source: .option))
        #expect(!Self.steps.isEmpty)
    }

    @Test(arguments: steps.map(\.name))
    func setupRunsAndLeavesTheStepOpen(name: String) throws {
        let step = try #require(Self.steps.first { $0.name == name }?.step)
        let playground = Playground()
        for command in step.setup {
            #expect(throws: Never.self, "\(name): setup '\(command)'") { _ = try playground.run(command) }
        }
        #expect(!playground.allHold(step.conditions, since: playground.mark), "\(name): done before the learner does anything")
    }

    @Test(arguments: steps.map(\.name))
    func everyStepIsWorkable(name: String) throws {
        let step = try #require(Self.steps.first { $0.name == name }?.step)
        #expect(TryStepChecker.problems(step) == [], "\(name)")
    }

    @Test func theCourseHasEnoughPractice() {
        #expect(Self.steps.count >= 25)
        let perLesson = Dictionary(grouping: Self.steps, by: { String($0.name.prefix(2)) }).mapValues(\.count)
        for lesson in 3...10 {
            #expect(perLesson[String(format: "%02d", lesson), default: 0] >= 2, "lesson \(lesson) has fewer than two try-it steps")
        }
    }
}
