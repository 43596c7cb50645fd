import Foundation
import Testing
import TutorTestSupport
@testable import TutorGrading

/// The audit refuses a subclass of any of Foundation's open classes but `NSObject`, from a
/// list written into `Sources/Harness/Audit/SubmissionAudit.swift` (the audit program is
/// built at grading time, apart from this package). The list must hold every open class the
/// toolchain's Foundation modules have: one a newer Foundation adds would otherwise be a
/// superclass the audit lets through.
@Suite(.enabled(if: (try? Toolchain.locate(environment: ProcessInfo.processInfo.environment)) != nil))
struct FoundationOpenClassesTests {
    let toolchain = try! Toolchain.locate(environment: ProcessInfo.processInfo.environment)

    /// The names in the audit's `foundationOpenClasses` literal.
    static func auditList() throws -> Set<String> {
        let source = try String(contentsOf: PackageRoot.url.appendingPathComponent("Sources/Harness/Audit/SubmissionAudit.swift"), encoding: .utf8)
        let start = try #require(source.range(of: "static let foundationOpenClasses: Set<String> = ["))
        let end = try #require(source.range(of: "]", range: start.upperBound..<source.endIndex))
        return Set(source[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty })
    }

    /// The open classes `swift-synthesize-interface` prints for `module`.
    func openClasses(of module: String) throws -> Set<String> {
        let tool = toolchain.prefix.appendingPathComponent("bin/swift-synthesize-interface")
        let outcome = try PosixProcessRunner().run(ProcessRequest(
            executable: tool.path,
            arguments: ["-module-name", module, "-target", "\(Self.architecture)-unknown-linux-gnu", "-sdk", "/",
                        "-I", toolchain.prefix.appendingPathComponent("lib/swift/linux").path],
            environment: ProcessInfo.processInfo.environment, wallClockLimit: .seconds(120), outputLimit: 64 << 20
        ))
        try #require(outcome.termination == .exited(0), "\(tool.lastPathComponent) \(module): \(outcome.outputText.prefix(400))")
        var names: Set<String> = []
        for line in outcome.outputText.split(separator: "\n") {
            let words = line.split(separator: " ")
            // `open class func` and `open class var` are members, not classes.
            if words.count >= 3, words[0] == "open", words[1] == "class", !["func", "var", "subscript"].contains(words[2]), let name = words[2].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).first {
                names.insert(String(name))
            }
        }
        return names
    }

    static var architecture: String {
        #if arch(arm64)
        "aarch64"
        #else
        "x86_64"
        #endif
    }

    @Test func theAuditKnowsEveryOpenClassOfFoundation() throws {
        let listed = try Self.auditList()
        #expect(listed.count > 100 && !listed.contains("NSObject"), "\(listed.count) names; NSObject must stay allowed")
        var open: Set<String> = []
        for module in ["Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML"] {
            open.formUnion(try openClasses(of: module))
        }
        #expect(open.contains("NSArray") && open.contains("NSObject"), "the interface printer found \(open.count) open classes")
        let missing = open.subtracting(listed).subtracting(["NSObject"])
        #expect(missing.isEmpty, "open classes of this toolchain's Foundation the audit does not refuse as superclasses: \(missing.sorted())")
    }
}
