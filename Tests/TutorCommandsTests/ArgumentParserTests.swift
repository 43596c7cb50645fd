import Testing
@testable import TutorCommands

@Suite struct ArgumentParserTests {
    static let root = CommandSpec(
        name: "tool",
        abstract: "a test tool.",
        subcommands: [
            CommandSpec(
                name: "quiz",
                abstract: "take a quiz.",
                arguments: [ArgumentSpec(name: "LESSON", help: "which", isOptional: true)],
                options: [
                    .flag("shuffle", help: "shuffle"),
                    OptionSpec(name: "seed", valueName: "N", help: "seed"),
                    OptionSpec(name: "format", short: "f", valueName: "FORMAT", help: "format", choices: ["text", "json"]),
                ]
            ),
            CommandSpec(
                name: "exercises",
                abstract: "exercises.",
                subcommands: [
                    CommandSpec(name: "start", abstract: "start one.", arguments: [ArgumentSpec(name: "NAME", help: "name")]),
                ]
            ),
            CommandSpec(
                name: "grade",
                abstract: "grade.",
                arguments: [ArgumentSpec(name: "RESULTS", help: "files", isOptional: true, isRepeating: true)],
                options: [OptionSpec(name: "tests", valueName: "DIR", help: "extra", isRepeating: true)]
            ),
        ]
    )
    let parser = ArgumentParser(root: root, globalOptions: [OptionSpec(name: "course", valueName: "DIR", help: "course")])

    @Test func parsesFlagsOptionsAndPositionals() throws {
        let outcome = try parser.parse(["quiz", "--shuffle", "--seed", "7", "05"])
        #expect(outcome == .run(ParsedCommand(path: ["quiz"], positionals: ["05"], values: ["seed": ["7"]], flags: ["shuffle"])))
    }

    @Test func acceptsEqualsSyntaxShortNamesAndGlobals() throws {
        guard case let .run(parsed) = try parser.parse(["quiz", "--seed=42", "-f", "json", "--course", "c"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(parsed.value("seed") == "42")
        #expect(parsed.value("format") == "json")
        #expect(parsed.value("course") == "c")
    }

    @Test func doubleDashMakesTheRestPositional() throws {
        guard case let .run(parsed) = try parser.parse(["quiz", "--", "--shuffle"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(parsed.positionals == ["--shuffle"])
        #expect(!parsed.flag("shuffle"))
    }

    @Test func negativeNumbersAreValues() throws {
        guard case let .run(parsed) = try parser.parse(["quiz", "--seed", "-3"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(parsed.value("seed") == "-3")
    }

    @Test func nestedSubcommands() throws {
        #expect(try parser.parse(["exercises", "start", "ThumbnailCache"]) == .run(ParsedCommand(path: ["exercises", "start"], positionals: ["ThumbnailCache"])))
    }

    @Test func repeatingArgumentsAndOptions() throws {
        guard case let .run(parsed) = try parser.parse(["grade", "a.db", "b.db", "--tests", "x", "--tests=y"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(parsed.positionals == ["a.db", "b.db"])
        #expect(parsed.allValues("tests") == ["x", "y"])
    }

    @Test func helpAndVersion() throws {
        #expect(try parser.parse(["--version"]) == .version)
        #expect(try parser.parse(["quiz", "--help"]) == .help(path: ["quiz"]))
        #expect(try parser.parse(["exercises", "start", "-h"]) == .help(path: ["exercises", "start"]))
        #expect(try parser.parse(["help", "quiz"]) == .help(path: ["quiz"]))
    }

    @Test func unknownCommandSuggestsTheNearest() {
        #expect(throws: UsageError.unknownCommand("quz", suggestion: "quiz", parent: "tool")) {
            try parser.parse(["quz"])
        }
    }

    /// Found by the fuzzer: a word from the command line was quoted raw, newline and all.
    @Test func aQuotedWordIsEscapedAndShort() {
        do {
            _ = try parser.parse(["\n\u{1B}[2J" + String(repeating: "z", count: 500)])
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("unknown command '\\n\\u{1B}[2Jzzz"))
            #expect(error.message.contains("…'"))
            #expect(error.message.count < 200)
        }
    }

    @Test func unknownOptionSuggestsTheNearest() {
        #expect(throws: UsageError.unknownOption("--shufle", suggestion: "shuffle", command: "tool quiz")) {
            try parser.parse(["quiz", "--shufle"])
        }
    }

    @Test func aMisspelledVersionFlagIsSuggestedAtTheTop() {
        #expect(throws: UsageError.unknownOption("--verison", suggestion: "version", command: "tool")) {
            try parser.parse(["--verison"])
        }
        #expect(throws: UsageError.unknownOption("--verison", suggestion: nil, command: "tool quiz")) {
            try parser.parse(["quiz", "--verison"])
        }
    }

    @Test func badValuesAreUsageErrors() {
        #expect(throws: UsageError.missingValue(option: "seed", valueName: "N")) { try parser.parse(["quiz", "--seed"]) }
        #expect(throws: UsageError.invalidChoice(option: "format", value: "jsn", choices: ["text", "json"], suggestion: "json")) {
            try parser.parse(["quiz", "--format", "jsn"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "shuffle")) { try parser.parse(["quiz", "--shuffle=yes"]) }
        #expect(throws: UsageError.missingArgument(name: "NAME", command: "tool exercises start")) { try parser.parse(["exercises", "start"]) }
        #expect(throws: UsageError.unexpectedArgument("b", command: "tool quiz")) { try parser.parse(["quiz", "a", "b"]) }
    }

    @Test func usageErrorsExitWith64() {
        #expect(UsageError.unexpectedValue(option: "x").exitCode == .usage)
        #expect(UsageError.unknownCommand("quz", suggestion: "quiz", parent: "tool").message == "unknown command 'quz' (did you mean 'quiz'?); see 'tool --help'")
    }
}
