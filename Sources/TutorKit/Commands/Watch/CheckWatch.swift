import Foundation
import TutorGrading
import TutorTerminal

/// `check --watch`: checks the file, then again after every save, one screen each time,
/// until Ctrl-C (or Enter, inside `learn`); leaves with the last check's exit status.
///
/// One ``Grader`` serves every check, so only the first builds the harness and probes the
/// sandbox; a save then costs one compile and the tests.
struct CheckWatch {
    /// The file and how the learner named it.
    var file: URL
    var displayPath: String
    /// The exercise it is checked as, and the one after it in the course.
    var exercise: String
    var nextExercise: String?
    var grader: Grader
    var context: CommandContext
    /// Whether Enter also ends the watch (inside `learn`, it returns to the lesson).
    var returnsOnEnter = false

    /// Runs until the learner stops it; `watcher` reports saves.
    func run(watcher: any SaveWatcher) throws -> ExitCode {
        let console = context.console
        let screen = WatchScreen(
            style: console.style, displayPath: displayPath, nextExercise: nextExercise,
            footer: "Watching for saves · " + (returnsOnEnter ? "Enter or Ctrl-C to return to the lesson" : "Ctrl-C to stop")
        )
        var status = ExitCode.couldNotRun
        var count = 0
        if console.style.isTerminal {
            console.line(console.style.paint("Checking \(displayPath)… (the first check of an exercise also builds its tests)", .gray))
        }
        repeat {
            count += 1
            let outcome: WatchScreen.Outcome
            do {
                // Read at check time: a file briefly missing or half-written is named, and the
                // next save is checked again.
                let source = try SubmissionReader.read(file, displayPath: displayPath)
                let report = try grader.grade(source: source, displayPath: displayPath)
                CheckCommand.record(report, in: context)
                status = CheckCommand.exitCode(for: report)
                outcome = .report(report)
            } catch let error as SubmissionError {
                status = error.exitCode
                outcome = .problem(error.message)
            }
            let lines = screen.lines(for: outcome, exercise: exercise, time: Self.clockTime(Date()))
            if console.style.isTerminal {
                console.write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\n") + "\n")
            } else {
                console.line("=== check \(count) ===")
                lines.forEach(console.line)
            }
        } while watcher.waitForSave() == .saved
        return status
    }

    /// `14:03:41`, local time.
    static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
