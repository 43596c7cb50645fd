import Foundation

/// Checks a whole course folder: every lesson parses, numbers are unique, every
/// `:::quiz` and `:::exercise` points at something that exists, and (with the playground's
/// checks passed in) every try-it step can be done, and only by the learner.
///
///     let report = CourseLinter.lint(location, displayRoot: "")
///     report.errors.map(\.message)   // ["Lessons/05-eviction.md:42: unknown directive ':::tryit'; did you mean ':::try'?"]
public enum CourseLinter {
    /// What a lint run found.
    public struct Report: Sendable {
        /// The lessons that parsed.
        public var lessons: [Lesson]
        /// Every problem, in file and line order.
        public var errors: [LessonError]
        /// The number of lesson files looked at.
        public var fileCount: Int
    }

    /// Lints `location`; `displayRoot` prefixes the paths in messages (empty: relative to the course).
    ///
    /// The playground's command language lives in a module above this one, so the caller
    /// may pass its checks: `checkSetup` returns why a `setup:` command would fail (nil
    /// when it is fine), `checkRan` why a `ran COMMAND` condition could never hold, and
    /// `checkStep` what keeps a whole step (of the lesson file named second) from working
    /// (empty when it works).
    public static func lint(
        _ location: CourseLocation,
        displayRoot: String = "",
        checkSetup: ((String) -> String?)? = nil,
        checkRan: ((String) -> String?)? = nil,
        checkStep: ((TryStep, String) -> [String])? = nil
    ) -> Report {
        let lessonsDisplay = Course.displayPath(displayRoot, "Lessons")
        let result = Course.check(lessonsFolder: location.lessons, display: lessonsDisplay)
        var errors = result.errors
        for lesson in result.lessons {
            // A step of a file that did not parse may have lost lines; its other errors come first.
            let parsed = !result.errors.contains { $0.file == lesson.file }
            for (_, step) in lesson.trySteps {
                if let checkSetup {
                    for (index, command) in step.setup.enumerated() {
                        if let reason = checkSetup(command) {
                            errors.append(LessonError(file: lesson.file, line: step.setupLines[safe: index] ?? step.line, .badSetup(command: command, reason: reason)))
                        }
                    }
                }
                for reason in parsed ? checkStep?(step, lesson.file) ?? [] : [] {
                    errors.append(LessonError(file: lesson.file, line: step.line, .unworkableStep(reason: reason)))
                }
                if let checkRan {
                    for (index, condition) in step.conditions.enumerated() {
                        if case let .ran(command) = condition, let reason = checkRan(command) {
                            errors.append(LessonError(file: lesson.file, line: step.conditionLines[safe: index] ?? step.line, .badRan(command: command, reason: reason)))
                        }
                    }
                }
            }
            if let quiz = lesson.quiz {
                let path = location.quizzes.appendingPathComponent(quiz + ".gift").path
                if !FileManager.default.fileExists(atPath: path) {
                    errors.append(LessonError(file: lesson.file, line: lesson.quizLine, .missingQuiz(name: quiz, expected: Course.displayPath(displayRoot, "Quizzes/\(quiz).gift"))))
                }
            }
            for (exercise, line) in zip(lesson.exercises, lesson.exerciseLines) {
                var isDirectory: ObjCBool = false
                let path = location.exercises.appendingPathComponent(exercise).path
                if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                    errors.append(LessonError(file: lesson.file, line: line, .missingExercise(name: exercise, expected: Course.displayPath(displayRoot, "Exercises/\(exercise)/"))))
                }
            }
        }
        let fileCount = ((try? FileManager.default.contentsOfDirectory(atPath: location.lessons.path)) ?? [])
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") && $0.lowercased() != "readme.md" }.count
        errors.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
        return Report(lessons: result.lessons, errors: errors, fileCount: fileCount)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
