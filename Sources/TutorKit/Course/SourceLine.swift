/// One line of a lesson file with its 1-based number, so blocks can say where they began.
struct SourceLine: Sendable {
    var text: Substring
    var number: Int
}

/// Splits text into lines on `\n`, dropping a `\r` before it, numbering from 1.
///
/// Works on UTF-8 bytes because `"\r\n"` is a single `Character` in Swift and would
/// not split on `"\n"`.
func sourceLines(of text: String) -> [SourceLine] {
    var lines: [SourceLine] = []
    var number = 1
    for slice in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        var line = Substring(slice)
        if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
        lines.append(SourceLine(text: line, number: number))
        number += 1
    }
    if let last = lines.last, last.text.isEmpty { lines.removeLast() }
    return lines
}

extension Substring {
    /// The text without spaces and tabs at either end.
    var trimmed: Substring {
        var start = startIndex, end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return self[start..<end]
    }

    /// Whether the line holds nothing but whitespace.
    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }

    /// Leading indentation in columns (a tab counts four).
    var indentation: Int {
        var columns = 0
        for character in self {
            if character == " " { columns += 1 } else if character == "\t" { columns += 4 } else { break }
        }
        return columns
    }

    /// The line with up to `columns` columns of leading indentation removed.
    func droppingIndentation(_ columns: Int) -> Substring {
        var removed = 0
        var index = startIndex
        while index < endIndex, removed < columns {
            let character = self[index]
            if character == " " { removed += 1 } else if character == "\t" { removed += 4 } else { break }
            index = self.index(after: index)
        }
        return self[index...]
    }
}
