@testable import TutorCommands
import TutorTerminal

/// The command line, against the real command tree: the input is split at NUL into
/// arguments. A refusal is a usage error (exit status 64) in one clean line; help asked
/// for anywhere prints; and a command line that parses names a command that exists, with
/// only options that command accepts and values from their choices.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let arguments = FuzzInput.words(FuzzInput.bytes(start, count))
    let parser = Cachetutor.parser
    let help = HelpFormatter(parser: parser, style: TerminalStyle(colorEnabled: false, width: 80))
    do {
        switch try parser.parse(arguments) {
        case let .run(parsed):
            guard let command = parser.command(at: parsed.path) else {
                FuzzCheck.expect(false, "parsed to the command \(parsed.path), which does not exist")
                return 0
            }
            let options = command.options + parser.globalOptions
            for name in parsed.flags {
                FuzzCheck.expect(options.contains { $0.name == name && $0.isFlag }, "the flag --\(name) is not one of \(parsed.path)")
            }
            for (name, values) in parsed.values {
                guard let option = options.first(where: { $0.name == name && !$0.isFlag }) else {
                    FuzzCheck.expect(false, "the option --\(name) is not one of \(parsed.path)")
                    continue
                }
                if let choices = option.choices {
                    FuzzCheck.expect(values.allSatisfy(choices.contains), "--\(name) took \(values), not one of \(choices)")
                }
            }
            _ = help.help(for: parsed.path)
        case let .help(path):
            _ = help.help(for: path)
        case .version:
            break
        }
    } catch {
        FuzzCheck.expect(error.exitCode == .usage, "exit status \(error.exitCode) for a bad command line")
        FuzzCheck.cleanMessage(error.message, from: "command line")
    }
    return 0
}
