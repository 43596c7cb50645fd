import TutorTerminal

/// What went wrong with a command line. Each message names the word at fault and, where
/// one is close, the valid spelling.
public enum UsageError: UserFacingError, Equatable {
    case unknownCommand(String, suggestion: String?, parent: String)
    case unknownOption(String, suggestion: String?, command: String)
    case missingValue(option: String, valueName: String)
    case invalidChoice(option: String, value: String, choices: [String], suggestion: String?)
    case unexpectedValue(option: String)
    case missingArgument(name: String, command: String)
    case unexpectedArgument(String, command: String)
    case invalidValue(option: String, value: String, reason: String)

    /// One line, whatever bytes the words it quotes hold.
    public var message: String { MessageText.escaped(text) }

    private var text: String {
        switch self {
        case let .unknownCommand(word, suggestion, parent):
            return "unknown command '\(MessageText.excerpt(word))'" + didYouMean(suggestion) + "; see '\(parent) --help'"
        case let .unknownOption(word, suggestion, command):
            return "unknown option '\(MessageText.excerpt(word))'" + didYouMean(suggestion.map { "--" + $0 }) + "; see '\(command) --help'"
        case let .missingValue(option, valueName):
            return "option '--\(option)' needs a value (\(valueName))"
        case let .invalidChoice(option, value, choices, suggestion):
            return "'\(MessageText.excerpt(value))' is not a valid value for '--\(option)'" + didYouMean(suggestion)
                + "; choose one of: \(choices.joined(separator: ", "))"
        case let .unexpectedValue(option):
            return "flag '--\(option)' takes no value"
        case let .missingArgument(name, command):
            return "missing argument \(name); see '\(command) --help'"
        case let .unexpectedArgument(word, command):
            return "unexpected argument '\(MessageText.excerpt(word))'; see '\(command) --help'"
        case let .invalidValue(option, value, reason):
            return "invalid value '\(MessageText.excerpt(value))' for '--\(option)': \(reason)"
        }
    }

    public var exitCode: ExitCode { .usage }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}

/// The outcome of parsing: run a command, or show help or the version instead.
public enum ParseOutcome: Sendable, Equatable {
    case run(ParsedCommand)
    case help(path: [String])
    case version
}

/// Parses a command line against a tree of ``CommandSpec``s.
///
/// Handles subcommands, `--flag`, `--option value`, `--option=value`, `-x` short names,
/// `--` (everything after is positional) and positional arguments. `--help`/`-h` anywhere
/// asks for the help of the command reached so far; `--version` works at the root.
/// `globalOptions` are accepted by every command (`--course DIR`).
///
///     let parser = ArgumentParser(root: spec, globalOptions: [courseOption])
///     try parser.parse(["quiz", "--seed=7", "05"])
///     // .run(ParsedCommand(path: ["quiz"], positionals: ["05"], values: ["seed": ["7"]]))
public struct ArgumentParser: Sendable {
    /// The root command (the program itself).
    public let root: CommandSpec
    /// Options every command accepts.
    public let globalOptions: [OptionSpec]

    /// A parser for `root` and its subcommands.
    public init(root: CommandSpec, globalOptions: [OptionSpec] = []) {
        self.root = root
        self.globalOptions = globalOptions
    }

    /// Parses `arguments` (without the program name).
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        var command = root
        var parsed = ParsedCommand()
        var index = 0
        var onlyPositionals = false

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                if !onlyPositionals, parsed.positionals.isEmpty, !command.subcommands.isEmpty {
                    if let sub = command.subcommands.first(where: { $0.name == word }) {
                        command = sub
                        parsed.path.append(word)
                        continue
                    }
                    if word == "help", parsed.path.isEmpty {
                        return .help(path: Array(arguments[index...].prefix { !$0.hasPrefix("-") }))
                    }
                    if command.arguments.isEmpty {
                        throw .unknownCommand(
                            word,
                            suggestion: Suggestion.nearest(to: word, in: command.subcommands.map(\.name)),
                            parent: displayName(parsed.path)
                        )
                    }
                }
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "--help" || word == "-h" { return .help(path: parsed.path) }
            if word == "--version", parsed.path.isEmpty { return .version }

            let (spec, inlineValue) = try option(for: word, in: command, path: parsed.path)
            if spec.isFlag {
                if inlineValue != nil { throw .unexpectedValue(option: spec.name) }
                parsed.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, arguments[index] == "-" || !arguments[index].hasPrefix("-") || Double(arguments[index]) != nil {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: spec.name, valueName: spec.valueName ?? "VALUE")
            }
            if let choices = spec.choices, !choices.contains(value) {
                throw .invalidChoice(option: spec.name, value: value, choices: choices, suggestion: Suggestion.nearest(to: value, in: choices))
            }
            parsed.values[spec.name, default: []].append(value)
        }

        try checkPositionals(parsed.positionals, of: command, path: parsed.path)
        return .run(parsed)
    }

    /// The spec of the command at `path`, if there is one.
    public func command(at path: [String]) -> CommandSpec? {
        var command = root
        for word in path {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else { return nil }
            command = sub
        }
        return command
    }

    /// How the command at `path` is written on a command line (`cachetutor exercises start`).
    public func displayName(_ path: [String]) -> String {
        ([root.name] + path).joined(separator: " ")
    }

    private func option(for word: String, in command: CommandSpec, path: [String]) throws(UsageError) -> (OptionSpec, String?) {
        let candidates = command.options + globalOptions
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name: Substring
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                value = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            if let spec = candidates.first(where: { $0.name == name }) { return (spec, value) }
            throw .unknownOption(
                "--" + name,
                suggestion: Suggestion.nearest(to: String(name), in: candidates.map(\.name) + ["help"] + (path.isEmpty ? ["version"] : [])),
                command: displayName(path)
            )
        }
        let letters = word.dropFirst()
        if letters.count == 1, let spec = candidates.first(where: { $0.short == letters.first }) { return (spec, nil) }
        throw .unknownOption(word, suggestion: nil, command: displayName(path))
    }

    private func checkPositionals(_ positionals: [String], of command: CommandSpec, path: [String]) throws(UsageError) {
        let declared = command.arguments
        if let repeating = declared.last, repeating.isRepeating {
            let required = declared.filter { !$0.isOptional }.count
            if positionals.count < required {
                throw .missingArgument(name: declared[positionals.count].name, command: displayName(path))
            }
            return
        }
        if positionals.count > declared.count {
            if declared.isEmpty, !command.subcommands.isEmpty {
                let word = positionals[declared.count]
                throw .unknownCommand(word, suggestion: Suggestion.nearest(to: word, in: command.subcommands.map(\.name)), parent: displayName(path))
            }
            throw .unexpectedArgument(positionals[declared.count], command: displayName(path))
        }
        for (offset, argument) in declared.enumerated() where offset >= positionals.count && !argument.isOptional {
            throw .missingArgument(name: argument.name, command: displayName(path))
        }
    }
}
