import Foundation
import TutorTerminal

/// `.grading/ContractPoints.txt`: every sentence of the README's contract that a solution
/// could break, with the hidden tests that catch it and the mutants that break it alone.
/// `exercises verify` checks the list against the README, the tests and the mutants' runs.
///
/// One entry a line, four fields between `|`; `#` starts a comment line:
///
///     # point | what the README says (quoted exactly) | tests | mutants
///     3 | "Ids are used as given" | keys_are_exact long_ids_are_exact | 12-ids-lowercased 26-ids-cut-to-64
public struct ContractPoints: Sendable, Equatable {
    /// One sentence of the contract and what guards it.
    public struct Entry: Sendable, Equatable {
        /// The line of the list file.
        public var line: Int
        /// The README's contract point.
        public var point: Int
        /// The words quoted from the README.
        public var sentence: String
        public var tests: [String]
        /// Mutant names, without `.diff`.
        public var mutants: [String]
    }

    public var entries: [Entry]

    /// The file's name in `.grading`.
    public static let fileName = "ContractPoints.txt"

    /// Parses the list; a malformed line is a problem at its line.
    public init(parsing text: String) throws(MutantPatch.Failure) {
        var entries: [Entry] = []
        for (index, raw) in TextLines.split(text).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4, let point = Int(fields[0]) else {
                throw MutantPatch.Failure(line: index + 1, message: "expected 'POINT | \"sentence\" | tests… | mutants…', found '\(line.prefix(60))'")
            }
            let quoted = fields[1]
            guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
                throw MutantPatch.Failure(line: index + 1, message: "the sentence must be quoted from the README in \"…\"")
            }
            entries.append(Entry(
                line: index + 1, point: point, sentence: String(quoted.dropFirst().dropLast()),
                tests: fields[2].split(separator: " ").map(String.init),
                mutants: fields[3].split(separator: " ").map { $0.hasSuffix(".diff") ? String($0.dropLast(5)) : String($0) }
            ))
        }
        self.entries = entries
    }

    /// `text` with Markdown emphasis and line breaks folded away, for finding a quote in it.
    public static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "**", with: "")
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
