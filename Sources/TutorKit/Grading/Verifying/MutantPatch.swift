import Foundation
import TutorTerminal

/// A mutant as its change: a unified diff against the exercise's reference, headed by the
/// mutant's `// expect:` and `// why:` lines. `exercises verify` and the corpus tests apply it
/// to the reference as it is now, so a change to the reference reaches every mutant, and a
/// mutant whose lines the reference no longer has is reported where its hunk starts.
///
/// ```diff
/// // expect: fail hit_skips_generator
/// // why: forgets to return after a hit
/// --- Reference/ThumbnailCache.swift
/// +++ Mutants/07-hit-without-return.diff
/// @@ -33,7 +33,6 @@
///          if let cached = thumbnail(forKey: key) {
///              completion(cached)
/// -            return
///          }
/// ```
///
/// Why a diff and not marked regions in the reference: the reference stays a plain solution
/// that learners are shown, with no markers for mistakes in it, and `diff -u` (or
/// `git diff --no-index`) writes the file. A hunk is found at its line, or anywhere after
/// the previous hunk when lines above it moved; its context and removed lines must match
/// exactly, once.
public struct MutantPatch: Sendable, Equatable {
    /// Why a patch does not apply, at a line of the patch file.
    public struct Failure: Error, Sendable, Equatable {
        /// The 1-based line of the patch file (a hunk's `@@` line, or the line at fault).
        public var line: Int
        public var message: String
    }

    /// One `@@` block.
    struct Hunk: Sendable, Equatable {
        /// The `@@` line in the patch file.
        var patchLine: Int
        /// Where the old lines start in the reference (1-based).
        var oldStart: Int
        /// Context and removed lines, in order: what the reference must hold.
        var old: [String]
        /// Context and added lines, in order: what replaces them.
        var new: [String]
    }

    var hunks: [Hunk]

    /// Parses `text`, a patch file: lines before `---` are its header and are ignored.
    public init(parsing text: String) throws(Failure) {
        let lines = TextLines.split(text).map(String.init)
        var index = 0
        while index < lines.count, !lines[index].hasPrefix("--- ") { index += 1 }
        guard index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
            throw Failure(line: 1, message: "no unified diff ('--- reference' and '+++ mutant' lines, then '@@' hunks); write the mutant as `diff -u` of the reference and the changed file")
        }
        index += 2
        var hunks: [Hunk] = []
        while index < lines.count {
            let line = lines[index]
            if line.isEmpty, index == lines.count - 1 { break }
            guard line.hasPrefix("@@ "), let (oldStart, oldCount, newCount) = Self.ranges(line) else {
                throw Failure(line: index + 1, message: "expected a hunk header such as '@@ -12,7 +12,6 @@', found \(Self.quote(line))")
            }
            var hunk = Hunk(patchLine: index + 1, oldStart: oldStart, old: [], new: [])
            index += 1
            while index < lines.count, hunk.old.count < oldCount || hunk.new.count < newCount {
                let body = lines[index]
                // An editor may strip the one space of an empty context line.
                let marker = body.first ?? " "
                let rest = body.isEmpty ? "" : String(body.dropFirst())
                switch marker {
                case " ": hunk.old.append(rest); hunk.new.append(rest)
                case "-": hunk.old.append(rest)
                case "+": hunk.new.append(rest)
                case "\\": break   // "\ No newline at end of file"
                default:
                    throw Failure(line: index + 1, message: "a hunk line must start with ' ', '-' or '+', found \(Self.quote(body))")
                }
                index += 1
            }
            guard hunk.old.count == oldCount, hunk.new.count == newCount else {
                throw Failure(line: hunk.patchLine, message: "the hunk promises \(oldCount) old and \(newCount) new lines but has \(hunk.old.count) and \(hunk.new.count)")
            }
            while index < lines.count, lines[index].hasPrefix("\\") { index += 1 }
            hunks.append(hunk)
        }
        guard !hunks.isEmpty else { throw Failure(line: index, message: "the diff has no hunks: the mutant would be the reference itself") }
        self.hunks = hunks
    }

    /// `reference` with every hunk applied.
    public func apply(to reference: String) throws(Failure) -> String {
        var lines = TextLines.split(reference).map(String.init)
        var searchFrom = 0
        var shift = 0
        for hunk in hunks {
            let expected = max(0, hunk.oldStart - 1 + shift)
            let at: Int
            if Self.matches(hunk.old, in: lines, at: expected) {
                at = expected
            } else {
                let places = (searchFrom...max(searchFrom, lines.count - hunk.old.count)).filter { Self.matches(hunk.old, in: lines, at: $0) }
                guard places.count == 1 else {
                    throw Failure(line: hunk.patchLine, message: places.isEmpty
                        ? "the patch no longer applies: the reference no longer has the lines this hunk changes (from its line \(hunk.oldStart): \(Self.quote(Self.firstMismatch(hunk.old, in: lines, at: expected))))"
                        : "the hunk's lines occur \(places.count) times in the reference, at lines \(places.map { String($0 + 1) }.joined(separator: ", ")); give it more context")
                }
                at = places[0]
            }
            lines.replaceSubrange(at..<(at + hunk.old.count), with: hunk.new)
            shift += hunk.new.count - hunk.old.count
            searchFrom = at + hunk.new.count
        }
        return lines.joined(separator: "\n")
    }

    /// Parses and applies `patch` to `reference` in one step.
    public static func apply(_ patch: String, to reference: String) throws(Failure) -> String {
        try MutantPatch(parsing: patch).apply(to: reference)
    }

    private static func matches(_ block: [String], in lines: [String], at start: Int) -> Bool {
        guard start >= 0, start + block.count <= lines.count else { return false }
        return zip(block, lines[start...]).allSatisfy { $0 == $1 }
    }

    /// The first line of `block` that the reference does not have at `start`, for messages.
    private static func firstMismatch(_ block: [String], in lines: [String], at start: Int) -> String {
        for (offset, line) in block.enumerated() where start + offset >= lines.count || lines[start + offset] != line {
            return line.trimmingCharacters(in: .whitespaces)
        }
        return block.first?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    /// The numbers of `@@ -a,b +c,d @@` (a count left out is 1).
    private static func ranges(_ header: String) -> (oldStart: Int, oldCount: Int, newCount: Int)? {
        let parts = header.split(separator: " ")
        guard parts.count >= 4, parts[3].hasPrefix("@@"), parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(numbers[0]) else { return nil }
            guard numbers.count > 1 else { return (start, 1) }
            guard numbers.count == 2, let count = Int(numbers[1]) else { return nil }
            return (start, count)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }

    private static func quote(_ line: String) -> String {
        "'" + (line.count > 80 ? line.prefix(77) + "…" : line) + "'"
    }
}
