/// The lines of a small line-based file (`exercise.toml`, weights, extensions), whichever
/// line ends it was saved with.
///
/// `"\r\n"` is one `Character` in Swift, so splitting a `String` at `"\n"` leaves a file
/// saved on Windows as a single line. This splits the UTF-8 at LF and drops the CR before
/// it, so a line number means the same in every copy of a file.
///
///     TextLines.split("a = 1\r\nb = 2\r\n")   // ["a = 1", "b = 2", ""]
public enum TextLines {
    /// The lines of `text` in order, the first being line 1; the text after the last line
    /// end is a line too (empty when the file ends with one).
    public static func split(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { slice in
            let line = Substring(slice)
            return line.utf8.last == UInt8(ascii: "\r") ? Substring(line.utf8.dropLast()) : line
        }
    }
}
