import Foundation
import Testing
import TutorCourse
import TutorPlayground

/// Every try-it step of the real course (Lessons/) against the playground: its setup runs
/// without an error, and the step is not already done the moment it starts.
@Suite struct CourseTryStepTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var steps: [(name: String, step: TryStep)] {
        let location = CourseLocation(root: packageRoot, source: .option)
        guard let course = try? Course.load(from: location) else { return [] }
        return course.lessons.flatMap { lesson in
            lesson.trySteps.map { (name: "\(lesson.id) page \($0.page + 1)", step: $0.step) }
        }
    }

    @Test func theCourseHasTrySteps() {
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

    /// The commands a step's hints spell out in backticks, in order (`get a`, `set d 1`).
    static func hintedCommands(_ step: TryStep) -> [String] {
        step.hints.flatMap { hint in
            hint.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
                .filter { (try? PlaygroundCommand(parsing: $0)) != nil }
        }
    }

    @Test(arguments: steps.map(\.name))
    func followingTheHintsCompletesTheStep(name: String) throws {
        let step = try #require(Self.steps.first { $0.name == name }?.step)
        let commands = Self.hintedCommands(step)
        guard !commands.isEmpty else { return }
        let playground = Playground()
        for command in step.setup { _ = try playground.run(command) }
        let mark = playground.mark
        var ran: [String] = []
        for command in commands where !playground.allHold(step.conditions, since: mark) {
            _ = try playground.run(command)
            ran.append(command)
        }
        #expect(playground.allHold(step.conditions, since: mark), "\(name): the hints' commands \(ran) leave it undone")
    }
}
