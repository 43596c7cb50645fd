// The grader's audit of a learner's file, built at grading time against the toolchain's
// own SwiftSyntax (`lib/swift/host`), the parser the compiler itself uses. No string,
// raw string, comment or `#if` can hide a construct from it: every clause of every `#if`
// is walked, active or not.
//
//     audit FILE      # prints a JSON array of findings; exits 0 whether or not there are any
//
// What it refuses, and why: the learner's file is compiled as memory-safe Swift, so the
// escape hatches of strict memory safety (`unsafe` expressions and `for unsafe`, `@unsafe`,
// `@safe`, `unowned(unsafe)`, `nonisolated(unsafe)`) and every attribute that defines, binds
// or replaces a symbol (`@_cdecl`, `@_silgen_name`, `@c`, `@section`, `@used`, `@abi`, …) are
// errors. Attributes are checked against the short list an exercise can need, so one added
// to a future Swift is refused until someone decides it is harmless.
import Foundation
import SwiftParser
import SwiftSyntax

/// One refused construct.
struct Finding: Encodable {
    var line: Int
    var column: Int
    var construct: String
    var reason: String
}

/// Walks the whole tree, inactive `#if` clauses included.
final class AuditVisitor: SyntaxVisitor {
    /// Built-in attributes written with a lower-case name that an exercise may use; none of
    /// them names, binds or replaces a symbol, or switches a safety check off.
    static let allowedAttributes: Set<String> = [
        "available", "discardableResult", "escaping", "autoclosure", "inlinable", "inline", "usableFromInline",
        "frozen", "propertyWrapper", "resultBuilder", "dynamicMemberLookup", "dynamicCallable", "unchecked",
        "preconcurrency", "nonobjc", "objc", "objcMembers", "globalActor", "retroactive", "unknown", "testable",
        "warn_unqualified_access", "isolated", "concurrent", "storageRestrictions", "attached", "freestanding",
        "requires_stored_property_inits", "noDerivative",
    ]

    private let converter: SourceLocationConverter
    private(set) var findings: [Finding] = []

    init(tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: "submission", tree: tree)
        super.init(viewMode: .all)
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if let reason = Self.reason(refusingAttribute: name) {
            record(node, "@" + name, reason)
        }
        return .visitChildren
    }

    override func visit(_ node: UnsafeExprSyntax) -> SyntaxVisitorContinueKind {
        record(node, "unsafe", "an 'unsafe' expression switches memory-safety checking off for what follows it")
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if let keyword = node.unsafeKeyword {
            record(keyword, "for unsafe", "'for unsafe' switches memory-safety checking off for the loop's sequence")
        }
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if node.detail?.detail.text == "unsafe", name == "unowned" || name == "nonisolated" {
            record(node, "\(name)(unsafe)", "'\(name)(unsafe)' opts out of a safety check the compiler would otherwise make")
        }
        return .visitChildren
    }

    /// Why `name` is refused, or nil when an exercise may use it.
    static func reason(refusingAttribute name: String) -> String? {
        switch name {
        case "unsafe", "safe":
            return "@\(name) overrides what strict memory safety checking decides about a declaration"
        case "main":
            return "@main would give the file an entry point of its own; the test runner is the program"
        case "_cdecl", "_silgen_name", "c", "_extern", "extern", "_section", "section", "_used", "used", "abi",
             "_dynamicReplacement", "_expose", "export", "_export", "_originallyDefinedIn", "_specialize",
             "specialized", "_implements", "_weakLinked":
            return "@\(name) defines, binds or replaces a symbol by its raw name"
        default:
            break
        }
        // Type names (property wrappers, result builders, global actors, `@Sendable`,
        // macros) are custom attributes; every underscored one is a compiler internal.
        if let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) { return nil }
        if name.hasPrefix("_") { return "@\(name) is a compiler-internal attribute" }
        if allowedAttributes.contains(name) { return nil }
        return "@\(name) is not among the attributes an exercise may use"
    }

    private func record(_ node: some SyntaxProtocol, _ construct: String, _ reason: String) {
        let location = node.startLocation(converter: converter)
        findings.append(Finding(line: location.line, column: location.column, construct: construct, reason: reason))
    }
}

@main
enum SubmissionAudit {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
            FileHandle.standardError.write(Data("usage: audit FILE\n".utf8))
            exit(64)
        }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        let visitor = AuditVisitor(tree: tree)
        visitor.walk(tree)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write((try? encoder.encode(visitor.findings)) ?? Data("[]".utf8))
        exit(0)
    }
}
