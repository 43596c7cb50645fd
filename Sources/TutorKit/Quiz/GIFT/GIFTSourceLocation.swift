/// A position in a GIFT file: 1-based line and column (columns count characters).
public struct GIFTSourceLocation: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in characters (a byte-order mark is not counted).
    public var column: Int

    /// A location at `line`, `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: GIFTSourceLocation, rhs: GIFTSourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
