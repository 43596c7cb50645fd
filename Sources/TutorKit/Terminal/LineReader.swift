/// Reads lines of input after a prompt.
///
/// The REPL and the quiz read through this, so they work the same with libedit in a
/// terminal (`EditLineReader`, module TutorREPL), with plain standard input in a pipe
/// (``PlainLineReader``), and with a scripted reader in tests.
public protocol LineReader: AnyObject {
    /// Shows `prompt` (where input is interactive) and reads one line.
    func readLine(prompt: String) -> LineReadResult
}
