import TutorTerminal

/// What can go wrong when grading a class, each with a message naming the file.
public enum GradebookError: UserFacingError, Equatable {
    /// The class folder does not exist.
    case folderMissing(String)
    /// The path given as the class folder is a file.
    case notAFolder(String)
    /// The class folder could not be listed.
    case folderUnreadable(String, reason: String)
    /// No submission was found in the class folder.
    case noSubmissions(String, skipped: Int)
    /// A line of the weights file is malformed.
    case badWeights(file: String, line: Int, problem: String)
    /// The weights file names a test the exercise does not have.
    case unknownWeightedTest(file: String, line: Int, name: String, suggestion: String?)
    /// A file given on the command line is missing or unreadable.
    case unreadable(String)
    /// `--shard` is not of the form `I/N`.
    case badShard(String)
    /// The folder given to `--tests` holds no Swift file.
    case noExtraTests(String)
    /// The gradebook file is damaged or belongs to another program.
    case badGradebook(file: String, problem: String)
    /// A file given to `--merge` holds no finished grading run.
    case nothingToMerge(String)
    /// A report could not be written.
    case cannotWrite(String, reason: String)
    /// A line of an instructor's input file (roster, extensions, timestamps) is malformed.
    case badInputFile(file: String, line: Int, problem: String)
    /// A command-line value (a deadline, a penalty, an adjustment) cannot be read.
    case badOptionValue(option: String, value: String, problem: String)
    /// A student named on the command line is not in the class or the gradebook.
    case unknownStudent(option: String, name: String, suggestion: String?)
    /// The gradebook asked to report on does not exist.
    case noGradebook(String)
    /// A Canvas or Moodle file would not import as meant.
    case lmsExportRejected(format: String, problem: String)
    /// The exercise was scored with extra tests that can no longer be read as they were.
    case keptExtraTestsMissing(exercise: String, from: String)

    /// One line naming the file (and line) or option and what is wrong, with whatever it
    /// quotes of a file or a command line made safe for a terminal.
    public var message: String { MessageText.escaped(text) }

    private var text: String {
        switch self {
        case let .folderMissing(path): "\(path): no such folder"
        case let .notAFolder(path): "\(path): is a file; give the folder that holds the class's submissions"
        case let .folderUnreadable(path, reason): "\(path): cannot read the folder (\(reason))"
        case let .noSubmissions(path, skipped): "\(path): no submissions found (\(skipped) \(skipped == 1 ? "entry" : "entries") skipped; expected alice.swift or alice/ThumbnailCache.swift per student)"
        case let .badWeights(file, line, problem): "\(file):\(line): \(problem)"
        case let .unknownWeightedTest(file, line, name, suggestion):
            "\(file):\(line): no test named '\(MessageText.excerpt(name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .unreadable(path): "\(path): no such file or not readable"
        case let .badShard(text): "--shard '\(MessageText.excerpt(text))': expected I/N with 1 ≤ I ≤ N, e.g. --shard 2/8"
        case let .noExtraTests(path): "\(path): no Swift test files in the folder given to --tests"
        case let .badGradebook(file, problem): "\(file): \(problem)"
        case let .nothingToMerge(file): "\(file): holds no finished grading run to merge"
        case let .cannotWrite(path, reason): "\(path): cannot write the report (\(reason))"
        case let .badInputFile(file, line, problem): "\(file):\(line): \(problem)"
        case let .badOptionValue(option, value, problem): "--\(option) '\(MessageText.excerpt(value))': \(problem)"
        case let .unknownStudent(option, name, suggestion):
            "--\(option): no student '\(MessageText.excerpt(name))' in this class" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .noGradebook(path): "\(path): no such gradebook; grade a class first, or give --gradebook FILE"
        case let .lmsExportRejected(format, problem): "the \(format) file would not import as meant: \(problem)"
        case let .keptExtraTestsMissing(exercise, from):
            "\(exercise) was scored with extra tests from \(from); give --tests DIR to grade with those (or others), or --tests none to grade without them"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .folderMissing, .folderUnreadable, .unreadable, .noGradebook: .noInput
        case .notAFolder, .noSubmissions, .badWeights, .unknownWeightedTest, .noExtraTests, .badGradebook, .nothingToMerge, .badInputFile, .lmsExportRejected, .keptExtraTestsMissing: .dataError
        case .badShard, .badOptionValue, .unknownStudent: .usage
        case .cannotWrite: .cannotCreate
        }
    }
}
