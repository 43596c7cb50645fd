/// Decides which rendered lines go on which screen when a page is taller than the terminal.
///
/// Pure logic: the REPL shows each screen and waits for a key between them. A screen
/// holds `height - 1` lines (the last terminal row is kept for the "more" prompt). When a
/// blank line falls in the last quarter of a screen, the screen ends there instead, so
/// paragraphs and code blocks are less often cut; blank lines that would open a screen
/// are skipped.
///
///     Pager(height: 24).screens(lineCount: 50)   // [0..<23, 23..<46, 46..<50] (without blank lines)
public struct Pager: Sendable, Equatable {
    /// The terminal's height in rows.
    public var height: Int

    /// A pager for a terminal `height` rows tall (at least 3 is assumed).
    public init(height: Int) {
        self.height = max(3, height)
    }

    /// Lines per screen, leaving one row for the prompt.
    public var capacity: Int { height - 1 }

    /// The ranges of `lines` on each screen, in order; one screen when everything fits.
    public func screens(for lines: [String]) -> [Range<Int>] {
        screens(lineCount: lines.count) { lines[$0].isEmpty }
    }

    /// The screens for `lineCount` lines, where `isBlank(i)` says whether line `i` is blank.
    public func screens(lineCount: Int, isBlank: (Int) -> Bool = { _ in false }) -> [Range<Int>] {
        guard lineCount > capacity else { return [0..<lineCount] }
        var screens: [Range<Int>] = []
        var start = 0
        while start < lineCount {
            if !screens.isEmpty {
                while start < lineCount, isBlank(start) { start += 1 }
                if start == lineCount { break }
            }
            var end = min(lineCount, start + capacity)
            if end < lineCount {
                let earliest = start + capacity * 3 / 4
                if let blank = (earliest..<end).last(where: isBlank), blank > start { end = blank }
            }
            screens.append(start..<end)
            start = end
        }
        return screens
    }
}
