import Foundation
import TutorTerminal

/// The parts of an exercise folder `verify` reads as text: the README's contract points,
/// the hints' numbers, a mutant's header. Pure functions over file contents.
public enum ExerciseContent {
    /// The numbers of the README's contract points: the numbered list items (`3. **…**`)
    /// in the section whose `##` heading mentions "contract", or in the whole file without one.
    public static func contractPoints(inReadme text: String) -> Set<Int> {
        let lines = TextLines.split(text)
        // A section heading (`## The contract`), never the title: an exercise may be named
        // CacheContractTests.
        let start = lines.firstIndex { $0.hasPrefix("##") && $0.lowercased().contains("contract") }
        var points: Set<Int> = []
        for line in lines[(start.map { $0 + 1 } ?? 0)...] {
            if start != nil, line.hasPrefix("## ") { break }
            if let number = listNumber(line) { points.insert(number) }
        }
        return points
    }

    /// The numbers of the hints (`hints.md` is one numbered list).
    public static func hintNumbers(in text: String) -> Set<Int> {
        Set(TextLines.split(text).filter { !$0.isEmpty }.compactMap(listNumber))
    }

    /// The text of hint `number`, its continuation lines joined, or nil.
    public static func hint(_ number: Int, in text: String) -> String? {
        var collected: [String] = []
        var inside = false
        for line in TextLines.split(text) {
            if let item = listNumber(line) {
                if inside { break }
                inside = item == number
                if inside, let dot = line.firstIndex(of: ".") { collected.append(line[line.index(after: dot)...].trimmingCharacters(in: .whitespaces)) }
            } else if inside {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { break }
                collected.append(trimmed)
            }
        }
        return collected.isEmpty ? nil : collected.joined(separator: " ")
    }

    /// The tests a mutant's `// expect: fail NAME…` header names, or nil without one.
    public static func expectedFailures(inMutant text: String) -> [String]? {
        for line in TextLines.split(text).filter({ !$0.isEmpty }).prefix(8) {
            guard line.hasPrefix("//") else { break }
            if line.hasPrefix("// expect: fail ") {
                return line.dropFirst("// expect: fail ".count).split(separator: " ").map(String.init)
            }
        }
        return nil
    }

    /// `N` for a line `N. text` (up to three spaces before it), else nil.
    static func listNumber(_ line: Substring) -> Int? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3 else { return nil }
        let digits = trimmed.prefix { $0.isNumber }
        guard !digits.isEmpty, trimmed.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return Int(digits)
    }
}
