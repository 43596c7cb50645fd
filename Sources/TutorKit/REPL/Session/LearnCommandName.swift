/// The REPL's own commands (the playground's come from TutorPlayground), with their
/// short aliases and the text `help` shows.
public enum LearnCommandName: String, CaseIterable, Sendable {
    case next, back, page, lessons, open, `where`, hint, skip, retry, run, edit, resetExample = "reset-example", quiz, check, watch, progress, reset, help, quit

    /// Other spellings that run the same command.
    public var aliases: [String] {
        switch self {
        case .next: return ["n"]
        case .back: return ["b", "prev"]
        case .page: return ["p"]
        case .lessons: return ["ls"]
        case .open: return ["o"]
        case .where: return ["w"]
        case .hint: return ["h"]
        case .skip: return []
        case .retry: return []
        case .quiz: return []
        case .check: return []
        case .watch: return []
        case .run, .edit, .resetExample: return []
        case .progress: return []
        case .reset: return []
        case .help: return ["?"]
        case .quit: return ["q", "exit"]
        }
    }

    /// How to type it.
    public var usage: String {
        switch self {
        case .next: return "next (or just Enter)"
        case .page: return "page N"
        case .open: return "open LESSON"
        case .quiz: return "quiz [--no-shuffle]"
        case .check: return "check [--verbose] [FILE]"
        case .watch: return "watch [FILE]"
        case .reset: return "reset [LESSON] [--yes]"
        case .help: return "help [COMMAND]"
        default: return rawValue
        }
    }

    /// Whether words may follow the command.
    public var takesArguments: Bool {
        switch self {
        case .page, .open, .quiz, .check, .watch, .reset, .help: return true
        default: return false
        }
    }

    /// One line for `help`.
    public var summary: String {
        switch self {
        case .next: return "the next page (after the last page, the next lesson)"
        case .back: return "the page before"
        case .page: return "jump to page N of this lesson"
        case .lessons: return "list the lessons and how far you got in each"
        case .open: return "open a lesson by number, name or id (5, eviction, 05-eviction)"
        case .where: return "which lesson and page you are on, and the lesson's goal"
        case .hint: return "a hint for the try-it step or the page, one at a time"
        case .skip: return "leave the try-it step undone and go on"
        case .retry: return "start the try-it step again from its setup"
        case .run: return "compile and run the page's Swift example (or your edited version) in the sandbox"
        case .edit: return "edit your own copy of the page's example ($VISUAL or $EDITOR, else typed here)"
        case .resetExample: return "forget your edited copy; 'run' runs the page's example again"
        case .quiz: return "take this lesson's quiz here, choices shuffled (--no-shuffle: the file's order)"
        case .check: return "check your exercise file against the hidden tests (default exercises/NAME.swift); one screen, --verbose for every test"
        case .watch: return "check again on every save of the file, until Enter brings you back here"
        case .progress: return "a summary of your progress in every lesson"
        case .reset: return "forget your progress in a lesson (default: this one); asks first unless --yes"
        case .help: return "this list, or more about one command"
        case .quit: return "save your place and leave (Ctrl-D does the same)"
        }
    }

    /// More than the summary, where a command has more to say, for `help COMMAND`.
    public var details: String? {
        switch self {
        case .reset:
            return "In a terminal, reset asks before it forgets anything. When input is not a terminal it never asks, because the answer would be the script's next command: it resets nothing unless --yes is given, as in: printf 'reset 3 --yes\\nquit\\n' | cachetutor learn"
        default: return nil
        }
    }

    /// The command `word` names, by name or alias.
    public init?(word: String) {
        let lowered = word.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue == lowered || $0.aliases.contains(lowered) }) else { return nil }
        self = found
    }

    /// Every name and alias, for completion and suggestions.
    public static var allSpellings: [String] { allCases.flatMap { [$0.rawValue] + $0.aliases } }
}
