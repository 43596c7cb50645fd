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
