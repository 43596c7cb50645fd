/// What one attempt to read a line of input produced.
public enum LineReadResult: Sendable, Equatable {
    /// A line, without its trailing newline.
    case line(String)
    /// The user pressed Ctrl-C: drop the current line and prompt again.
    case interrupted
    /// Input ended (Ctrl-D on an empty line, or the end of a pipe).
    case endOfInput
}
