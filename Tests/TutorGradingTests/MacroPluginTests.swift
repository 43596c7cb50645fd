import Foundation
import Testing
@testable import TutorGrading

/// The compiler a learner's file meets has no macro plugin: a macro's expansion is code no
/// check of the file's text can read, and the standard library's own `_SwiftifyImportProtocol`
/// pastes a string argument in as code (red team, fixture 59).
@Suite(.enabled(if: (try? Toolchain.locate(environment: ProcessInfo.processInfo.environment)) != nil))
struct MacroPluginTests {
    let toolchain = try! Toolchain.locate(environment: ProcessInfo.processInfo.environment)

    /// `unsafe` written inside the macro's `count:` string: as a string literal it passes
    /// every reading of the file, and only the expansion holds the code.
    static let smuggled = """
        @Swift._SwiftifyImportProtocol(.method(signature: "func g(_ p: UnsafePointer<UInt8>, _ n: Int)", paramInfo: [.countedBy(pointer: .param(1), count: "{ () -> Int in _ = unsafe UnsafeRawPointer(bitPattern: n); return 1 }()"), .nonescaping(pointer: .param(1))]))
        protocol Peeker { func g(_ p: UnsafePointer<UInt8>, _ n: Int) }
        """

    private func typecheck(_ source: String, extra: [String]) throws -> ProcessOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("macro-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Submission.swift")
        try Data(source.utf8).write(to: file)
        let flags = HarnessBuilder.submissionFlags.filter { $0 != "-c" } + ["-typecheck"]
        return try PosixProcessRunner().run(ProcessRequest(
            executable: toolchain.swiftc.path,
            arguments: flags + extra + [file.path, "-module-cache-path", folder.appendingPathComponent("cache").path],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder.path
        ))
    }

    @Test func theToolchainsPluginsAreFound() {
        #expect(toolchain.macroPluginModules.contains("SwiftMacros"), "\(toolchain.macroPluginModules)")
    }

    @Test func aMacroCarryingUnsafeCodeCompilesWithThePluginsAndNotWithout() throws {
        let withPlugins = try typecheck(Self.smuggled, extra: [])
        #expect(withPlugins.termination == .exited(0), "the standard library's macro no longer carries the code: \(withPlugins.outputText)")
        let without = try typecheck(Self.smuggled, extra: toolchain.withoutMacroPlugins)
        #expect(without.termination != .exited(0))
        #expect(without.outputText.contains("external macro implementation type"), "\(without.outputText)")
    }

    @Test func aFileWithoutMacrosStillCompiles() throws {
        let plain = try typecheck("final class Box { var value = #line }\nfunc name() -> String { #function }\n", extra: toolchain.withoutMacroPlugins)
        #expect(plain.termination == .exited(0), "\(plain.outputText)")
    }
}
