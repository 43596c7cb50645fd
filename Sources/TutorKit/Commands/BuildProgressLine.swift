import Foundation
import Synchronization
import TutorGrading
import TutorTerminal

/// The one-time harness build, shown while it runs so a first check is never a silent wait.
///
/// On a terminal, one line on standard error redrawn in place, as wide as the terminal
/// allows, and a last line saying it is done:
///
///     Building the ThumbnailCache tests, once: 40 % · about 8 s left
///     Built the ThumbnailCache tests in 21 s; later checks skip this.
///
/// Elsewhere (a pipe, a log), the first and the last line only.
final class BuildProgressLine: Sendable {
    private let console: Console
    private let shown = Mutex<(text: String?, started: Bool)>((nil, false))

    init(console: Console) {
        self.console = console
    }

    /// The handler for ``GraderConfiguration/buildProgress``.
    var handler: @Sendable (BuildProgress) -> Void { { [self] in report($0) } }

    func report(_ progress: BuildProgress) {
        let style = console.errorStyle
        let width = max(20, style.width - 1)
        shown.withLock { state in
            if progress.stage == .finished {
                guard state.started else { return }
                if style.isTerminal, state.text != nil { console.writeError("\r\u{1B}[K") }
                let done = Self.finishedText(progress)
                console.writeError(style.paint(TextWrapper.wrap(done, width: width).joined(separator: "\n"), .gray) + "\n")
                state = (nil, false)
                return
            }
            let text = Self.texts(progress).first { TextWrapper.visibleWidth($0) <= width } ?? String(Self.texts(progress).last!.prefix(width))
            if style.isTerminal {
                guard text != state.text else { return }
                console.writeError("\r\u{1B}[K" + style.paint(text, .gray))
                state = (text, true)
            } else if !state.started {
                console.writeError(TextWrapper.wrap(Self.texts(progress, plain: true).first!, width: width).joined(separator: "\n") + "\n")
                state = (nil, true)
            }
        }
    }

    /// Ends a progress line still showing (a build stopped before it finished), so what is
    /// printed next starts on a line of its own.
    func endLine() {
        shown.withLock { state in
            if console.errorStyle.isTerminal, state.text != nil { console.writeError("\n") }
            state = (nil, false)
        }
    }

    /// What is built, for people: the exercise's tests, or the runner of lesson examples.
    static func subject(_ exercise: String, short: Bool = false) -> String {
        if exercise == "LessonExample" { return short ? "example runner" : "the runner for the lessons' examples" }
        return short ? "\(exercise) tests" : "the \(exercise) tests"
    }

    /// The line, longest first; the first that fits the terminal is shown.
    static func texts(_ progress: BuildProgress, plain: Bool = false) -> [String] {
        let percent = "\(Int((progress.fraction * 100).rounded(.down))) %"
        let seconds = Int((Double(progress.remaining.components.seconds) + Double(progress.remaining.components.attoseconds) / 1e18).rounded(.up))
        // Past the estimate, it says so rather than promising an end.
        let left = seconds > 0 ? "about \(seconds) s left" : "taking longer than last time"
        let shortLeft = seconds > 0 ? "\(seconds) s left" : "taking longer"
        let subject = subject(progress.exercise)
        if plain {
            return progress.stage == .waiting
                ? ["Waiting for the build of \(subject) (started elsewhere) to finish, \(left)…"]
                : ["Building \(subject), once (\(left))…"]
        }
        switch progress.stage {
        case .waiting:
            return [
                "Waiting for the build of \(subject) started earlier: \(percent) · \(left)",
                "Building \(subject), once: \(percent) · \(left)",
                "Building \(Self.subject(progress.exercise, short: true)): \(percent) · \(shortLeft)",
                "Building tests: \(percent) · \(shortLeft)",
            ]
        case .building, .finished:
            return [
                "Building \(subject), once: \(percent) · \(left)",
                "Building \(Self.subject(progress.exercise, short: true)): \(percent) · \(shortLeft)",
                "Building tests: \(percent) · \(shortLeft)",
            ]
        }
    }

    static func finishedText(_ progress: BuildProgress) -> String {
        let seconds = Int((Double(progress.elapsed.components.seconds) + Double(progress.elapsed.components.attoseconds) / 1e18).rounded())
        let subject = subject(progress.exercise)
        let later = progress.exercise == "LessonExample" ? "later runs skip this" : "later checks skip this"
        return seconds > 0 ? "Built \(subject) in \(seconds) s; \(later)." : "Built \(subject); \(later)."
    }
}
