/// Splits a line as a POSIX shell would into words: single and double quotes, backslashes.
/// The driver quotes an argument only when it holds a character a shell would read.
enum ShellWords {
    /// The words of `line`, or nil when a quote is left open.
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let quoted = iterator.next() {
                    if quoted == "'" { closed = true; break }
                    current.append(quoted)
                }
                guard closed else { return nil }
            case "\"":
                inWord = true
                var closed = false
                while let quoted = iterator.next() {
                    if quoted == "\"" { closed = true; break }
                    if quoted == "\\", let escaped = iterator.next() {
                        if !"\"\\$`".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                        continue
                    }
                    current.append(quoted)
                }
                guard closed else { return nil }
            case "\\":
                inWord = true
                guard let escaped = iterator.next() else { return nil }
                current.append(escaped)
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
