import Foundation
import TutorCourse
import TutorProgress
import TutorTerminal

/// `cachetutor progress`: show or export your saved progress.
///
///     $ cachetutor progress
///     $ cachetutor progress --export json > my-progress.json
enum ProgressCommand: Command {
    static let spec = CommandSpec(
        name: "progress",
        abstract: "Show or export your saved progress.",
        discussion: "Progress lives in $CACHETUTOR_HOME/progress.sqlite3, else $XDG_DATA_HOME/cachetutor/progress.sqlite3, else ~/.local/share/cachetutor/progress.sqlite3. 'learn', 'quiz' and 'check' save to it; this command only reads it.",
        options: [
            OptionSpec(name: "export", valueName: "FORMAT", help: "Print everything saved, in this format, instead of the summary.", choices: ["json"]),
        ],
        examples: ["cachetutor progress", "cachetutor progress --export json"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let course = try context.course(parsed)
        let lessons = try courseLessons(course)
        let store = try ProgressStore.openIfPresent(environment: context.environment, warn: context.console.warning)

        if parsed.value("export") != nil {
            let export = try store?.export(lessons: lessons.map(\.name))
                ?? ProgressExport(formatVersion: 1, exportedAt: Date(), resume: nil,
                                  lessons: lessons.map { LessonProgress(lesson: $0.name) }, quizAttempts: [], checks: [])
            context.console.line(String(decoding: try export.jsonData(), as: UTF8.self))
            return .success
        }

        let formatter = ProgressSummaryFormatter(style: context.console.style)
        let lines = formatter.lines(
            lessons: lessons,
            progress: try store?.summary(lessons: lessons.map(\.name)) ?? [],
            resume: try store?.resumePoint(),
            checks: try store?.checks() ?? [],
            exercises: ((try? ExerciseCatalog(folder: course.exercises))?.exercises ?? []).map(\.name),
            storePath: store.map { displayPath($0.url, environment: context.environment) }
        )
        lines.forEach(context.console.line)
        return .success
    }

    /// The lessons of the course by file name (`NN-slug.md`), titled by their `# ` heading.
    static func courseLessons(_ course: CourseLocation) throws -> [ProgressSummaryFormatter.Lesson] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: course.lessons.path)) ?? []
        return names
            .filter { $0.hasSuffix(".md") && $0.first?.isNumber == true }
            .sorted()
            .map { file in
                let stem = String(file.dropLast(3))
                let text = (try? String(contentsOf: course.lessons.appendingPathComponent(file), encoding: .utf8)) ?? ""
                let heading = TextLines.split(text).filter { !$0.isEmpty }.first { $0.hasPrefix("# ") }
                let title = heading.map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) } ?? stem
                return ProgressSummaryFormatter.Lesson(name: stem, title: title)
            }
    }

    private static func displayPath(_ url: URL, environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty, url.path.hasPrefix(home + "/") {
            return "~" + url.path.dropFirst(home.count)
        }
        return url.path
    }
}
