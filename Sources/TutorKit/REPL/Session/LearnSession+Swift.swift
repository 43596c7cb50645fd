import Foundation
import TutorCourse
import TutorTerminal

/// `run`, `edit` and `reset-example`: the Swift on a page, run in the grader's sandbox,
/// and the learner's own version of it kept beside their progress.
extension LearnSession {
    /// The page's Swift example: its first ```` ```swift ```` block.
    var pageExample: CodeBlock? {
        guard let lesson = currentLesson else { return nil }
        for case let .code(block) in lesson.pages[pageIndex].body where block.language == "swift" {
            return block
        }
        return nil
    }

    /// The learner's copy of this page's example: `EXAMPLES/05-eviction-p3.swift`.
    var scratchFile: URL? {
        guard let lesson = currentLesson, let folder = services.examplesFolder else { return nil }
        return folder.appendingPathComponent("\(lesson.id)-p\(pageIndex + 1).swift")
    }

    /// `run`: the learner's copy if there is one, else the page's example.
    func runExample() {
        let code: CodeBlock
        let displayPath: String
        if let scratch = scratchFile, let text = try? String(contentsOf: scratch, encoding: .utf8) {
            code = CodeBlock(language: "swift", compiles: true, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), line: 0)
            displayPath = scratch.path
            console.wrapped(style.paint("Running your version (\(scratch.lastPathComponent); 'reset-example' goes back to the page's)…", .dim))
        } else if let example = pageExample, let lesson = currentLesson {
            code = example
            displayPath = lesson.file
            console.wrapped(style.paint("Running the page's example…", .dim))
        } else if activeStep?.step.isSwift == true {
            console.wrapped("There is no program yet: write one with 'edit', then 'run' it.")
            return
        } else {
            console.wrapped("This page has no Swift example to run.")
            return
        }
        let report: SwiftRunReport
        do {
            report = try services.runSwift(code, displayPath)
        } catch {
            console.wrapped(Self.describe(error))
            return
        }
        switch report.outcome {
        case let .didNotCompile(message):
            console.line(style.paint("It does not compile:", .red, .bold))
            CompilerText.lines(message, width: style.width, indent: "  ").forEach { console.line($0) }
        case let .failed(problem, output):
            showOutput(output)
            console.wrapped(style.paint("It stopped: ", .red, .bold) + problem)
        case let .ran(run):
            showOutput(run.output)
            if !report.hasStatements {
                console.wrapped(style.paint("This code only declares things, so running it did nothing; 'edit' it to add lines that use them.", .dim))
            }
            if let line = run.summaryLine { console.wrapped(style.paint("Its caches: " + line, .dim)) }
            judgeSwiftStep(run)
        }
    }

    private func showOutput(_ output: String) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trimmed = lines.last == "" ? Array(lines.dropLast()) : lines
        guard !trimmed.isEmpty else {
            console.line(style.paint("(it printed nothing)", .dim))
            return
        }
        console.line(style.paint("── output ──", .dim))
        trimmed.forEach { TextWrapper.fit("  " + $0, width: style.width).forEach { console.line($0) } }
    }

    /// Completes the waiting Swift step when the run meets all its conditions.
    private func judgeSwiftStep(_ run: SwiftRun) {
        guard var step = activeStep, step.step.isSwift, step.pageIndex == pageIndex else { return }
        let unmet = step.step.conditions.filter { !run.holds($0) }
        let verdict = step.judgeRun(unmet: unmet.count)
        activeStep = step
        guard verdict != .done else {
            completeStep(step)
            return
        }
        console.wrapped(style.paint("Not yet: ", .yellow) + unmet.map { "'\($0)'" }.joined(separator: ", ") + (unmet.count == 1 ? " does not hold." : " do not hold."))
        if verdict == .hint { showHint(unasked: true) }
    }

    /// `edit`: copies the page's example to the learner's scratch file (once), then opens
    /// it in `$VISUAL`/`$EDITOR`, or reads a new version typed here, ending at a lone `.`.
    func editExample() {
        guard let scratch = scratchFile else {
            console.wrapped("There is nowhere to keep your version (no data folder); set CACHETUTOR_HOME.")
            return
        }
        let manager = FileManager.default
        if !manager.fileExists(atPath: scratch.path) {
            let starting = pageExample?.lines.joined(separator: "\n") ?? ""
            do {
                try manager.createDirectory(at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data((starting + "\n").utf8).write(to: scratch)
            } catch {
                console.wrapped("Cannot write \(scratch.path): \(error.localizedDescription)")
                return
            }
        }
        if services.openEditor(scratch) {
            console.wrapped("Saved your version in \(scratch.path); 'run' runs it.")
            return
        }
        console.wrapped(style.paint("No $VISUAL or $EDITOR: type the program here; a line holding only '.' ends it. (It replaces \(scratch.lastPathComponent); its current text:)", .dim))
        if let current = try? String(contentsOf: scratch, encoding: .utf8) {
            current.split(separator: "\n", omittingEmptySubsequences: false).forEach { console.line(style.paint("  │ ", .dim) + $0) }
        }
        var lines: [String] = []
        while true {
            guard case let .line(text) = reader.readLine(prompt: "… ") else {
                console.wrapped("Editing stopped; your version was left as it was.")
                return
            }
            if text.trimmingCharacters(in: .whitespaces) == "." { break }
            lines.append(text)
        }
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: scratch, options: .atomic)
            console.wrapped("Saved \(lines.count) \(lines.count == 1 ? "line" : "lines"); 'run' runs your version.")
        } catch {
            console.wrapped("Cannot write \(scratch.path): \(error.localizedDescription)")
        }
    }

    /// `reset-example`: forgets the learner's version of this page's example.
    func resetExample() {
        guard let scratch = scratchFile, FileManager.default.fileExists(atPath: scratch.path) else {
            console.wrapped("You have no version of this page's example; 'run' runs the page's own.")
            return
        }
        do {
            try FileManager.default.removeItem(at: scratch)
            console.wrapped("Back to the page's example; 'run' runs it.")
        } catch {
            console.wrapped("Cannot remove \(scratch.path): \(error.localizedDescription)")
        }
    }
}
