/// A run of tokens two submissions share, as places in both files: what a reviewer reads
/// side by side, highlighted in one colour in each.
public struct SharedFragment: Sendable, Equatable, Codable {
    /// A stretch of one file.
    public struct Span: Sendable, Equatable, Codable {
        /// The first line, from 1.
        public var firstLine: Int
        /// The last line.
        public var lastLine: Int

        /// `12–30`, or `12` for one line.
        public var lines: String { firstLine == lastLine ? "\(firstLine)" : "\(firstLine)–\(lastLine)" }
    }

    /// The stretch of the first student's file.
    public var first: Span
    /// The stretch of the second student's file.
    public var second: Span
    /// How many normalised tokens the run holds.
    public var tokens: Int
}
