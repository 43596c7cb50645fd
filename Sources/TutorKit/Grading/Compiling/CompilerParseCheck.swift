import Foundation
import TutorTerminal

/// The second reading of a learner's file: the compiler's own parse tree (`swiftc
/// -dump-parse`), searched for the constructs the audit refuses. The audit reads the file
/// with SwiftSyntax; should the two parsers ever read it differently (a parser limit, an
/// ambiguity), what the compiler will actually compile is still checked.
///
///     CompilerParseCheck.findings(in: "  (unsafe_expr type=… range=[ThumbnailCache.swift:12:5 - line:12:20]")
///     // [Finding(line: 12, column: 5, construct: "unsafe", …)]
enum CompilerParseCheck {
    /// One refused node of the compiler's tree.
    struct Finding: Equatable {
        var line: Int
        var column: Int
        var construct: String
        var reason: String
    }

    /// The compiler's names for the nodes the audit refuses, with how a learner writes them.
    static let refusedNodes: [String: String] = [
        "unsafe_expr": "unsafe", "unsafe_attr": "@unsafe", "safe_attr": "@safe",
        "cdecl_attr": "@_cdecl", "silgen_name_attr": "@_silgen_name", "extern_attr": "@_extern",
        "section_attr": "@section", "used_attr": "@used", "abi_attr": "@abi", "expose_attr": "@_expose",
        "dynamic_replacement_attr": "@_dynamicReplacement", "main_type_attr": "@main",
        "specialize_attr": "@_specialize", "implements_attr": "@_implements",
        "original_defined_in_attr": "@_originallyDefinedIn", "weak_linked_attr": "@_weakLinked",
        "macro_decl": "a macro declaration",
    ]

    /// Refused in a graded file only, as the audit refuses them: the two ways of reading
    /// memory outside the checks that red teams used to forge passes (a key path's projection,
    /// and C-style formatting, whose every call has a `format:` argument or a name the audit
    /// knows).
    static let refusedInGradedFiles: [String: String] = ["keypath_expr": "a key path"]

    /// Every refused node in `dump`, the compiler's `-dump-parse` output, in order; with
    /// `graded`, also those only graded files refuse.
    static func findings(in dump: String, graded: Bool = false) -> [Finding] {
        var found: [Finding] = []
        for line in TextLines.split(dump) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "(" else { continue }
            // `(keypath_expr …`, or a child named by its role: `(original_init=keypath_expr …`.
            let head = trimmed.dropFirst().prefix { $0 != " " && $0 != ")" }
            let node = head.split(separator: "=").last.map(String.init) ?? ""
            var construct = refusedNodes[node]
            if construct == nil, graded {
                construct = refusedInGradedFiles[node]
                    ?? (node == "argument" && trimmed.contains(#"label="format""#) ? "a format: argument" : nil)
            }
            // `unowned(unsafe)` and `nonisolated(unsafe)` are ordinary nodes with an unsafe detail.
            if construct == nil, node == "reference_ownership_attr" || node == "nonisolated_attr",
               trimmed.contains("(unsafe)") || trimmed.contains(" unsafe)") {
                construct = node == "nonisolated_attr" ? "nonisolated(unsafe)" : "unowned(unsafe)"
            }
            guard let construct else { continue }
            let place = location(in: trimmed)
            // The parse shows some nodes twice (a binding's original and processed initialiser).
            if found.contains(where: { $0.line == place.line && $0.column == place.column && $0.construct == construct }) { continue }
            found.append(Finding(line: place.line, column: place.column, construct: construct,
                                 reason: "the compiler reads \(construct) here, and graded exercises are compiled as memory-safe Swift"))
        }
        return found
    }

    /// The start of a node's `range=[FILE:LINE:COLUMN - …]`, or 1:1 when it has none.
    private static func location(in node: Substring) -> (line: Int, column: Int) {
        guard let range = node.range(of: "range=[") else { return (1, 1) }
        let rest = node[range.upperBound...].prefix { $0 != " " && $0 != "]" }
        let parts = rest.split(separator: ":")
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return (1, 1) }
        return (line, column)
    }
}
