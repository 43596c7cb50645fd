// The grader's audit of a learner's file, built at grading time against the toolchain's
// own SwiftSyntax (`lib/swift/host`), the parser the compiler itself uses. No string,
// raw string, comment or `#if` can hide a construct from it: every clause of every `#if`
// is walked, active or not.
//
//     audit FILE      # prints a JSON array of findings; exits 0 whether or not there are any
//
// It fails closed: a file it cannot read whole (a parse error, text the parser skipped or
// had to invent, a nesting deeper than the parser's limit) is refused where that starts;
// and it runs under time and memory limits the grader sets, going over which refuses the
// file too. The grader then also searches the compiler's own parse (CompilerParseCheck).
//
// What it refuses, and why: the learner's file is compiled as memory-safe Swift, so the
// escape hatches of strict memory safety (`unsafe` expressions and `for unsafe`, `@unsafe`,
// `@safe`, `unowned(unsafe)`, `nonisolated(unsafe)`) and every attribute that defines, binds
// or replaces a symbol (`@_cdecl`, `@_silgen_name`, `@c`, `@section`, `@used`, `@abi`, …) are
// errors. Attributes are checked against the short list an exercise can need, so one added
// to a future Swift is refused until someone decides it is harmless. Macros are refused
// (declarations, and every `#name` but the compiler's own): an expansion is code neither
// parser sees, and the grader also compiles the file with no macro plugin to expand one.
import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One refused construct.
struct Finding: Encodable {
    var line: Int
    var column: Int
    var construct: String
    var reason: String

    /// The most findings an answer lists: the report shows each as a line, and a file that
    /// repeats a refused name thousands of times must not make an answer the grader cannot
    /// read (a red team's 4,000 underscored locals made 1.3 MB of them, past the grader's
    /// cap on the audit's output, and the grader blamed itself).
    static let listed = 20
    /// The longest construct quoted, in characters; a name can be as long as the file.
    static let quotedLength = 60

    /// `findings` as an answer: the first ``listed`` of them, each construct cut to
    /// ``quotedLength``, and then one more saying how many were left out.
    static func answer(_ findings: [Finding]) -> [Finding] {
        var answer = findings.prefix(listed).map { finding in
            var short = finding
            if short.construct.count > quotedLength { short.construct = short.construct.prefix(quotedLength) + "…" }
            return short
        }
        if findings.count > listed {
            let next = findings[listed]
            answer.append(Finding(line: next.line, column: next.column, construct: "",
                                  reason: "\(findings.count - listed) more refused constructs from here on are not listed"))
        }
        return answer
    }
}

/// Walks the whole tree, inactive `#if` clauses included.
final class AuditVisitor: SyntaxVisitor {
    /// Built-in attributes written with a lower-case name that an exercise may use; none of
    /// them names, binds or replaces a symbol, or switches a safety check off.
    static let allowedAttributes: Set<String> = [
        "available", "discardableResult", "escaping", "autoclosure", "inlinable", "inline", "usableFromInline",
        "frozen", "propertyWrapper", "resultBuilder", "dynamicMemberLookup", "dynamicCallable", "unchecked",
        "preconcurrency", "nonobjc", "objc", "objcMembers", "globalActor", "retroactive", "unknown", "testable",
        "warn_unqualified_access", "isolated", "concurrent", "storageRestrictions",
        "requires_stored_property_inits", "noDerivative",
    ]

    /// The `#name` expressions and declarations the compiler itself implements, with no
    /// plugin and no code of anyone's to expand.
    static let builtinExpansions: Set<String> = [
        "file", "fileID", "filePath", "line", "column", "function", "dsohandle", "isolation", "warning", "error",
        "selector", "keyPath",
    ]

    /// Names the prelude compiled beside the file must reach: the modules it qualifies
    /// with (`CachetutorHarness.ThumbnailCacheSubject`) and its own declarations. A
    /// declaration of the file's own by one of these names would stand in for them.
    static let reservedNames: Set<String> = [
        "CachetutorHarness", "HarnessRuntime", "CacheEngine", "UIKit", "CodeLock", "Foundation", "Dispatch", "Glibc", "Swift", "Submission",
    ]

    private let converter: SourceLocationConverter
    private(set) var findings: [Finding] = []

    /// Whether the file is graded; an ungraded lesson example may use ``concurrentNonEscaping``.
    let isGraded: Bool

    init(tree: SourceFileSyntax, isGraded: Bool) {
        self.isGraded = isGraded
        topLevelTypes = Self.topLevelTypes(of: tree)
        let collector = TypealiasCollector(viewMode: .all)
        collector.walk(tree)
        typealiasTargets = collector.targets
        converter = SourceLocationConverter(fileName: "submission", tree: tree)
        super.init(viewMode: .all)
    }

    /// Names with a leading underscore are the standard library's and Foundation's own
    /// plumbing, public only so that their modules can reach each other, and checked by no
    /// one for misuse: Foundation's `_CFErrorSPIForFoundationXMLUseOnly` takes any object for
    /// a CoreFoundation error and reads its fields, which a red team pointed at a fake string
    /// to read any address and forge 20 of 20. Every such name is refused, the file's own
    /// too: a second red team showed that "unless the file declares it" is a scope question
    /// the audit cannot answer from the text (a local, a label or a protocol requirement of
    /// the same name let Foundation's through), while a file never needs one.
    static let internalName = "names that begin with an underscore are refused in graded files: the toolchain's own are plumbing, not public API, and some of it reads memory it is handed without a check; name your own declarations without one"

    /// C's `_exit`, which ends the process as `exit` does, is no plumbing.
    static let publicUnderscoredNames: Set<String> = ["_exit"]

    /// Foundation's streams hand a property's value to CoreFoundation, which takes any object
    /// for the number it expects and calls a method of whatever class it is (a red team ran
    /// a method of its own in place of `NSNumber`'s), so the stream types are refused, and
    /// so is a declaration of the file's own by those names, for the same reason as above.
    static let streams = "Foundation's streams pass a property's value to CoreFoundation, which takes any object for the number it expects and calls a method of the wrong class; read and write files with FileHandle or Data (and name no type of your own like them)"
    static let streamTypes: Set<String> = ["Stream", "InputStream", "OutputStream", "StreamDelegate"]

    /// The C library's threads are named by handles that are addresses in an integer's
    /// clothing: on Linux `pthread_t` (and C11's `thrd_t`) is a `UInt`, so strict memory
    /// safety sees no pointer, yet glibc takes the number for its thread structure and reads,
    /// locks or frees there (`pthread_kill`, `pthread_detach`, `pthread_cancel`, …). A red
    /// team (round 10) crashed every test with `pthread_kill(pthread_self() &+ 0x100000, 0)`;
    /// the same calls write and free at a chosen address. Both families are refused by their
    /// prefix, so no call is missed: a file starts threads with `Thread` or Dispatch.
    static let threadHandles = "the C library's thread functions take a thread as a number that is really an address, and read and write wherever it points; use Thread, DispatchQueue or a Task"
    static let threadHandlePrefixes = ["pthread_", "thrd_"]

    /// The C library's character classifiers index a table with the number they are given
    /// and check no range (glibc's `isalpha(c)` reads `table[c]` for any `Int32`), so a red
    /// team (round 13) read libc's own ELF header, and anything within 4 GB of the table,
    /// one bit at a time with no `unsafe` written. A file classifies characters with
    /// `Character` and `Unicode.Scalar.Properties`.
    static let characterClassifiers: Set<String> = [
        "isalnum", "isalpha", "isascii", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct",
        "isspace", "isupper", "isxdigit",
    ]
    static let classifiers = "the C library's character classifiers read a table at whatever number they are given, with no range check; use Character's isLetter, isNumber, isWhitespace… or Unicode.Scalar.Properties"

    /// Every identifier, wherever it stands (a reference, a type, a declaration, a label).
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard isGraded, case .identifier = token.tokenKind else { return .visitChildren }
        let name = token.identifier?.name ?? token.text
        // An attribute's name is checked as an attribute (`@_silgen_name`).
        let inAttribute = token.parent?.parent?.is(AttributeSyntax.self) == true
        if name.count > 1, name.hasPrefix("_"), !Self.publicUnderscoredNames.contains(name), !inAttribute, !Self.inIfConfigCondition(token) {
            record(token, name, Self.internalName)
        }
        if Self.streamTypes.contains(name) { record(token, name, Self.streams) }
        if Self.threadHandlePrefixes.contains(where: name.hasPrefix) { record(token, name, Self.threadHandles) }
        if Self.characterClassifiers.contains(name) { record(token, name, Self.classifiers) }
        return .visitChildren
    }

    /// Whether `node` is part of a `#if` condition (`_runtime(_ObjC)`, `_endian(little)`),
    /// which chooses code and runs none.
    static func inIfConfigCondition(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let clause = parent.as(IfConfigClauseSyntax.self) { return clause.condition.map { Syntax($0) == current } ?? false }
            current = parent
        }
        return false
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let written = node.attributeName.trimmedDescription
        if let reason = Self.reason(refusingAttribute: Self.unqualified(written)) {
            record(node, "@" + written, reason)
        }
        return .visitChildren
    }

    /// An attribute's own name, as the checks below know it: `Swift._Foo<Int>` is `_Foo`, so a
    /// module in front cannot make a compiler-internal attribute look like a type.
    static func unqualified(_ name: String) -> String {
        let withoutArguments = name.prefix { $0 != "<" }
        return String(withoutArguments.split(separator: ".").last ?? withoutArguments).trimmingCharacters(in: .whitespaces)
    }

    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name, "a macro declaration", Self.macroReason)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        checkExpansion(node, name: node.macroName)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        checkExpansion(node, name: node.macroName)
        return .visitChildren
    }

    static let macroReason = "macros are not available to graded exercises: what a macro expands to is code the grader's checks cannot read"

    private func checkExpansion(_ node: some SyntaxProtocol, name: TokenSyntax) {
        let text = name.identifier?.name ?? name.text
        if !Self.builtinExpansions.contains(text) { record(node, "#" + text, Self.macroReason) }
    }

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        for item in node.statements { checkFileScope(item.item) }
        return .visitChildren
    }

    /// A declaration at file scope (in any clause of a `#if` too) named like the harness's.
    private func checkFileScope(_ item: CodeBlockItemSyntax.Item) {
        guard case let .decl(declaration) = item else { return }
        if let conditional = declaration.as(IfConfigDeclSyntax.self) {
            for clause in conditional.clauses {
                guard case let .statements(statements)? = clause.elements else { continue }
                for statement in statements { checkFileScope(statement.item) }
            }
            return
        }
        var names: [TokenSyntax] = []
        if let named = declaration.asProtocol(NamedDeclSyntax.self) { names.append(named.name) }
        if let variable = declaration.as(VariableDeclSyntax.self) {
            names += variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier }
        }
        for name in names {
            let text = name.identifier?.name ?? name.text
            if Self.reservedNames.contains(text) || text.hasPrefix("_Cachetutor") {
                record(name, "a declaration named '\(text)'", "the test adapter compiled beside the file uses that name for the harness's own module or type; give yours another name")
            }
        }
    }

    /// Functions that run a closure the compiler takes for non-escaping on several threads
    /// at once. The variables such a closure captures are checked for overlapping access only
    /// at compile time, within one thread, so two threads could tear one (see
    /// `Sources/Harness/AccessCheck/DynamicAccesses.c`, which watches every other shared variable).
    static let concurrentNonEscaping: [String: String] = [
        "concurrentPerform": "concurrentPerform runs one closure on several threads at once, and the variables it captures are not watched for two threads using them at the same time; start the work with DispatchQueue.async and wait with a DispatchGroup",
        "withoutActuallyEscaping": "withoutActuallyEscaping lets a closure the compiler takes for non-escaping run later or on another thread, past the checks that keep two threads off one variable; take an @escaping closure instead",
    ]

    /// Foundation's collection methods that take options and a block: with `.concurrent`
    /// among the options they call the block on several threads at once. Refused by name,
    /// however they are reached (called with labels, or bound to a function value whose
    /// type picks the overload and called without any), as are the option types, so the
    /// bit cannot be spelled at all.
    static let concurrentBlockMethods: Set<String> = [
        "sortedArray", "enumerateObjects", "enumerateKeysAndObjects", "indexesOfObjects", "indexOfObject",
        "keysOfEntries", "keysSortedByValue", "enumerateIndexes", "enumerateRanges",
        "NSSortOptions", "NSEnumerationOptions",
    ]
    static let concurrentBlock = "Foundation may run the block this takes on several threads at once (with .concurrent among its options), and the variables it captures are not watched for two threads using them at the same time; use Swift's sorted(by:), forEach or a for loop"

    /// Ways to read a class's stored properties that are no access the checks see: the
    /// runtime's reflection copies fields straight out of the object, and a key path's
    /// projection copies after its access has ended, so another thread's write can tear
    /// what they read.
    static let unwatchedReads: [String: String] = [
        "Mirror": "Mirror reads an object's stored properties outside the accesses that keep two threads off one variable; read the properties themselves",
        "dump": "dump reads an object's stored properties through reflection, outside the accesses that keep two threads off one variable; print the properties themselves",
        "KeyPathComparator": "a KeyPathComparator reads properties through key paths, outside the accesses that keep two threads off one variable; sort with sorted(by:) and a closure",
        "SortDescriptor": "a SortDescriptor reads properties through key paths, outside the accesses that keep two threads off one variable; sort with sorted(by:) and a closure",
        "AnyKeyPath": keyPath, "PartialKeyPath": keyPath, "KeyPath": keyPath, "WritableKeyPath": keyPath,
        "ReferenceWritableKeyPath": keyPath,
    ]
    static let keyPathSubscript = "a [keyPath:] subscript reads a property after its access has ended, outside the checks that keep two threads off one variable; read the property itself"

    /// Every key path is refused, literal or type, and so whatever would apply one: used as a
    /// function (`map(\.value)`) or through a subscript, its projection copies a class's
    /// property after the access has ended.
    static let keyPath = "a key path reads a property after its access has ended, outside the checks that keep two threads off one variable; write a closure that reads the property, as in map { $0.value }"

    /// C-style formatting reads each argument as the format says, whatever it is: `%s` takes
    /// an `Int` for the address of a C string and reads there, `%@` for an object, `%n` writes.
    /// That is a memory read with no `unsafe` in sight (a red team found the runner's secret
    /// with it and forged 20 of 20), so every way in is refused: a `format:` label (on
    /// `String`, `NSString`, `NSPredicate`, `NSExpression`, …), the label-less formatters by
    /// name, and the types a variadic or `va_list` is made of.
    static let formatting = "C-style formatting reads each argument as its format says (%s takes a number for the address of text and reads memory there), with no check of the argument's type; build the text with string interpolation, as in \"\\(count) of \\(limit)\""
    static let formatFunctions: Set<String> = [
        "NSLog", "NSLogv", "localizedStringWithFormat", "appendFormat", "stringByAppendingFormat", "appendingFormat",
        "withVaList", "getVaList", "CVarArg", "CVaListPointer",
        "vprintf", "vfprintf", "vdprintf", "vsprintf", "vsnprintf", "vasprintf", "vscanf", "vfscanf", "vsscanf", "vsyslog",
        "printf", "fprintf", "sprintf", "snprintf", "dprintf", "asprintf", "scanf", "fscanf", "sscanf", "syslog",
    ]

    /// Foundation's archivers decode some values by copying raw memory: on Linux,
    /// `NSValue`'s decoder copies as many bytes as the archive's type string asks for from an
    /// empty buffer, so an archive the file wrote itself reads the runner's memory (a red team
    /// read the secret that way and forged 19 of 20), and a type of `@` writes past a slot.
    /// So the whole NSCoding family is refused by name, and `NSValue` with it.
    static let archiving = "Foundation's archivers (NSKeyedArchiver, NSKeyedUnarchiver, NSCoding) decode some values by copying raw memory, as many bytes as the archive says, so an archive can read memory it should not; keep data as Codable with JSONEncoder or PropertyListEncoder"
    static let archivingNames: Set<String> = [
        "NSKeyedArchiver", "NSKeyedUnarchiver", "NSArchiver", "NSUnarchiver", "NSCoder", "NSCoding", "NSSecureCoding",
        "NSKeyedArchiverDelegate", "NSKeyedUnarchiverDelegate", "NSValue", "classForCoder", "classForKeyedArchiver",
        "classForArchiver", "replacementObject", "awakeAfter", "decodeValue", "encodeValue", "NSGetSizeAndAlignment",
    ]

    /// Foundation on Linux takes an `NSRange` on trust: `NSData.subdata(with:)` copies
    /// whatever `location` and `length` say, `NSMutableData.resetBytes(in:)` zeroes it, and
    /// the string, array and attributed-string methods index their storage with it unchecked
    /// (Darwin raises an exception instead). A range comes from many places (a literal, a
    /// calendar, another string's search, a field set by hand), so it is every method that
    /// takes one that is refused: by its name and the label the range goes under, from
    /// swift-corelibs-foundation's public API; so is `rangeOfComposedCharacterSequence(at:)`,
    /// which makes a range of a raw index that CoreFoundation checks only from above. Pure
    /// range arithmetic (`NSMaxRange`, `union(_:)`, …) touches no memory and stays.
    static let rangeTaking = "Foundation on Linux does not check an NSRange against the storage it indexes, so a range past the end reads or writes memory it should not; use Swift's own APIs, which check their bounds (Data.subdata(in:) with a Range, String indices, Array slices)"
    static let rangeTakingMethods: [String: Set<String>] = [
        "add": ["in"], "addAttribute": ["range"], "addAttributes": ["range"], "addCharacters": ["in"],
        "addressCheckingResult": ["range"], "applyTransform": ["range", "updatedRange"],
        "attribute": ["effectiveRange", "in", "longestEffectiveRange"], "attributedSubstring": ["from"],
        "attributes": ["effectiveRange", "in", "longestEffectiveRange"], "compare": ["range"], "contains": ["in"],
        "correctionCheckingResult": ["range"], "countOfIndexes": ["in"], "dashCheckingResult": ["range"],
        "dateCheckingResult": ["range"], "deleteCharacters": ["in"], "enumerate": ["in"], "enumerateAttribute": ["in"],
        "enumerateAttributes": ["in"], "enumerateMatches": ["range"], "enumerateRanges": ["in"], "enumerateSubstrings": ["in"],
        "firstMatch": ["range"], "getBytes": ["range", "remaining"], "getCharacters": ["range"],
        "getIndexes": ["inIndexRange", "range"], "getLineStart": ["for"], "getParagraphStart": ["for"],
        "grammarCheckingResult": ["range"], "index": ["in", "inSortedRange"], "indexOfObjectIdentical": ["in"],
        "indexes": ["in"], "intersects": ["in"], "lineRange": ["for"], "linkCheckingResult": ["range"], "matches": ["range"],
        "numberOfMatches": ["range"], "orthographyCheckingResult": ["range"], "paragraphRange": ["for"],
        "phoneNumberCheckingResult": ["range"], "quoteCheckingResult": ["range"], "range": ["in", "range"],
        "rangeOfCharacter": ["range"], "rangeOfComposedCharacterSequence": ["at"], "rangeOfComposedCharacterSequences": ["for"], "rangeOfFirstMatch": ["range"],
        "regularExpressionCheckingResult": ["ranges"], "remove": ["in"], "removeAttribute": ["range"],
        "removeCharacters": ["in"], "removeObject": ["in"], "removeObjects": ["in"], "replaceBytes": ["in"],
        "replaceCharacters": ["in"], "replaceMatches": ["range"], "replaceObjects": ["in", "range"],
        "replaceOccurrences": ["range"], "replacementCheckingResult": ["range"], "replacingCharacters": ["in"],
        "replacingOccurrences": ["range"], "resetBytes": ["in"], "setAttributes": ["range"], "sortRange": [],
        "spellCheckingResult": ["range"], "stringByReplacingMatches": ["range"], "subarray": ["with"], "subdata": ["with"],
        "substring": ["with"], "transitInformationCheckingResult": ["range"],
    ]

    /// Foundation on Linux keeps an attributed string's runs in an array it walks unchecked
    /// (CoreFoundation's bounds assertions are compiled out of release builds), so an index
    /// or range past the end frees and writes through words beyond it; `insert(_:at:)` takes
    /// an `Int` and shares its name with `Array`'s, so the types themselves are refused.
    static let attributedStrings = "Foundation on Linux does not check an index into an attributed string's runs, so one past the end writes memory it should not; keep text as String"
    static let attributedStringTypes: Set<String> = ["NSAttributedString", "NSMutableAttributedString"]

    /// CoreFoundation reads a character set's bitmap representation without checking the
    /// plane numbers past its first 8 KB, and for a plane it does not have writes through
    /// a null pointer: a red team (round 15) crashed every test with `CharacterSet(
    /// bitmapRepresentation:)`. The label is refused wherever it is written, as `format:` is.
    static let characterSetBitmaps = "CoreFoundation does not check the planes of a character set's bitmap representation, and writes through a null pointer for one it does not have; build a CharacterSet from characters or Unicode.Scalar ranges"

    /// Whether a call of `name` with `labels` is one of ``rangeTakingMethods``.
    static func takesRange(_ name: String, labels: [String]) -> Bool {
        guard let rangeLabels = rangeTakingMethods[name] else { return false }
        return rangeLabels.isEmpty || labels.contains(where: rangeLabels.contains)
    }

    /// Foundation sorts with a comparator on several threads when its options ask for it
    /// (`.concurrent`, or the same bit by its raw value), so a comparator given options is
    /// refused as ``concurrentNonEscaping`` are.
    static let concurrentComparator = "a comparator passed with options: Foundation may call it on several threads at once, and the variables it captures are not watched for two threads using them at the same time; sort without options, or with Swift's sorted(by:)"

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.identifier?.name ?? node.baseName.text
        if isGraded, let reason = Self.concurrentNonEscaping[name] ?? Self.unwatchedReads[name] {
            record(node, name, reason)
        }
        if isGraded, Self.concurrentBlockMethods.contains(name) {
            record(node, name, Self.concurrentBlock)
        }
        let labels = node.argumentNames?.arguments.map { $0.name.identifier?.name ?? $0.name.text } ?? []
        if isGraded, Self.formatFunctions.contains(name) || labels.contains("format") {
            record(node, Self.formatFunctions.contains(name) ? name : "\(name)(format:…)", Self.formatting)
        }
        if isGraded, labels.contains("bitmapRepresentation") { record(node, "\(name)(bitmapRepresentation:)", Self.characterSetBitmaps) }
        if isGraded, Self.archivingNames.contains(name) { record(node, name, Self.archiving) }
        if isGraded, Self.attributedStringTypes.contains(name) { record(node, name, Self.attributedStrings) }
        if isGraded, node.argumentNames != nil, Self.takesRange(name, labels: labels) {
            record(node, "\(name)(\(labels.map { $0 + ":" }.joined()))", Self.rangeTaking)
        }
        if isGraded, labels.contains("options"), labels.contains("usingComparator") {
            record(node, name, Self.concurrentComparator)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // By identifier, so a label written in backticks (`format`:) is the same label.
        let labels = node.arguments.compactMap { $0.label.map { $0.identifier?.name ?? $0.text } }
        let callee = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        let sorts = callee.lowercased().hasPrefix("sort") || callee == "keysSortedByValue"
        let comparator = labels.contains("usingComparator") || (sorts && node.trailingClosure != nil)
        if isGraded, labels.contains("options"), comparator {
            record(node, "\(callee)(options:…)", Self.concurrentComparator)
        }
        if isGraded, labels.contains("format") {
            record(node, "\(callee.isEmpty ? "a call" : callee)(format:…)", Self.formatting)
        }
        if isGraded, labels.contains("bitmapRepresentation") {
            record(node, "\(callee.isEmpty ? "a call" : callee)(bitmapRepresentation:)", Self.characterSetBitmaps)
        }
        if isGraded, Self.takesRange(callee, labels: labels) {
            record(node, "\(callee)(\(labels.map { $0 + ":" }.joined()))", Self.rangeTaking)
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        if isGraded, node.arguments.contains(where: { $0.label.map { $0.identifier?.name ?? $0.text } == "keyPath" }) {
            record(node, "[keyPath:]", Self.keyPathSubscript)
        }
        return .visitChildren
    }

    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
        if isGraded { record(node, "a key path", Self.keyPath) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        refuseTypeName(node.name, at: node)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        refuseTypeName(node.name, at: node)
        return .visitChildren
    }

    private func refuseTypeName(_ token: TokenSyntax, at node: some SyntaxProtocol) {
        let name = token.identifier?.name ?? token.text
        if isGraded, Self.concurrentBlockMethods.contains(name) { record(node, name, Self.concurrentBlock) }
        if isGraded, let reason = Self.unwatchedReads[name] { record(node, name, reason) }
        if isGraded, Self.formatFunctions.contains(name) { record(node, name, Self.formatting) }
        if isGraded, Self.archivingNames.contains(name) { record(node, name, Self.archiving) }
        if isGraded, Self.attributedStringTypes.contains(name) { record(node, name, Self.attributedStrings) }
    }

    /// Foundation's open classes, `NSObject` aside: every `open class` of Foundation,
    /// FoundationEssentials, FoundationNetworking and FoundationXML as
    /// `swift-synthesize-interface` prints them for Swift 6.3.1 (`FoundationOpenClassesTests` checks the list
    /// against the toolchain at hand). Foundation's own code trusts what a subclass's
    /// overrides answer: a red team (round 11) made an `NSArray` whose `count` grew between
    /// two of `sortedArrayHint`'s reads, so Foundation wrote past a buffer it had sized by
    /// the first, over a neighbouring object's array header, and read the runner's heap
    /// through that array with bounds-checked subscripts; 19 of 20 forged. No exercise
    /// subclasses anything of Foundation's but `NSObject`.
    static let foundationOpenClasses: Set<String> = [
        "BlockOperation", "Bundle", "ByteCountFormatter", "CachedURLResponse", "DateFormatter",
        "DateIntervalFormatter", "Dimension", "DirectoryEnumerator", "EnergyFormatter", "FileHandle", "FileManager",
        "Formatter", "HTTPCookie", "HTTPCookieStorage", "HTTPURLResponse", "Host", "ISO8601DateFormatter",
        "InputStream", "JSONDecoder", "JSONEncoder", "JSONSerialization", "LengthFormatter", "MassFormatter",
        "NSAffineTransform", "NSArray", "NSAttributedString", "NSCache", "NSCalendar", "NSCharacterSet", "NSCoder",
        "NSComparisonPredicate", "NSCompoundPredicate", "NSCondition", "NSConditionLock", "NSCountedSet", "NSData",
        "NSDate", "NSDateComponents", "NSDateInterval", "NSDecimalNumber", "NSDecimalNumberHandler", "NSDictionary",
        "NSEnumerator", "NSError", "NSExpression", "NSIndexPath", "NSIndexSet", "NSKeyedArchiver",
        "NSKeyedUnarchiver", "NSLocale", "NSLock", "NSMeasurement", "NSMutableArray", "NSMutableAttributedString",
        "NSMutableCharacterSet", "NSMutableData", "NSMutableDictionary", "NSMutableIndexSet", "NSMutableOrderedSet",
        "NSMutableSet", "NSMutableString", "NSMutableURLRequest", "NSNotification", "NSNull", "NSNumber",
        "NSOrderedSet", "NSOrthography", "NSPersonNameComponents", "NSPredicate", "NSRecursiveLock",
        "NSRegularExpression", "NSSet", "NSSortDescriptor", "NSString", "NSTextCheckingResult", "NSTimeZone",
        "NSURL", "NSURLComponents", "NSURLQueryItem", "NSURLRequest", "NSUUID", "NSValue", "NotificationCenter",
        "NotificationQueue", "NumberFormatter", "Operation", "OperationQueue", "OutputStream",
        "PersonNameComponentsFormatter", "Pipe", "Port", "PortMessage", "Process", "Progress", "PropertyListDecoder",
        "PropertyListEncoder", "PropertyListSerialization", "RunLoop", "Scanner", "SocketPort", "Stream", "Thread",
        "Timer", "URLAuthenticationChallenge", "URLCache", "URLCredential", "URLCredentialStorage",
        "URLProtectionSpace", "URLProtocol", "URLResponse", "URLSession", "URLSessionConfiguration",
        "URLSessionDataTask", "URLSessionDownloadTask", "URLSessionStreamTask", "URLSessionTask",
        "URLSessionTaskMetrics", "URLSessionTaskTransactionMetrics", "URLSessionUploadTask",
        "URLSessionWebSocketTask", "Unit", "UnitConverter", "UnitConverterLinear", "UserDefaults", "XMLDTD",
        "XMLDTDNode", "XMLDocument", "XMLElement", "XMLNode", "XMLParser"
    ]
    static let foundationSubclass = "a subclass of one of Foundation's classes (other than NSObject) overrides members that Foundation's own code trusts, and some of it reads and writes memory by what they answer; subclass NSObject, or a class of your own"

    /// The class's superclass (and anything else it inherits) must not be one of
    /// ``foundationOpenClasses``, by its name or through any typealias of the file's that
    /// leads to one (`typealias Base = NSArray`, nested or not, generic or not).
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isGraded, let clause = node.inheritanceClause else { return .visitChildren }
        for inherited in clause.inheritedTypes {
            for name in Self.baseNames(of: inherited.type) {
                if let foundation = foundationClass(reachedFrom: name, depth: 0) {
                    record(inherited.type, "a subclass of \(foundation)", Self.foundationSubclass)
                }
            }
        }
        return .visitChildren
    }

    /// The Foundation class `name` is, or leads to through the file's typealiases.
    private func foundationClass(reachedFrom name: String, depth: Int) -> String? {
        if Self.foundationOpenClasses.contains(name) { return name }
        guard depth < 16 else { return nil }
        for target in typealiasTargets[name, default: []] {
            if let found = foundationClass(reachedFrom: target, depth: depth + 1) { return found }
        }
        return nil
    }

    /// The last name of each type a type is made of: `Foundation.NSArray` is `NSArray`,
    /// `@unchecked Sendable` is `Sendable`, `A & B` is both.
    static func baseNames(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.identifier?.name ?? identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) { return [member.name.identifier?.name ?? member.name.text] }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseNames(of: attributed.baseType) }
        if let composition = type.as(CompositionTypeSyntax.self) { return composition.elements.flatMap { baseNames(of: $0.type) } }
        return []
    }

    /// Every typealias of the file, wherever it is declared: its name, and the base names of
    /// what it stands for.
    private let typealiasTargets: [String: [String]]

    private final class TypealiasCollector: SyntaxVisitor {
        var targets: [String: [String]] = [:]
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            targets[node.name.identifier?.name ?? node.name.text, default: []] += AuditVisitor.baseNames(of: node.initializer.value)
            return .visitChildren
        }
    }

    /// The modules a graded file may import. CoreFoundation's C functions take indices and
    /// ranges on trust in release builds (their bounds assertions are compiled out): a red
    /// team (round 12) read any address with `CFStringGetCharacterAtIndex` on a string of
    /// its own and forged 20 of 20 under both sandboxes, and `CFBitVectorSetBitAtIndex`
    /// writes past its vector. Foundation does not re-export it, so only an import reaches
    /// it; rather than refuse that one module, every module an exercise does not need is
    /// refused, the toolchain's plumbing and whatever a later toolchain adds included.
    static let importableModules: Set<String> = ["Foundation", "UIKit", "Dispatch", "Synchronization", "Glibc", "Swift"]
    static let otherModule = "a graded file imports only Foundation, UIKit, Dispatch, Synchronization or Glibc: other modules (CoreFoundation first of all, whose C functions do not check the index or range they are given) reach memory past the checks that keep every test's result honest"

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isGraded, let module = node.path.first.map({ $0.name.identifier?.name ?? $0.name.text }) else { return .visitChildren }
        if !Self.importableModules.contains(module) { record(node.path, "import \(node.path.trimmedDescription)", Self.otherModule) }
        return .visitChildren
    }

    override func visit(_ node: UnsafeExprSyntax) -> SyntaxVisitorContinueKind {
        record(node, "unsafe", "an 'unsafe' expression switches memory-safety checking off for what follows it")
        return .visitChildren
    }

    /// A conformance the file adds to a type it does not declare makes that type's module's
    /// default implementations the witnesses of the protocol's requirements, and one of
    /// Foundation's is an unchecked bit cast: `extension URLError: RawRepresentable` picks up
    /// `__BridgedNSError`'s `init?(rawValue:)`, which turns any integer into an `NSError`
    /// reference; a red team (round 7) read any address through it and forged 20 of 20.
    static let foreignConformance = "an extension that adds a conformance to a type your file does not declare lets that type's own default implementations answer the protocol, and some of Foundation's convert values without a check; add conformances only to a type your file declares at its top level, in an extension at the top level named as plainly (or wrap the value in a type of yours)"

    /// The types the file declares at its top level, outside any `#if` (a clause that is not
    /// compiled declares nothing, and the audit cannot tell which clauses are): the only
    /// ones a top-level `extension` by that name can mean. A type nested in another, or a
    /// typealias, does not shadow Foundation's at the top level.
    private let topLevelTypes: Set<String>

    static func topLevelTypes(of tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for item in tree.statements {
            guard case let .decl(declaration) = item.item else { continue }
            let nominal: TokenSyntax? = declaration.as(ClassDeclSyntax.self)?.name ?? declaration.as(StructDeclSyntax.self)?.name
                ?? declaration.as(EnumDeclSyntax.self)?.name ?? declaration.as(ActorDeclSyntax.self)?.name
                ?? declaration.as(ProtocolDeclSyntax.self)?.name
            if let nominal { names.insert(nominal.identifier?.name ?? nominal.text) }
        }
        return names
    }

    /// Only `extension Name: …` where `Name` is one of ``topLevelTypes``: a dotted name
    /// (`Own.Alias`) can be a typealias of Foundation's type, so it is refused, as is one
    /// inside a `#if` or a type.
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isGraded, node.inheritanceClause != nil else { return .visitChildren }
        let name = node.extendedType.as(IdentifierTypeSyntax.self).map { $0.name.identifier?.name ?? $0.name.text }
        let atTopLevel = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        if !atTopLevel || name.map({ !topLevelTypes.contains($0) }) ?? true {
            record(node.extendedType, "an extension of \(node.extendedType.trimmedDescription) with a conformance", Self.foreignConformance)
        }
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
        // Type names (property wrappers, result builders, global actors, `@Sendable`) are
        // custom attributes, and so are attached macros, which the grader's compiler has no
        // plugin to expand; every underscored one is a compiler internal.
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

/// The file as the parser read it: refused where it could not read it whole.
enum Readability {
    static let reason = "the grader's audit cannot read this part of the file, so the file cannot be graded"

    /// Findings for every place the parser stopped, skipped or invented text; empty when it
    /// read the file whole, exactly as written.
    static func findings(_ tree: SourceFileSyntax, source: String) -> [Finding] {
        let converter = SourceLocationConverter(fileName: "submission", tree: tree)
        var findings = ParseDiagnosticsGenerator.diagnostics(for: tree)
            .filter { $0.diagMessage.severity == .error }
            .prefix(5)
            .map { diagnostic -> Finding in
                let location = diagnostic.location(converter: converter)
                return Finding(line: location.line, column: location.column, construct: "", reason: "\(reason) (\(diagnostic.message))")
            }
        if findings.isEmpty && (tree.hasError || tree.description != source) {
            findings.append(Finding(line: 1, column: 1, construct: "", reason: "\(reason): the parser did not read it exactly as written"))
        }
        return findings
    }
}

@main
enum SubmissionAudit {
    static func main() {
        let arguments = CommandLine.arguments
        let isGraded = !arguments.dropFirst(2).contains("--ungraded")
        guard arguments.count == 2 || (arguments.count == 3 && !isGraded), let data = FileManager.default.contents(atPath: arguments[1]) else {
            FileHandle.standardError.write(Data("usage: audit FILE [--ungraded]\n".utf8))
            exit(64)
        }
        // The parser and the walk recurse once per level of nesting: a thread with a deep
        // stack reads any file the compiler can, and the grader's limits end the rest.
        let source = String(decoding: data, as: UTF8.self)
        let worker = Thread {
            let tree = Parser.parse(source: source)
            var findings = Readability.findings(tree, source: source)
            if findings.isEmpty {
                let visitor = AuditVisitor(tree: tree, isGraded: isGraded)
                visitor.walk(tree)
                findings = visitor.findings
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            // Never "no findings" by default: an answer that cannot be written is no answer.
            guard let answer = try? encoder.encode(Finding.answer(findings)) else { exit(70) }
            FileHandle.standardOutput.write(answer)
            exit(0)
        }
        worker.stackSize = 1 << 30
        worker.start()
        while true { sleep(60) }
    }
}
