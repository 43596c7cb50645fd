import CEditLine
import Foundation
import TutorTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Reads lines in a terminal with libedit: emacs key bindings, history kept across
/// sessions, Tab completion, UTF-8 input, and Ctrl-C to drop the line being typed.
///
/// Ctrl-C at the prompt is a key, not a signal. With SIGINT, libedit's own handler sends
/// the signal on to the whole process group (`kill(0, SIGINT)`) and a first EINTR only
/// makes it read again, so a Ctrl-C ended the line only when a second SIGINT came, from
/// whatever else was in the group (a wrapper forwarding signals), late or twice: the next
/// prompt could be interrupted too, drawn on the dropped line's row. While a line is
/// edited the terminal's signal keys are off (`-isig`), Ctrl-C is bound to drop the line
/// and Ctrl-Z to suspend as usual; between lines, Ctrl-C is SIGINT, whose handler
/// (``Interrupt``) asks what runs (a build, a check, a `run`) to stop.
///
/// Use it only when standard input and output are terminals (`cachetutor learn` checks
/// with `isatty`); pipes and tests use `PlainLineReader` or `ScriptedLineReader`.
///
///     let reader = EditLineReader(historyFile: home.appendingPathComponent("history"))
///     reader.completer = { line in ["next", "back"] }
///     if case let .line(text) = reader.readLine(prompt: "› ") { … }
///     reader.close()   // saves the history
public final class EditLineReader: LineReader {
    /// Returns every word that could complete the last word of the line typed so far.
    public var completer: ((String) -> [String])?

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private var event = HistEvent()
    private let historyFile: URL?
    private var promptText: UnsafeMutablePointer<CChar>?
    private var previousInterruptAction = sigaction()
    private var isClosed = false
    /// Set by the Ctrl-C key while a line is edited.
    private var lineInterrupted = false

    /// The byte that brackets escape sequences in a prompt, so they take no columns.
    public static let promptEscape: Character = "\u{1}"

    /// A reader on the process's terminal that loads and saves `historyFile` (if given).
    public init(programName: String = "cachetutor", historyFile: URL?, historySize: Int32 = 1000) {
        Self.selectUTF8Locale()
        editLine = el_init(programName, cet_stdin(), cet_stdout(), cet_stderr())
        history = history_init()
        self.historyFile = historyFile

        cet_history_set_size(history, &event, historySize)
        cet_history_set_unique(history, &event, 1)
        if let historyFile {
            cet_history_load(history, &event, historyFile.path)
        }

        cet_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        cet_set_editor(editLine, "emacs")
        cet_set_signal(editLine, 1)
        cet_set_prompt(editLine, { editLine in
            EditLineReader.owner(of: editLine)?.promptText
        }, CChar(Self.promptEscape.asciiValue!))
        cet_set_history(editLine, history)
        cet_add_function(editLine, "cachetutor-complete", "Complete the word before the cursor", { editLine, _ in
            EditLineReader.owner(of: editLine)?.completeAtCursor() ?? UInt8(CC_ERROR)
        })
        cet_bind(editLine, "^I", "cachetutor-complete")
        cet_edit_without_signal_keys(editLine)
        cet_add_function(editLine, "cachetutor-interrupt", "Drop the line being typed", { editLine, _ in
            EditLineReader.owner(of: editLine)?.interruptLine() ?? UInt8(CC_ERROR)
        })
        cet_bind(editLine, "^C", "cachetutor-interrupt")
        cet_add_function(editLine, "cachetutor-suspend", "Suspend, as Ctrl-Z does in the shell", { _, _ in
            // libedit's handler gives the terminal back first, and redraws on SIGCONT.
            kill(0, SIGTSTP)
            return UInt8(CC_REDISPLAY)
        })
        cet_bind(editLine, "^Z", "cachetutor-suspend")
        // The user's own ~/.editrc (or $EDITRC) may override the bindings, as in other libedit programs.
        el_source(editLine, nil)
        installInterruptHandler()
    }

    deinit { close() }

    /// Shows `prompt` and reads a line with editing. Ctrl-C gives `.interrupted`, Ctrl-D on
    /// an empty line `.endOfInput`; a line that is not blank goes into the history.
    public func readLine(prompt: String) -> LineReadResult {
        free(promptText)
        promptText = strdup(prompt)
        var count: Int32 = 0
        errno = 0
        lineInterrupted = false
        let read = el_gets(editLine, &count)
        if lineInterrupted {
            // The key ended the line (libedit has moved to the next row): drop what was typed.
            lineInterrupted = false
            return .interrupted
        }
        guard let bytes = read, count > 0 else {
            if errno == EINTR {
                // A SIGINT from outside (kill -INT): drop whatever was typed.
                el_reset(editLine)
                writeOut("\n")
                return .interrupted
            }
            writeOut("\n")
            return .endOfInput
        }
        var line = String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: Int(strlen(bytes))), as: UTF8.self)
        while line.last == "\n" || line.last == "\r\n" { line.removeLast() }
        if !line.allSatisfy(\.isWhitespace) {
            cet_history_enter(history, &event, line)
            saveHistory()
        }
        return .line(line)
    }

    /// Saves the history and gives the terminal back; reading after this is not allowed.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        saveHistory()
        el_end(editLine)
        history_end(history)
        free(promptText)
        promptText = nil
        sigaction(SIGINT, &previousInterruptAction, nil)
    }

    private func saveHistory() {
        guard let historyFile else { return }
        try? FileManager.default.createDirectory(at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        cet_history_save(history, &event, historyFile.path)
    }

    private func completeAtCursor() -> UInt8 {
        guard let completer, let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let typed = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: length), as: UTF8.self)
        let word = typed.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        switch CompletionResult.resolve(word: word, candidates: completer(typed)) {
        case let .insert(text):
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        case let .choices(words):
            let width = TerminalStyle.detect(fileDescriptor: 1).width
            writeOut("\n" + ChoiceColumns.layout(words, width: width).joined(separator: "\n") + "\n")
            return UInt8(CC_REDISPLAY)
        case .none:
            return UInt8(CC_REFRESH_BEEP)
        }
    }

    /// The Ctrl-C key: shows `^C` after what was typed, and ends the line as Enter does
    /// (a newline pushed back as input, so libedit moves to a fresh row the usual way);
    /// ``readLine(prompt:)`` then drops it.
    private func interruptLine() -> UInt8 {
        lineInterrupted = true
        if let info = el_line(editLine)?.pointee {
            el_cursor(editLine, Int32(info.lastchar - info.cursor))
        }
        el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    private func installInterruptHandler() {
        // Between lines, SIGINT asks what runs to stop (``Interrupt``); no SA_RESTART, and
        // SIGINT unblocked even if a parent started us with it blocked.
        previousInterruptAction = Interrupt.install()
    }

    private func writeOut(_ text: String) {
        fputs(text, cet_stdout())
        fflush(cet_stdout())
    }

    private static func owner(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = cet_client_data(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    /// Swift never calls setlocale, and without a UTF-8 LC_CTYPE libedit drops non-ASCII
    /// input; fall back to C.UTF-8 when the user's locale is not UTF-8.
    private static func selectUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
