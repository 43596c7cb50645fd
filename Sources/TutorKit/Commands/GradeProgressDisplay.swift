import Synchronization
import TutorGradebook
import TutorTerminal

/// The progress of a run on standard error: a bar redrawn in place on a terminal, one
/// line per submission anywhere else.
final class GradeProgressDisplay: Sendable {
    let console: Console
    let isTerminal: Bool
    private let drawn = Mutex(false)

    init(console: Console) {
        self.console = console
        isTerminal = console.errorStyle.isTerminal
    }

    func status(_ text: String) {
        console.writeError("\r\u{1B}[K" + text)
        drawn.withLock { $0 = true }
    }

    var start: (Int) -> Void {
        { [self] total in
            let count = "\(total) \(total == 1 ? "submission" : "submissions")"
            if isTerminal { status("Grading \(count)…") } else { console.writeError("Grading \(count)\n") }
        }
    }

    var update: @Sendable (BatchProgress) -> Void {
        { [self] progress in
            if isTerminal {
                status(ProgressLine.bar(progress, width: console.errorStyle.width))
            } else {
                console.writeError(ProgressLine.plain(progress) + "\n")
            }
        }
    }

    func finish() {
        if isTerminal, drawn.withLock({ $0 }) { console.writeError("\n") }
    }
}
