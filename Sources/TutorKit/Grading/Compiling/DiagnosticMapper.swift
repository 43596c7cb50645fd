import Foundation
import TutorTerminal

/// Turns the compiler's output into messages about the learner's own file: their path and
/// line numbers, never the grader's; errors in the prelude become "missing API" messages
/// naming the member and its expected signature; a few common mistakes get an explanation.
///
///     /tmp/cachetutor-check-1a2b/ThumbnailCache.swift:12:5: error: cannot find 'x' in scope
///     → exercises/ThumbnailCache.swift:12:5: error: cannot find 'x' in scope
public struct DiagnosticMapper: Sendable {
    /// The path the learner's file was compiled from.
    public var submissionPath: String
    /// How the learner named their file.
    public var displayPath: String
    /// The path of the prelude compiled beside it.
    public var preludePath: String
    /// The prelude's text, to tell which API member a prelude line checks.
    public var preludeText: String
    /// Directories whose paths must not leak into messages.
    public var privatePaths: [String]

    /// A mapper for one compilation.
    public init(submissionPath: String, displayPath: String, preludePath: String, preludeText: String, privatePaths: [String]) {
        self.submissionPath = submissionPath
        self.displayPath = displayPath
        self.preludePath = preludePath
        self.preludeText = preludeText
        self.privatePaths = privatePaths
    }

    /// The learner-facing text for the compiler's `output`.
    public func map(_ output: String) -> String {
        let blocks = Self.blocks(in: output)
        var lines: [String] = []
        var reportedMembers: [String] = []
        let preludeLines = TextLines.split(preludeText).map(String.init)
        var missingClass = false

        for block in blocks {
            guard let header = block.header else {
                lines.append(contentsOf: block.lines.map(scrub))
                continue
            }
            // `#sourceLocation` in a lesson example points its lines at the lesson's own file.
            if header.path == submissionPath || header.path == displayPath {
                guard header.severity != "warning" else { continue }
                // The message and the lines under it quote whatever the compiler printed,
                // which can name the grader's own files.
                lines.append("\(displayPath):\(header.line):\(header.column): \(header.severity): \(scrub(header.message))")
                lines.append(contentsOf: block.lines.dropFirst().map(scrub))
                if header.severity == "error", let explanation = Self.explanation(for: header.message, provided: providedNames) {
                    lines.append("\(displayPath):\(header.line):\(header.column): note: \(explanation)")
                }
            } else if header.path == preludePath {
                guard header.severity == "error" else { continue }
                let source = header.line >= 1 && header.line <= preludeLines.count ? preludeLines[header.line - 1] : ""
                guard let member = Self.member(checkedBy: source) else { continue }
                if Self.isTypeDeclaration(member) { missingClass = true }
                guard !reportedMembers.contains(member) else { continue }
                reportedMembers.append(member)
                lines.append("\(displayPath): error: missing API: expected `\(member)` (the compiler said: \(scrub(header.message)))")
            } else if header.severity == "error" {
                lines.append("\(header.severity): \(scrub(header.message))")
            }
        }
        if missingClass {
            // Every member fails when the type itself is missing; say only that.
            lines.removeAll { line in
                line.contains("missing API") && !reportedMembers.contains { Self.isTypeDeclaration($0) && line.contains("`\($0)`") }
            }
        }
        if lines.isEmpty { return scrub(output).trimmingCharacters(in: .whitespacesAndNewlines) }
        return lines.joined(separator: "\n")
    }

    /// The declaration a prelude line needs from the learner's file: the text after
    /// `// expects:` on that line. Each exercise's `Adapter.swift` marks every line that
    /// touches the learner's API this way.
    static func member(checkedBy line: String) -> String? {
        guard let marker = line.range(of: "// expects:") else { return nil }
        let member = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
        return member.isEmpty ? nil : member
    }

    /// Whether `member` declares the exercise's type itself rather than one of its members.
    static func isTypeDeclaration(_ member: String) -> Bool {
        let words = member.split(separator: " ")
        return words.prefix(2).contains { ["class", "struct", "enum", "actor"].contains($0) }
    }

    /// A sentence for errors whose compiler wording leaves beginners stuck.
    /// The names the prelude gives the learner's file (`typealias NSCache = …`, `typealias Profile = …`).
    var providedNames: [String] {
        TextLines.split(preludeText).filter { !$0.isEmpty }.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "typealias", words[2] == "=" else { return nil }
            return String(words[1])
        }
    }

    static func explanation(for message: String, provided: [String] = ["NSCache", "NSCacheDelegate", "UIImage"]) -> String? {
        if message.contains("not allowed at the top level") || message.contains("top-level") {
            return "an exercise file is a library file: statements can only run inside functions, so move this into a method of the exercise's type (try experiments in `cachetutor learn` instead)"
        }
        for name in provided where message.contains("invalid redeclaration of '\(name)'") {
            return "cachetutor provides \(name) to this exercise (see its README); use it rather than declaring your own"
        }
        if message.contains("_CachetutorSubjectAdapter") {
            return "that name belongs to the grader; rename your declaration"
        }
        return nil
    }

    /// A header line and the lines that belong to it (source excerpt, caret).
    struct Block {
        var header: Header?
        var lines: [String]
    }

    struct Header: Equatable {
        var path: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
    }

    static func blocks(in output: String) -> [Block] {
        var blocks: [Block] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let header = parseHeader(line) {
                blocks.append(Block(header: header, lines: [line]))
            } else if line.hasPrefix("error: ") || line.hasPrefix("warning: ") {
                blocks.append(Block(header: nil, lines: [line]))
            } else if !blocks.isEmpty, blocks[blocks.count - 1].header != nil {
                if !line.isEmpty { blocks[blocks.count - 1].lines.append(line) }
            } else if !line.isEmpty {
                blocks.append(Block(header: nil, lines: [line]))
            }
        }
        return blocks.filter { block in
            block.header != nil || block.lines.contains { $0.hasPrefix("error") || $0.contains("multiple definition") || $0.contains("duplicate symbol") }
        }
    }

    /// `PATH:LINE:COLUMN: SEVERITY: MESSAGE`.
    static func parseHeader(_ line: String) -> Header? {
        for severity in ["error", "warning", "note", "remark"] {
            guard let range = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let row = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { continue }
            let path = location.dropLast(2).joined(separator: ":")
            return Header(path: path, line: row, column: column, severity: severity, message: String(line[range.upperBound...]))
        }
        return nil
    }

    private func scrub(_ text: String) -> String {
        var result = text.replacingOccurrences(of: submissionPath, with: displayPath)
        for path in privatePaths where !path.isEmpty {
            result = result.replacingOccurrences(of: path, with: "…")
        }
        return result
    }
}
