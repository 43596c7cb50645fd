import Foundation
import TutorTerminal

/// When an exercise is due, for everyone and for the students given extensions, and what
/// lateness costs: everything `--due`, `--extensions`, `--late-penalty` and `--grace` set.
///
/// The gradebook keeps one per exercise (each grading that gives one of those options
/// updates that part), so `grade --report` applies every exercise's own deadline.
///
///     var deadlines = Deadlines(due: Timestamp.parse("2026-12-15T23:59Z"))
///     deadlines.extensions = ["bob": Timestamp.parse("2026-12-18T23:59Z")!]
///     deadlines.policy = try LatePolicy.parse("10%/day")
///     deadlines.assess(student: "alice", submitted: aliceTime, raw: 20, maxPoints: 20).penalty
public struct Deadlines: Sendable, Equatable {
    /// The deadline of everyone without an extension; nil for none.
    public var due: Date?
    /// Per-student deadlines, which replace `due` for those students.
    public var extensions: [String: Date]
    /// What lateness costs.
    public var policy: LatePolicy
    /// Lateness up to this many seconds is forgiven.
    public var grace: Double

    /// Deadlines with every part given.
    public init(due: Date? = nil, extensions: [String: Date] = [:], policy: LatePolicy = .none, grace: Double = 0) {
        self.due = due
        self.extensions = extensions
        self.policy = policy
        self.grace = grace
    }

    /// Whether anything is set at all.
    public var isEmpty: Bool { due == nil && extensions.isEmpty }

    /// The deadline that applies to `student`, if any.
    public func deadline(for student: String) -> Date? { extensions[student] ?? due }

    /// How late `student`'s submission at `submitted` was, and what it costs out of `raw`.
    public func assess(student: String, submitted: Date?, raw: Double, maxPoints: Double) -> LateAssessment {
        guard let deadline = deadline(for: student), let submitted else {
            return LateAssessment(deadline: deadline(for: student), lateBy: 0, forgiven: false, penalty: 0)
        }
        let lateBy = submitted.timeIntervalSince(deadline)
        let forgiven = lateBy > 0 && lateBy <= grace
        let penalty = forgiven ? 0 : policy.penalty(raw: raw, maxPoints: maxPoints, lateBy: lateBy)
        return LateAssessment(deadline: deadline, lateBy: max(0, lateBy), forgiven: forgiven, penalty: penalty)
    }

    /// Reads an extensions file: `student = deadline` per line (or `student,deadline`, as a
    /// spreadsheet saves it; a `student,deadline` header line is skipped), `#` comments.
    ///
    /// - Throws: ``GradebookError/badInputFile(file:line:problem:)`` naming the line of a
    ///   malformed entry, a deadline without a zone, or a student given twice.
    public static func parseExtensions(_ text: String, file: String) throws -> [(student: String, deadline: Date, line: Int)] {
        var found: [(student: String, deadline: Date, line: Int)] = []
        var lines: [String: Int] = [:]
        for (index, raw) in TextLines.split(text).enumerated() {
            let number = index + 1
            var line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespacesAndNewlines)
            // Byte-order marks at a line's start go, on every line (files joined together
            // keep theirs mid-text), and trimmed again once gone, or a name kept space the
            // stored text loses: a name that began with one would lose it when the stored
            // text, which may start with that name, is read again.
            while line.hasPrefix("\u{FEFF}") { line = String(line.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines) }
            if line.isEmpty { continue }
            let separator: Character = line.contains("=") ? "=" : ","
            let parts = line.split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if separator == ",", parts.map({ $0.lowercased() }) == ["student", "deadline"] { continue }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw GradebookError.badInputFile(file: file, line: number, problem: "expected 'student = deadline', found '\(MessageText.excerpt(line))'")
            }
            guard let deadline = Timestamp.parse(parts[1]) else {
                throw GradebookError.badInputFile(file: file, line: number, problem: "'\(MessageText.excerpt(parts[1]))' is not a date and time with a zone, e.g. \(Timestamp.example)")
            }
            if let first = lines[parts[0]] {
                throw GradebookError.badInputFile(file: file, line: number, problem: "'\(MessageText.excerpt(parts[0]))' is given twice (first on line \(first))")
            }
            lines[parts[0]] = number
            found.append((parts[0], deadline, number))
        }
        return found
    }

    /// The extensions as the gradebook stores them: `student = deadline` lines, sorted.
    public var extensionsText: String {
        extensions.keys.sorted().map { "\($0) = \(Timestamp.format(extensions[$0]!))\n" }.joined()
    }
}
