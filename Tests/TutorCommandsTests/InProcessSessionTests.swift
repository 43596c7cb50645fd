import Foundation
import Testing
@testable import TutorCommands
import TutorTerminal
import TutorTestSupport

/// `learn` and `quiz` run in process through a scripted terminal, not only through tmux.
@Suite struct InProcessSessionTests {
    func run(_ arguments: [String], typing lines: [String], interactive: Bool = false) throws -> (ExitCode, CapturedOutput, [String]) {
        let home = try TemporaryCourse.folder("in-process-home")
        let reader = TerminalSeam.Reader(ScriptedLineReader(lines))
        let terminal = TerminalSeam(isInteractive: interactive, rows: { interactive ? 40 : nil }, makeReader: { _ in reader })
        let (console, output) = Console.capture(width: 80)
        let context = CommandContext(console: console, environment: ["CACHETUTOR_HOME": home.path], workingDirectory: PackageRoot.url, terminal: terminal)
        let code = Cachetutor.main(arguments, context: context)
        return (code, output, (reader.lines as? ScriptedLineReader)?.prompts ?? [])
    }

    @Test func learnReadsItsCommandsFromTheTerminalItIsGiven() throws {
        let (code, output, prompts) = try run(["learn", "3"], typing: ["next", "where", "quit"])
        #expect(code == .success)
        #expect(output.out.contains("Lesson 3 of "), "the course has more lessons than 3")
        #expect(output.out.contains("Page 2 of"))
        #expect(prompts.count == 3)
    }

    @Test func quizTakesItsAnswersFromTheTerminalItIsGiven() throws {
        let (code, output, _) = try run(["quiz", "1", "--no-shuffle"], typing: Array(repeating: "a", count: 20))
        #expect(code == .success)
        #expect(output.out.contains("Score"), "\(output.out.suffix(400))")
    }
}
