#if canImport(Glibc)
import Glibc
#endif

/// What every target checks of a parser's answer, besides that it returned at all.
///
/// A failed check prints `property failed:` and the reason, then traps, so libFuzzer keeps
/// the input as a crash like any other.
enum FuzzCheck {
    /// Stops the run with `reason` unless `condition` holds.
    static func expect(_ condition: Bool, _ reason: @autoclosure () -> String) {
        guard !condition else { return }
        let text = Array("property failed: \(reason())\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// The number of lines of `text` as an editor counts them: one more than its line breaks
    /// (`\n`, `\r\n` or a lone `\r`).
    static func lineCount(_ text: String) -> Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n", previous != "\r" { count += 1 }
            if scalar == "\r" { count += 1 }
            previous = scalar
        }
        return count
    }

    /// A message the user sees for bad input: one line, not empty, no control character or
    /// bidirectional override (which a terminal would obey rather than show), and short
    /// enough to read even when the input held a huge line (`maxLength` characters).
    static func cleanMessage(_ message: String, from parser: String, maxLength: Int = 700) {
        expect(!message.isEmpty, "\(parser): an empty error message")
        expect(message.count <= maxLength, "\(parser): a message of \(message.count) characters: \(message.prefix(200))…")
        if let bad = message.unicodeScalars.first(where: isUnshowable) {
            expect(false, "\(parser): the message holds U+\(String(bad.value, radix: 16, uppercase: true)): \(message.debugDescription.prefix(300))")
        }
    }

    /// That `line`, when there is one, is a line of the input.
    static func lineExists(_ line: Int?, in text: String, message: String) {
        guard let line else { return }
        let count = lineCount(text)
        expect(line >= 1 && line <= count, "an error names line \(line) of an input of \(count) lines: \(message.debugDescription.prefix(300))")
    }

    /// Characters a message must not carry raw.
    static func isUnshowable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A ... 0x202E).contains(scalar.value) || (0x2066 ... 0x2069).contains(scalar.value)
        }
    }

    /// `text` with every CRLF written as LF. Done on scalars: Foundation's
    /// `replacingOccurrences` leaves a CRLF followed by a combining mark as it is.
    static func withLF(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n", result.last == "\r" { result.removeLast() }
            result.append(scalar)
        }
        return String(result)
    }

    /// `text` with every LF line end written as CRLF, as a file saved on Windows has it.
    static func withCRLF(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n", previous != "\r" { result.append("\r") }
            result.append(scalar)
            previous = scalar
        }
        return String(result)
    }
}
