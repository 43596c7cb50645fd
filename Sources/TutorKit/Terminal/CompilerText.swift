/// The compiler's messages laid out for a terminal of any width.
///
/// A message line (`file:3:5: error: …`) wraps at word boundaries under its own indent; a
/// source line and the caret line under it move together: first left (the indentation
/// they share goes), then, when the line is still too wide, to a window that starts at a
/// word and keeps the caret in view (`… key as NSString) ?? undefinedThing`).
///
///     CompilerText.lines(message, width: 40)
///     CompilerText.diagnostics(message).count   // the errors and warnings, each with its lines
public enum CompilerText {
    /// `message` laid out in `width` columns, each line starting with `indent`.
    public static func lines(_ message: String, width: Int, indent: String = "  ") -> [String] {
        var raw = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while raw.last?.isEmpty == true { raw.removeLast() }
        var output: [String] = []
        var index = 0
        let room = max(10, width - TextWrapper.visibleWidth(indent))
        while index < raw.count {
            let line = raw[index]
            if index + 1 < raw.count, isCaretLine(raw[index + 1]), !isCaretLine(line) {
                output += sourceWithCaret(line, raw[index + 1], room: room).map { indent + $0 }
                index += 2
                continue
            }
            output += TextWrapper.fit(indent + line, width: width, extra: isDiagnostic(line) ? 4 : 2)
            index += 1
        }
        return output
    }

    /// The diagnostics of `message`: each `file:line:col: error:` (or `warning:`) line with
    /// the lines after it up to the next one (its source line, caret and notes).
    public static func diagnostics(_ message: String) -> [String] {
        var blocks: [[Substring]] = []
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            if isDiagnostic(String(line)) && !line.contains(": note: ") || blocks.isEmpty {
                blocks.append([line])
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        return blocks.map { $0.joined(separator: "\n") }.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Whether `line` is a compiler diagnostic: `path:LINE:COLUMN: error: …` (or warning, note).
    static func isDiagnostic(_ line: String) -> Bool {
        [": error: ", ": warning: ", ": note: "].contains { line.contains($0) }
    }

    /// Whether `line` marks a column of the line above: spaces, one `^`, and `~`s.
    static func isCaretLine(_ line: String) -> Bool {
        line.contains("^") && line.allSatisfy { $0 == " " || $0 == "^" || $0 == "~" }
    }

    /// A source line and its caret line in `room` columns.
    static func sourceWithCaret(_ source: String, _ caret: String, room: Int) -> [String] {
        var source = Array(source)
        var caret = Array(caret)
        // The indentation both share goes first.
        let shared = min(source.prefix { $0 == " " }.count, caret.prefix { $0 == " " }.count)
        let dedent = max(0, shared - 2)
        source.removeFirst(min(dedent, source.count))
        caret.removeFirst(min(dedent, caret.count))
        guard source.count > room else { return [String(source), trimmedRight(caret)] }
        let caretColumn = caret.firstIndex(of: "^") ?? 0
        var start = 0
        if caretColumn > room * 2 / 3 {
            // A window that starts at a word, with the caret about a third of the way in. The
            // caret can stand past the end of the source line (the compiler counts columns in
            // bytes, so a line of accented or CJK text has a longer caret line), so the window
            // never starts beyond it.
            let end = min(caretColumn, source.count)
            var wanted = min(max(0, caretColumn - room / 3), end)
            while wanted < end, wanted > 0, source[wanted - 1] != " " { wanted += 1 }
            start = wanted
        }
        let lead = start > 0 ? "… " : ""
        let visible = String(source[start...])
        let shown = lead + (visible.count + lead.count > room ? TextWrapper.clip(visible, width: room - lead.count) : visible)
        let marks = start < caret.count ? String(caret[start...]) : ""
        let caretShown = String(repeating: " ", count: lead.count) + marks
        return [shown, trimmedRight(Array(caretShown.prefix(room)))]
    }

    private static func trimmedRight(_ characters: [Character]) -> String {
        var text = String(characters)
        while text.last == " " { text.removeLast() }
        return text
    }
}
