import Foundation
import TutorCourse
import TutorProgress
import TutorQuiz
import TutorREPL
import TutorTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `cachetutor quiz`: take a lesson's quiz (or all of them), scored and explained; review
/// what was missed; check quiz files; export them as JSON; show past attempts.
///
///     $ cachetutor quiz eviction              # lesson 5's quiz, one question at a time
///     $ cachetutor quiz review                # the missed questions that are due again
///     $ printf 'b\na,c\n' | cachetutor quiz 5 # answers from a pipe
///     $ cachetutor quiz --lint Quizzes/       # errors exit 65
///     $ cachetutor quiz --export json Quizzes/05-eviction.gift
enum QuizCommand: Command {
    static let spec = CommandSpec(
        name: "quiz",
        abstract: "Take a lesson's quiz (or all of them), scored and explained.",
        discussion: """
            Answer multiple choice with a letter (b), several answers with letters (a,c), true/false with t or f, \
            short answers with text, numerical questions with a number, and matching with one letter per item \
            in order (c a b) or numbered (1c 2a 3b). Questions and choices are shuffled, with a new seed each \
            attempt (saved with it; --seed N repeats an order, --no-shuffle keeps the file's order). Each answer \
            is explained at once; the end shows the score with partial credit and a review of what you missed. \
            Ctrl-D ends early with the score so far. Attempts are saved in your progress (see --history). \
            'quiz review' asks again the questions you missed or got partly right, each when its Leitner box \
            is due (box 1 at once, then 1, 3, 7 and 21 days after a right answer); 'quiz review --all' mixes in \
            questions from every lesson you have opened. With --lint, errors (a question that cannot be scored \
            as meant) exit 65 and warnings (missing feedback, right answers crowded into one position, choices \
            repeated across questions, portability) exit 0 unless --strict.
            """,
        arguments: [ArgumentSpec(name: "QUIZ", help: "A lesson's quiz by number (5), slug (eviction) or stem, 'all', or 'review'; with --lint or --export, .gift files or folders.", isOptional: true, isRepeating: true)],
        options: [
            .flag("shuffle", help: "Shuffle the questions and the choices of each question (the default)."),
            .flag("no-shuffle", help: "Keep the file's order of questions and choices, for authors checking a quiz."),
            OptionSpec(name: "seed", valueName: "N", help: "Seed of the shuffle: the same seed gives the same order."),
            .flag("all", help: "With 'review': also ask questions from every lesson you have opened."),
            .flag("history", help: "Show past quiz attempts (of QUIZ, if given)."),
            .flag("lint", help: "Check quiz files (default: the course's Quizzes/) for errors and warnings."),
            .flag("strict", help: "With --lint, treat warnings as errors."),
            OptionSpec(name: "export", valueName: "FORMAT", help: "Print a quiz file parsed, as gift-pegjs JSON.", choices: ["json"]),
        ],
        examples: [
            "cachetutor quiz eviction",
            "cachetutor quiz all --seed 7",
            "cachetutor quiz review --all",
            "printf 'b\\nt\\n' | cachetutor quiz 1",
            "cachetutor quiz --lint Quizzes/",
            "cachetutor quiz --export json Quizzes/05-eviction.gift",
            "cachetutor quiz --history",
        ]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        try refuseMixedModes(parsed)
        if parsed.flag("lint") { return try lint(parsed, in: context) }
        if parsed.value("export") != nil { return try export(parsed, in: context) }
        if parsed.flag("history") { return try history(parsed, in: context) }
        let reviewing = parsed.positionals.first == "review"
        if parsed.flag("all"), !reviewing { throw QuizCommandError.allOutsideReview }
        guard !parsed.positionals.isEmpty else { return try listQuizzes(parsed, in: context) }

        var options = try sessionOptions(parsed, in: context)
        // A fresh seed is said once there is something to take, never before an error.
        let announce = parsed.value("seed") == nil && !parsed.flag("no-shuffle")
        // A reader that stops early (`| head`) must not kill the process before the attempt is saved.
        signal(SIGPIPE, SIG_IGN)
        let interactive = context.terminal.isInteractive
        let terminalReader = context.terminal.makeReader(nil)
        defer { terminalReader.close() }
        let reader = terminalReader.lines
        options.echoAnswers = !interactive
        if reviewing {
            guard parsed.positionals.count == 1 else { throw QuizCommandError.reviewTakesNoQuiz }
            return try review(all: parsed.flag("all"), reader: reader, options: options, announceSeed: announce, course: try context.course(parsed), context: context)
        }
        try takeQuizzes(named: parsed.positionals, reader: reader, options: options, announceSeed: announce, course: try context.course(parsed), context: context)
        return .success
    }

    /// Shuffled by default with a fresh seed (which ``announce(seed:console:)`` prints, so the
    /// order can be had again); `--seed` picks the seed, `--no-shuffle` keeps the files' order.
    static func sessionOptions(_ parsed: ParsedCommand, in context: CommandContext) throws -> QuizSession.Options {
        if parsed.flag("no-shuffle") {
            guard !parsed.flag("shuffle"), parsed.value("seed") == nil else { throw QuizCommandError.shuffleConflict }
            return QuizSession.Options(shuffle: false)
        }
        if let seed = parsed.value("seed") {
            guard let value = UInt64(seed) else { throw QuizCommandError.badSeed(seed) }
            return QuizSession.Options(seed: value)
        }
        return QuizSession.Options(seed: freshSeed())
    }

    /// Says which seed shuffled this attempt and how to have its order again.
    static func announce(seed: UInt64, console: Console) {
        console.line(console.style.paint("Shuffled with seed \(seed) (add --seed \(seed) to get this order again).", .dim))
    }

    /// A seed for one attempt: short enough to type back after `--seed`.
    static func freshSeed() -> UInt64 {
        UInt64.random(in: 0...999_999)
    }

    /// Takes the quiz `name` (or `all`) with `reader`, then saves the results: the code
    /// behind the `quiz` command inside `cachetutor learn`.
    static func takeQuiz(named name: String, reader: any LineReader, options: QuizSession.Options, course: CourseLocation, context: CommandContext) throws {
        try takeQuizzes(named: [name], reader: reader, options: options, course: course, context: context)
    }

    /// Takes the quizzes `names` (each a lesson's quiz or `all`) in one session, each quiz
    /// once however often it is named, then saves the results.
    static func takeQuizzes(named names: [String], reader: any LineReader, options: QuizSession.Options, announceSeed: Bool = false,
                            course: CourseLocation, context: CommandContext) throws {
        let console = context.console
        let catalog = try QuizCatalog(folder: course.quizzes, displayPath: display(course.quizzes, in: context))
        var seen = Set<String>()
        let entries = try names.flatMap { try catalog.entries(for: $0) }.filter { seen.insert($0.name).inserted }
        let quizzes = try entries.map { entry in
            Quiz(name: entry.name, questions: try GIFTParser.parseFile(at: entry.url, displayPath: display(entry.url, in: context)).questions)
        }.filter { !$0.questions.isEmpty }
        guard !quizzes.isEmpty else { throw QuizCommandError.emptyQuiz(names.joined(separator: " ")) }

        if announceSeed { announce(seed: options.seed, console: console) }
        let total = quizzes.map(\.questions.count).reduce(0, +)
        let what = quizzes.count == 1 ? "Quiz \(quizzes[0].name)" : "\(quizzes.count) quizzes"
        console.line(console.style.paint("\(what): \(total) question\(total == 1 ? "" : "s"). Ctrl-D ends early with the score so far.", .bold))
        console.line()
        let results = QuizSession(quizzes: quizzes, reader: reader, console: console, options: options).run()
        QuizAttemptSaver.save(results, environment: context.environment, console: console)
    }

    /// `cachetutor quiz` with nothing to take: what there is, and how to take one.
    static func listQuizzes(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let course = try context.course(parsed)
        let catalog = try QuizCatalog(folder: course.quizzes, displayPath: display(course.quizzes, in: context))
        let console = context.console
        let store = try? ProgressStore.openIfPresent(environment: context.environment) { console.warning($0) }
        let attempts = (try? store?.quizAttempts()) ?? []
        console.line(console.style.paint("Quizzes:", .bold))
        let width = catalog.entries.map(\.name.count).max() ?? 0
        for entry in catalog.entries {
            var line = "  \(TextWrapper.pad(entry.name, to: width))  "
            if let questions = try? GIFTParser.parseFile(at: entry.url, displayPath: entry.name).questions {
                let count = questions.filter { $0.kind != .description }.count
                line += TextWrapper.pad("\(count) question\(count == 1 ? "" : "s")", to: 12)
            } else {
                line += "does not parse (see --lint)"
            }
            let complete = attempts.filter { $0.quiz == entry.name && $0.completed && $0.maxScore > 0 }
            if let best = complete.map({ $0.score / $0.maxScore }).max() {
                line += "  best \(Int((best * 100).rounded()))%"
            }
            console.line(line)
        }
        console.line()
        console.line("Take one with 'cachetutor quiz \(catalog.entries.first?.number.map(String.init) ?? "NAME")', or every one with 'cachetutor quiz all'.")
        return .success
    }

    static func lint(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        var targets: [(url: URL, shown: String)] = parsed.positionals.map { (context.resolve($0), $0) }
        if targets.isEmpty {
            let course = try context.course(parsed)
            targets = [(course.quizzes, display(course.quizzes, in: context))]
        }
        var files: [(url: URL, shown: String)] = []
        for target in targets {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target.url.path, isDirectory: &isDirectory) else {
                throw QuizFileError.unreadable(path: target.shown, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: target.url.path)) ?? []
                let gift = names.filter { $0.hasSuffix(".gift") && !$0.hasPrefix(".") }.sorted()
                guard !gift.isEmpty else { throw QuizFileError.noQuizFiles(path: target.shown) }
                let base = target.shown.hasSuffix("/") ? target.shown : target.shown + "/"
                files += gift.map { (target.url.appendingPathComponent($0), base + $0) }
            } else {
                files.append(target)
            }
        }
        let parsedFiles = try files.map { file in
            (path: file.shown, result: try GIFTParser.parseFileCollectingErrors(at: file.url, displayPath: file.shown))
        }
        let findings = GIFTLinter.lint(parsedFiles)
        let console = context.console
        for finding in findings {
            let label = finding.severity == .error ? console.style.paint("error:", .red, .bold) : console.style.paint("warning:", .yellow, .bold)
            console.line("\(finding.file):\(finding.location.line):\(finding.location.column): \(label) \(finding.message)")
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let questions = parsedFiles.map { $0.result.document.questions.count }.reduce(0, +)
        console.line("\(parsedFiles.count) file\(parsedFiles.count == 1 ? "" : "s"), \(questions) question\(questions == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return errors > 0 || (parsed.flag("strict") && warnings > 0) ? .dataError : .success
    }

    static func export(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        guard parsed.positionals.count == 1, let target = parsed.positionals.first else {
            throw QuizCommandError.exportNeedsOneFile
        }
        var url = context.resolve(target)
        var shown = target
        if !FileManager.default.fileExists(atPath: url.path), !target.contains("/"), !target.hasSuffix(".gift") {
            let course = try context.course(parsed)
            let catalog = try QuizCatalog(folder: course.quizzes, displayPath: display(course.quizzes, in: context))
            if let entry = try catalog.entries(for: target).first {
                url = entry.url
                shown = display(entry.url, in: context)
            }
        }
        let document = try GIFTParser.parseFile(at: url, displayPath: shown)
        context.console.line(GIFTJSONEncoder.encode(document).serialized())
        return .success
    }

    static func history(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        var quiz: String?
        if let name = parsed.positionals.first {
            let course = try context.course(parsed)
            let catalog = try QuizCatalog(folder: course.quizzes, displayPath: display(course.quizzes, in: context))
            let entries = try catalog.entries(for: name)
            quiz = entries.count == 1 ? entries[0].name : nil
        }
        let console = context.console
        let attempts = try ProgressStore.openIfPresent(environment: context.environment) { console.warning($0) }?.quizAttempts(quiz: quiz) ?? []
        for line in QuizHistoryFormatter.lines(attempts, quiz: quiz, style: console.style) { console.line(line) }
        return .success
    }

    /// `url` as the user would name it: relative to the working directory when inside it.
    static func display(_ url: URL, in context: CommandContext) -> String {
        let base = context.workingDirectory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}

/// Wrong uses of `cachetutor quiz` beyond what the argument parser catches.
extension QuizCommand {
    /// `--lint`, `--export`, `--history` and taking a quiz are four different jobs: asking
    /// for two at once is refused rather than settled by whichever flag happens to win.
    static func refuseMixedModes(_ parsed: ParsedCommand) throws {
        let modes = [("--lint", parsed.flag("lint")), ("--export", parsed.value("export") != nil), ("--history", parsed.flag("history"))]
            .filter(\.1).map(\.0)
        if modes.count > 1 { throw QuizCommandError.modesConflict(modes) }
        let sessionOptions = ["--seed": parsed.value("seed") != nil, "--shuffle": parsed.flag("shuffle"), "--no-shuffle": parsed.flag("no-shuffle"), "--all": parsed.flag("all")]
            .filter(\.value).map(\.key).sorted()
        if let mode = modes.first, let option = sessionOptions.first { throw QuizCommandError.modesConflict([mode, option]) }
        if parsed.flag("strict"), !parsed.flag("lint") { throw QuizCommandError.modesConflict(["--strict without --lint"]) }
    }
}

enum QuizCommandError: UserFacingError {
    case badSeed(String)
    case exportNeedsOneFile
    case emptyQuiz(String)
    case shuffleConflict
    case allOutsideReview
    case reviewTakesNoQuiz
    case modesConflict([String])

    var message: String {
        switch self {
        case let .badSeed(seed): return "--seed '\(seed)' is not a whole number from 0 to 18446744073709551615"
        case .exportNeedsOneFile: return "--export json takes one quiz file, e.g. 'cachetutor quiz --export json Quizzes/05-eviction.gift'"
        case let .emptyQuiz(name): return "quiz '\(name)' has no questions"
        case .shuffleConflict: return "--no-shuffle keeps the file's order, so it cannot go with --shuffle or --seed"
        case .allOutsideReview: return "--all mixes lessons into a review; use it as 'cachetutor quiz review --all' (every quiz at once is 'cachetutor quiz all')"
        case .reviewTakesNoQuiz: return "'quiz review' reviews every quiz at once; drop the quiz names after it, or take a quiz with 'cachetutor quiz NAME'"
        case let .modesConflict(options) where options.count == 1:
            return "\(options[0]): --strict only changes what --lint reports"
        case let .modesConflict(options):
            return "\(options.joined(separator: " and ")) do different jobs (check quiz files, print one as JSON, show past attempts, or take a quiz); give one at a time"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .badSeed, .exportNeedsOneFile, .shuffleConflict, .allOutsideReview, .reviewTakesNoQuiz, .modesConflict: return .usage
        case .emptyQuiz: return .dataError
        }
    }
}
