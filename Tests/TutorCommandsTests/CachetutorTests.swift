import Foundation
import Testing
@testable import TutorCommands
import TutorTerminal

@Suite struct CachetutorTests {
    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let context = CommandContext(console: console, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        return (Cachetutor.main(arguments, context: context), output)
    }

    @Test func helpListsEveryCommandWithAnExample() {
        let (code, output) = run(["--help"])
        #expect(code == .success)
        for command in Cachetutor.commands {
            #expect(output.out.contains(command.spec.name))
            #expect(!command.spec.examples.isEmpty, "\(command.spec.name) has no example")
            #expect(output.out.contains("$ " + command.spec.examples[0]))
        }
    }

    @Test func everyCommandHasHelp() {
        for command in Cachetutor.commands {
            let (code, output) = run([command.spec.name, "--help"])
            #expect(code == .success)
            #expect(output.out.contains("USAGE: cachetutor \(command.spec.name)"))
        }
    }

    @Test func versionPrintsTheVersion() {
        let (code, output) = run(["--version"])
        #expect(code == .success)
        #expect(output.out == "cachetutor \(Cachetutor.version)\n")
    }

    @Test func unknownCommandExits64WithASuggestion() {
        let (code, output) = run(["lern"])
        #expect(code == .usage)
        #expect(output.err.contains("did you mean 'learn'?"))
        #expect(output.out.isEmpty)
    }

    @Test func noCommandShowsHelpAndExits64() {
        let (code, output) = run([])
        #expect(code == .usage)
        #expect(output.out.contains("COMMANDS:"))
    }
}
