import Foundation
import TutorCourse
import TutorPlayground
import TutorProgress
import TutorTerminal

/// `cachetutor lessons`: list the course's lessons, or check a course folder with `--lint`.
///
///     $ cachetutor lessons --lint
///     Lessons/05-eviction.md:42: unknown directive ':::tryit'; did you mean ':::try'?
///     1 problem in 1 of 10 lesson files
enum LessonsCommand: Command {
    static let spec = CommandSpec(
        name: "lessons",
        abstract: "List the course's lessons, or check their format with --lint.",
        discussion: "Without --lint, prints each lesson's number, title and goal. With --lint, checks every lesson file of the course (or of DIR): the format described in Lessons/README.md, unique numbers, that each :::quiz and :::exercise exists, and that each try-it step is workable: its setup alone does not complete it, the commands its hints spell out do, and its evictions can happen in the caches it makes. Every problem is printed on one line as FILE:LINE: message; the exit status is 65 if there is any.",
        arguments: [ArgumentSpec(name: "DIR", help: "A course folder (holding Lessons/) or a Lessons folder; default: the current course.", isOptional: true)],
        options: [.flag("lint", help: "Check the lesson files instead of listing them.")],
        examples: ["cachetutor lessons", "cachetutor lessons --lint", "cachetutor lessons --lint path/to/course"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let (location, displayRoot) = try courseFolder(parsed, in: context)
        if parsed.flag("lint") { return lint(location, displayRoot: displayRoot, console: context.console, environment: context.environment) }
        return list(location, displayRoot: displayRoot, context: context)
    }

    private static func list(_ location: CourseLocation, displayRoot: String, context: CommandContext) -> ExitCode {
        let console = context.console
        let result = Course.check(lessonsFolder: location.lessons, display: displayPath(displayRoot, "Lessons"))
        let progress = progressByLesson(result.lessons.map(\.id), context: context)
        let style = console.style
        let numberWidth = max(2, String(result.lessons.map(\.number).max() ?? 0).count)
        let indent = String(repeating: " ", count: numberWidth + (progress == nil ? 2 : 4))
        for lesson in result.lessons {
            let number = String(repeating: " ", count: max(0, numberWidth - String(lesson.number).count)) + String(lesson.number)
            var line = style.paint(number, .cyan) + " "
            var status = ""
            if let progress {
                let entry = progress[lesson.id]
                if entry?.finished == true {
                    line += style.paint("✓", .green) + " "
                    status = "finished"
                } else if let page = entry?.page {
                    line += style.paint("▸", .yellow) + " "
                    status = "page \(page) of \(lesson.pages.count)"
                } else {
                    line += "  "
                }
            }
            line += " " + style.paint(lesson.title, .bold) + style.paint("  (\(lesson.slug))", .gray)
            if !status.isEmpty { line += style.paint(" · " + status, .gray) }
            console.line(line)
            let renderer = MarkdownRenderer(style: style)
            for line in TextWrapper.wrap(renderer.inline(lesson.goal), width: style.width, indent: indent) { console.line(line) }
        }
        guard result.errors.isEmpty else {
            let count = result.errors.count
            console.error("\(result.errors[0].message)" + (count > 1 ? " (and \(count - 1) more; run 'cachetutor lessons --lint')" : ""))
            return .dataError
        }
        console.line()
        console.line(style.paint("Start one with 'cachetutor learn N', e.g. 'cachetutor learn \(result.lessons.first.map { String($0.number) } ?? "1")'.", .gray))
        return .success
    }

    private static func lint(_ location: CourseLocation, displayRoot: String, console: Console, environment: [String: String]) -> ExitCode {
        let report = CourseLinter.lint(location, displayRoot: displayRoot, checkSetup: { command in
            do throws(PlaygroundError) {
                _ = try PlaygroundCommand(parsing: command)
                return nil
            } catch {
                return error.message
            }
        }, checkRan: { command in
            let name = command.split(separator: " ").first.map(String.init) ?? command
            guard PlaygroundCommand.usage[name] == nil else { return nil }
            let suggestion = Suggestion.nearest(to: name, in: PlaygroundCommand.usage.keys.sorted())
            return "'\(name)' is not a playground command" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }, checkStep: { step, file in
            step.isSwift ? SwiftStepCheck.problems(step, lessonFile: file, environment: environment) : TryStepChecker.problems(step)
        })
        for error in report.errors { console.line(error.message) }
        if report.errors.isEmpty {
            let pages = report.lessons.reduce(0) { $0 + $1.pages.count }
            let steps = report.lessons.reduce(0) { $0 + $1.trySteps.count }
            let code = report.lessons.reduce(0) { $0 + $1.codeBlocks.filter(\.compiles).count }
            console.line("\(plural(report.lessons.count, "lesson")), \(plural(pages, "page")), \(plural(steps, "try-it step")), \(plural(code, "compilable code block")): no problems found")
            return .success
        }
        let files = Set(report.errors.map(\.file)).count
        console.line("\(plural(report.errors.count, "problem")) in \(files) of \(plural(report.fileCount, "lesson file"))")
        return report.errors.allSatisfy { $0.exitCode == .noInput } ? .noInput : .dataError
    }

    /// Each lesson's saved progress, or nil when nothing is saved (no store file) or it
    /// cannot be read (then with a warning: the list is still worth showing).
    private static func progressByLesson(_ ids: [String], context: CommandContext) -> [String: LessonProgress]? {
        // No place for progress (no HOME at all) simply means nothing to mark.
        guard (try? ProgressStore.location(environment: context.environment)) != nil else { return nil }
        do {
            guard let store = try ProgressStore.openIfPresent(environment: context.environment, warn: { context.console.warning($0) }) else { return nil }
            let summary = try store.summary(lessons: ids)
            return Dictionary(summary.map { ($0.lesson, $0) }, uniquingKeysWith: { first, _ in first })
        } catch let error as any UserFacingError {
            context.console.warning("progress not shown: \(error.message)")
        } catch {
            context.console.warning("progress not shown: \(error)")
        }
        return nil
    }

    /// The course to work on and how to name its folder in messages: DIR if given (a
    /// course folder or its Lessons folder), else the usual course lookup.
    private static func courseFolder(_ parsed: ParsedCommand, in context: CommandContext) throws -> (CourseLocation, String) {
        guard let dir = parsed.positionals.first else {
            let location = try context.course(parsed)
            return (location, relativePath(of: location.root, from: context.workingDirectory))
        }
        var shown = dir
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        let url = context.resolve(dir)
        if isDirectory(url.appendingPathComponent("Lessons")) {
            return (CourseLocation(root: url, source: .option), shown == "." ? "" : shown)
        }
        if url.lastPathComponent == "Lessons", isDirectory(url) {
            let parent = (shown as NSString).deletingLastPathComponent
            return (CourseLocation(root: url.deletingLastPathComponent(), source: .option), parent)
        }
        throw isDirectory(url) ? LessonsFolderError.notALessonsFolder(path: dir) : LessonsFolderError.missing(path: dir)
    }

    private static func relativePath(of folder: URL, from base: URL) -> String {
        let folderPath = folder.standardizedFileURL.path
        let basePath = base.standardizedFileURL.path
        if folderPath == basePath { return "" }
        let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        return folderPath.hasPrefix(prefix) ? String(folderPath.dropFirst(prefix.count)) : folderPath
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func displayPath(_ root: String, _ name: String) -> String {
        root.isEmpty ? name : root + "/" + name
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
