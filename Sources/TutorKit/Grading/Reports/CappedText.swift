/// Text a submission controls (what it printed, what the compiler said about it) cut to
/// a size a report can afford, so one flooding submission cannot bloat a JUnit file or a
/// class page.
///
/// Sizes count UTF-8 bytes, the cut falls on a character boundary, and a notice says how
/// much was left out:
///
///     CappedText.cap(flood, bytes: CappedText.outputBytes)
///     // the first 2,048 bytes or fewer, then "\n… 118752 more bytes not shown"
public enum CappedText {
    /// Bytes of one test's printed output kept in the JUnit, HTML and Gradescope reports.
    public static let outputBytes = 2 * 1024
    /// Bytes of one test's failure message kept (a crash message may quote a printed line).
    public static let messageBytes = 2 * 1024
    /// Bytes of a compiler message kept: dozens of diagnostics, not thousands.
    public static let compilerMessageBytes = 8 * 1024
    /// Bytes of a one-line summary in a table cell.
    public static let cellBytes = 300

    /// `text` when it fits in `limit` bytes; else its longest prefix of whole characters
    /// that fits, and a line saying how many bytes were not shown.
    public static func cap(_ text: String, bytes limit: Int) -> String {
        let total = text.utf8.count
        guard total > limit else { return text }
        var kept = 0
        var end = text.startIndex
        while end < text.endIndex {
            let next = text.index(after: end)
            let size = text.utf8.distance(from: end, to: next)
            guard kept + size <= limit else { break }
            kept += size
            end = next
        }
        let shown = text[..<end]
        return shown + (shown.hasSuffix("\n") || shown.isEmpty ? "" : "\n") + "… \(total - kept) more bytes not shown"
    }
}
