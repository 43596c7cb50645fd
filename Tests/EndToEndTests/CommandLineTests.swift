import Foundation
import Testing

/// The command line as a user meets it: help, version, usage errors and exit codes.
@Suite struct CommandLineTests {
    let home: URL

    init() throws {
        home = try Cachetutor.temporaryFolder("cli")
    }

    @Test func helpListsTheCommands() throws {
        let result = try Cachetutor.run(["--help"], home: home)
        #expect(result.status == 0)
        for command in ["learn", "quiz", "check", "grade", "lessons", "exercises"] {
            #expect(result.stdout.contains("  \(command) "), "\(command) missing from --help")
        }
        #expect(!result.stdout.contains("\u{1B}["), "NO_COLOR output has escape codes")
    }

    @Test func versionPrintsAVersion() throws {
        let result = try Cachetutor.run(["--version"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("cachetutor "))
    }

    @Test func misspelledCommandExits64WithASuggestion() throws {
        let result = try Cachetutor.run(["chekc", "x.swift"], home: home)
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean 'check'?"))
    }

    @Test func unknownOptionExits64() throws {
        let result = try Cachetutor.run(["lessons", "--lnt"], home: home)
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '--lnt'"))
    }
}
