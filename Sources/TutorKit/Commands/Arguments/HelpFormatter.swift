import TutorTerminal

/// Renders the help text of a command from its ``CommandSpec``.
///
///     $ cachetutor quiz --help
///     cachetutor quiz: run a lesson's quiz in the terminal …
///
///     USAGE: cachetutor quiz [LESSON] [--shuffle] [--seed N]
///     …
public struct HelpFormatter: Sendable {
    /// The parser whose declarations are described.
    public let parser: ArgumentParser
    /// The styling of the stream the help goes to.
    public let style: TerminalStyle

    /// A formatter for `parser`'s commands, styled for `style`.
    public init(parser: ArgumentParser, style: TerminalStyle) {
        self.parser = parser
        self.style = style
    }

    /// The whole help text of the command at `path`, ending in a newline.
    public func help(for path: [String]) -> String {
        guard let command = parser.command(at: path) else { return help(for: []) }
        let name = parser.displayName(path)
        var out: [String] = []
        out += wrap("\(style.paint(name, .bold)): \(command.abstract)")
        if !command.discussion.isEmpty {
            out.append("")
            for paragraph in command.discussion.components(separatedBy: "\n\n") { out += wrap(paragraph) + [""] }
            out.removeLast()
        }
        out.append("")
        out += wrap(section("USAGE") + " " + usage(of: command, name: name), continuation: "         ")

        if !command.subcommands.isEmpty {
            out += ["", section("COMMANDS")]
            out += table(command.subcommands.map { ($0.name, $0.abstract) })
        }
        if !command.arguments.isEmpty {
            out += ["", section("ARGUMENTS")]
            out += table(command.arguments.map { ($0.name, $0.help) })
        }
        let options = command.options + parser.globalOptions
        out += ["", section("OPTIONS")]
        var rows = options.map { (optionLabel($0), $0.help + choicesNote($0)) }
        rows.append(("-h, --help", "Show help for this command."))
        if path.isEmpty { rows.append(("--version", "Show the version.")) }
        out += table(rows)

        let examples = command.examples + (path.isEmpty ? command.subcommands.flatMap { $0.examples.prefix(1) } : [])
        if !examples.isEmpty {
            out += ["", section("EXAMPLES")]
            out += examples.flatMap { TextWrapper.wrap($0, width: style.width, indent: "  $ ", continuationIndent: "      ") }
        }
        if !command.subcommands.isEmpty {
            out += [""] + wrap("See '\(name) COMMAND --help' for the options of each command.")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func section(_ title: String) -> String { style.paint(title + ":", .bold) }

    private func usage(of command: CommandSpec, name: String) -> String {
        var parts = [name]
        if !command.subcommands.isEmpty { parts.append(command.arguments.isEmpty ? "COMMAND" : "[COMMAND]") }
        for argument in command.arguments {
            let word = argument.name + (argument.isRepeating ? "…" : "")
            parts.append(argument.isOptional ? "[\(word)]" : word)
        }
        for option in command.options {
            parts.append("[" + (option.isFlag ? "--\(option.name)" : "--\(option.name) \(option.valueName!)") + "]")
        }
        return parts.joined(separator: " ")
    }

    private func optionLabel(_ option: OptionSpec) -> String {
        let long = option.isFlag ? "--\(option.name)" : "--\(option.name) \(option.valueName!)"
        return option.short.map { "-\($0), " + long } ?? long
    }

    private func choicesNote(_ option: OptionSpec) -> String {
        guard let choices = option.choices else { return "" }
        return " (" + choices.joined(separator: "|") + ")"
    }

    /// Labels and their text in two columns, or, when the text's column would be narrower
    /// than ``narrowestText``, each label on a line of its own with its text under it.
    private func table(_ rows: [(String, String)]) -> [String] {
        let labelWidth = min(28, (rows.map { TextWrapper.visibleWidth($0.0) }.max() ?? 0) + 2)
        if style.width - 2 - labelWidth < Self.narrowestText {
            return rows.flatMap { label, text in
                TextWrapper.wrap(label, width: style.width, indent: "  ", continuationIndent: "    ")
                    + TextWrapper.wrap(text, width: style.width, indent: "      ")
            }
        }
        let indent = String(repeating: " ", count: 2 + labelWidth)
        return rows.flatMap { label, text -> [String] in
            let head = "  " + label
            if TextWrapper.visibleWidth(head) + 1 > indent.count {
                return [head] + TextWrapper.wrap(text, width: style.width, indent: indent)
            }
            let lines = TextWrapper.wrap(text, width: style.width, indent: indent)
            return [TextWrapper.pad(head, to: indent.count) + lines[0].dropFirst(indent.count)] + lines.dropFirst()
        }
    }

    /// The narrowest column of text a two-column table keeps.
    static let narrowestText = 24

    private func wrap(_ text: String, continuation: String = "") -> [String] {
        TextWrapper.wrap(text, width: style.width, continuationIndent: continuation)
    }
}
