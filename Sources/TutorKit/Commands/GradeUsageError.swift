import TutorTerminal

/// A `grade` command line that cannot be run as written.
enum GradeUsageError: UserFacingError, Equatable {
    case missingFolder
    case severalFolders
    case badJobs(String)
    case badThreshold(String)
    case gradescopeNeedsOutput
    case visibilityNeedsGradescope
    case nothingToMerge
    case notWith(String, mode: String)
    case unknownExercise(String, known: [String], suggestion: String?)
    case severalModes([String])
    case notAReportFormat(String)
    case lmsNeedsRoster(String)
    case adjustNeedsReason
    case reasonNeedsAdjust
    case notWithAdjust(String)
    case oneExerciseToAdjust
    case oneExerciseToGrade
    case emptyOnly
    case onlyWithShard
    case whichExercise([String])
    case notGraded(String, known: [String])

    var message: String {
        switch self {
        case .missingFolder: "grade needs the folder of submissions, e.g. 'cachetutor grade submissions/'"
        case .severalFolders: "grade takes one folder of submissions; to combine shards use 'cachetutor grade --merge FILE…'"
        case let .badJobs(value): "--jobs needs a positive whole number, not '\(value)'"
        case let .badThreshold(value): "--similarity-threshold needs a number from 0 to 1, not '\(value)'"
        case .gradescopeNeedsOutput: "--format gradescope writes one results.json per student; give the folder with --output DIR"
        case .visibilityNeedsGradescope: "--visibility sets who sees Gradescope results; use it with --format gradescope"
        case .nothingToMerge: "--merge needs the gradebooks of the shards, e.g. 'cachetutor grade --merge gradebook-shard-*.sqlite3'"
        case let .notWith(option, mode):
            "--\(option) cannot be used with --\(mode): " + (mode == "merge" ? "merging only combines results already graded" : mode == "report" ? "a report grades nothing and reads every exercise's own settings from the gradebook" : "an adjustment changes one student's grade and grades nothing")
        case let .unknownExercise(name, known, suggestion):
            "no exercise named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the course has \(known.joined(separator: ", "))")
        case let .severalModes(modes): "choose one of " + modes.map { "--" + $0 }.joined(separator: " and ")
        case let .notAReportFormat(format): "--report writes text, csv, html, canvas or moodle, not \(format); grade a folder for the other formats"
        case let .lmsNeedsRoster(format): "--format \(format) needs --roster FILE: the LMS matches each row on the IDs or emails the roster gives"
        case .adjustNeedsReason: "--adjust needs --reason \"…\": every adjustment keeps why it was made"
        case .reasonNeedsAdjust: "--reason explains an --adjust; give it with --adjust STUDENT=+POINTS"
        case let .notWithAdjust(option): "--\(option) cannot be used with --adjust; run 'cachetutor grade --report' for a report"
        case .oneExerciseToAdjust: "--adjust changes one exercise's grade; give one --exercise"
        case .oneExerciseToGrade: "grade one exercise at a time; several names in --exercise are for --report"
        case .emptyOnly: "--only needs the students to grade, e.g. --only alice,bob"
        case .onlyWithShard: "--only and --shard cannot be combined: --only already names the students to grade"
        case let .whichExercise(known): "the gradebook holds \(known.joined(separator: ", ")); say which with --exercise"
        case let .notGraded(name, known):
            "the gradebook holds no grading of \(name)" + (known.isEmpty ? "" : "; it holds \(known.joined(separator: ", "))")
        }
    }

    var exitCode: ExitCode { .usage }
}
