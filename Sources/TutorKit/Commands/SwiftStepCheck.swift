import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// Runs Swift with the lesson-example runner and judges a Swift try-it step by the run:
/// `run` inside `learn` for the learner's program, `lessons --lint` for the step's own
/// reference answer.
enum SwiftStepCheck {
    /// The entry point the example's statements are put in (the example harness's adapter calls it).
    static let entry = "_cachetutorExample"

    /// Compiles and runs `block` with the example runner; `displayPath` names it in errors.
    static func run(_ block: CodeBlock, displayPath: String, runner: ExampleRunner) throws -> (run: ExampleRunner.Run, hasStatements: Bool) {
        let library = SwiftExample(lessonFile: displayPath, imports: ["Foundation"]).library(for: block, entry: entry)
        return (try runner.run(source: library.source, displayPath: displayPath), library.hasStatements)
    }

    /// The learner-facing run: output, and the engine's summary when it ran to its end.
    static func swiftRun(_ run: ExampleRunner.Run) -> SwiftRun {
        guard case let .ran(note) = run.outcome else { return SwiftRun(output: run.output, summary: nil) }
        let summary = note.flatMap { try? JSONDecoder().decode(SwiftRun.Summary.self, from: Data($0.utf8)) } ?? SwiftRun.Summary()
        return SwiftRun(output: run.output, summary: summary)
    }

    /// What keeps `step`'s reference answer from completing it (empty when it does).
    static func problems(_ step: TryStep, lessonFile: String, environment: [String: String]) -> [String] {
        guard let answer = step.answer else { return [] }
        do {
            let runner = try ExampleRunner(environment: environment)
            let (run, _) = try self.run(answer, displayPath: lessonFile, runner: runner)
            switch run.outcome {
            case let .didNotCompile(message):
                return ["its Swift answer does not compile: " + (message.split(separator: "\n").first.map(String.init) ?? "")]
            case let .failed(message):
                return ["its Swift answer did not run to its end: \(message)"]
            case .ran:
                let result = swiftRun(run)
                let unmet = step.conditions.filter { !result.holds($0) }
                return unmet.isEmpty ? [] : ["its Swift answer does not meet " + unmet.map { "'\($0)'" }.joined(separator: ", ") + " (\(result.summaryLine ?? "no summary"))"]
            }
        } catch {
            return ["its Swift answer could not be run: \(userFacingMessage(error))"]
        }
    }
}
