/// Splits a long page into screenfuls, so nothing scrolls away unread.
///
///     Pager.screens(of: Array(repeating: "x", count: 50), height: 24)   // 3 screens: 22, 22, 6 lines
public enum Pager {
    /// The lines in chunks that each leave two rows free (one for the "more" prompt,
    /// one for the line it was typed on); everything in one chunk when `height` is nil.
    public static func screens(of lines: [String], height: Int?) -> [[String]] {
        guard let height, lines.count > height - 1 else { return [lines] }
        let size = max(3, height - 2)
        return stride(from: 0, to: lines.count, by: size).map { Array(lines[$0..<min($0 + size, lines.count)]) }
    }
}
