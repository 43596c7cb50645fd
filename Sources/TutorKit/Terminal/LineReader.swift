/// What one attempt to read a line of input produced.
public enum LineReadResult: Sendable, Equatable {
    /// A line, without its trailing newline.
    case line(String)
    /// The user pressed Ctrl-C: drop the current line and prompt again.
    case interrupted
    /// Input ended (Ctrl-D on an empty line, or the end of a pipe).
    case endOfInput
}

/// Reads lines of input after a prompt.
///
/// The REPL and the quiz read through this, so they work the same with libedit in a
/// terminal (`EditLineReader`, module TutorREPL), with plain standard input in a pipe
/// (``PlainLineReader``), and with a scripted reader in tests.
public protocol LineReader: AnyObject {
    /// Shows `prompt` (where input is interactive) and reads one line.
    func readLine(prompt: String) -> LineReadResult
}

/// Reads lines from standard input without line editing: for pipes, files and scripts.
///
/// It writes no prompt escape codes; when input is not a terminal it writes no prompt at
/// all, so a transcript of a scripted session stays clean.
public final class PlainLineReader: LineReader {
    private let echoPrompt: Bool
    private let writePrompt: (String) -> Void

    /// A reader of standard input; `echoPrompt` writes the prompt (plain) before each read.
    public init(echoPrompt: Bool, writePrompt: @escaping (String) -> Void) {
        self.echoPrompt = echoPrompt
        self.writePrompt = writePrompt
    }

    public func readLine(prompt: String) -> LineReadResult {
        if echoPrompt { writePrompt(prompt) }
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line)
    }
}

/// Replays a fixed list of lines, then reports the end of input: for tests.
public final class ScriptedLineReader: LineReader {
    private var remaining: [LineReadResult]
    /// Every prompt shown so far, in order.
    public private(set) var prompts: [String] = []

    /// A reader that returns `lines` one by one.
    public init(_ lines: [String]) {
        remaining = lines.map { .line($0) }
    }

    /// A reader that returns each result in turn (to script Ctrl-C as `.interrupted`).
    public init(results: [LineReadResult]) {
        remaining = results
    }

    public func readLine(prompt: String) -> LineReadResult {
        prompts.append(prompt)
        return remaining.isEmpty ? .endOfInput : remaining.removeFirst()
    }
}
