import Foundation
import TutorREPL
import TutorTerminal

/// What `learn` and `quiz` ask of the terminal: whether a person types at one, its height,
/// and a line reader. The real one looks at descriptors 0 and 1 and gives libedit's reader
/// at a terminal; tests give a scripted one, so both commands run in process.
public struct TerminalSeam: Sendable {
    /// A line reader for one command, with Tab completion where it can offer it.
    public final class Reader: @unchecked Sendable {
        /// The reader.
        public let lines: any LineReader
        private let setCompleter: ((@escaping (String) -> [String]) -> Void)?
        private let finish: () -> Void

        /// A reader with optional completion and clean-up (libedit saves its history there).
        public init(_ lines: any LineReader, setCompleter: ((@escaping (String) -> [String]) -> Void)? = nil, finish: @escaping () -> Void = {}) {
            self.lines = lines
            self.setCompleter = setCompleter
            self.finish = finish
        }

        /// Offers `candidates` on Tab, where the reader can.
        func complete(with candidates: @escaping (String) -> [String]) { setCompleter?(candidates) }
        /// Ends the reader.
        func close() { finish() }
    }

    /// Whether a person types at a terminal (standard input and output are both one).
    public var isInteractive: Bool
    /// The terminal's height in rows now; nil when output is not a terminal.
    public var rows: @Sendable () -> Int?
    /// A reader for one command; `historyFile` keeps libedit's history across sessions.
    public var makeReader: @Sendable (_ historyFile: URL?) -> Reader

    /// A seam over explicit parts.
    public init(isInteractive: Bool, rows: @escaping @Sendable () -> Int?, makeReader: @escaping @Sendable (_ historyFile: URL?) -> Reader) {
        self.isInteractive = isInteractive
        self.rows = rows
        self.makeReader = makeReader
    }

    /// The process's own terminal.
    public static var standard: TerminalSeam {
        let interactive = isatty(0) == 1 && isatty(1) == 1
        return TerminalSeam(
            isInteractive: interactive,
            rows: {
                var size = winsize()
                guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
                return Int(size.ws_row)
            },
            makeReader: { historyFile in
                guard interactive else { return Reader(PlainLineReader(echoPrompt: false) { _ in }) }
                let editor = EditLineReader(historyFile: historyFile)
                return Reader(editor, setCompleter: { editor.completer = $0 }, finish: { editor.close() })
            }
        )
    }
}
