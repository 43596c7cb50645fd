import TutorTerminal

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
