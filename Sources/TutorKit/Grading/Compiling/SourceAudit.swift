/// Finds the few Swift attributes a submission may not use: the ones that define or
/// replace symbols by raw name (`@_silgen_name("write")`, `@_cdecl`, `@c`,
/// `@_dynamicReplacement`, …). With them a file could interpose a C function the test
/// runner calls and forge its report; no exercise needs them.
public enum SourceAudit {
    /// A forbidden attribute at a line.
    public struct Finding: Equatable, Sendable {
        /// 1-based line.
        public var line: Int
        /// 1-based column of the `@`.
        public var column: Int
        /// The attribute as written, with its `@`.
        public var attribute: String
    }

    static let forbidden: Set<String> = [
        "_silgen_name", "_cdecl", "c", "_extern", "extern", "_section", "_used", "used",
        "section", "_dynamicReplacement", "_expose", "export", "_implementationOnly",
    ]

    /// Every forbidden attribute in `source`, outside comments and string literals.
    public static func findings(in source: String) -> [Finding] {
        var results: [Finding] = []
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Array(codeOnly(rawLine))
            var position = 0
            while position < line.count {
                if line[position] == "@" {
                    var end = position + 1
                    while end < line.count, line[end] == "_" || line[end].isLetter || line[end].isNumber { end += 1 }
                    let name = String(line[(position + 1)..<end])
                    if forbidden.contains(name) {
                        results.append(Finding(line: index + 1, column: position + 1, attribute: "@" + name))
                    }
                    position = end
                } else {
                    position += 1
                }
            }
        }
        return results
    }

    /// The line with `//` comments and simple string literals blanked out (columns kept).
    private static func codeOnly(_ line: Substring) -> [Character] {
        var result: [Character] = []
        var inString = false
        var previous: Character = " "
        var characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if !inString, character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                characters.removeSubrange(index...)
                break
            }
            if character == "\"", previous != "\\" { inString.toggle() }
            result.append(inString || character == "\"" ? " " : character)
            previous = character
            index += 1
        }
        return result
    }
}
