import Foundation
import TutorTerminal

/// The exercises of a course: each folder `Exercises/NAME/` with a `README.md` and a
/// starter `NAME.swift`.
///
///     let catalog = try ExerciseCatalog(folder: course.exercises)
///     catalog.exercises.map(\.name)      // ["ThumbnailCache"]
struct ExerciseCatalog {
    /// One exercise: its name, the first paragraph of its README, and its starter.
    struct Exercise: Equatable {
        /// The folder's name, which is also the starter's stem (`ThumbnailCache`).
        var name: String
        /// The README's first paragraph after its title, on one line.
        var summary: String
        /// The starter file to copy (`Exercises/NAME/NAME.swift`).
        var starter: URL
    }

    /// The exercises, sorted by name.
    let exercises: [Exercise]

    /// Reads every exercise folder under `folder`; folders without a README are skipped.
    init(folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        exercises = names.sorted().compactMap { name in
            let directory = folder.appendingPathComponent(name, isDirectory: true)
            guard let readme = try? String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8) else {
                return nil
            }
            return Exercise(name: name, summary: Self.firstParagraph(of: readme), starter: directory.appendingPathComponent(name + ".swift"))
        }
    }

    /// The exercise called `name`, or an error that suggests the nearest spelling.
    func exercise(named name: String) throws -> Exercise {
        if let exact = exercises.first(where: { $0.name == name }) { return exact }
        if let folded = exercises.first(where: { $0.name.lowercased() == name.lowercased() }) { return folded }
        throw ExerciseError.unknown(name: name, suggestion: Suggestion.nearest(to: name, in: exercises.map(\.name)), known: exercises.map(\.name))
    }

    /// The first paragraph of Markdown `text` that is not a heading, joined onto one line.
    static func firstParagraph(of text: String) -> String {
        var paragraph: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                if !paragraph.isEmpty { break }
                continue
            }
            paragraph.append(line)
        }
        return paragraph.joined(separator: " ")
    }
}

/// Why `cachetutor exercises` could not do what was asked.
enum ExerciseError: UserFacingError, Equatable {
    /// No exercise has that name.
    case unknown(name: String, suggestion: String?, known: [String])
    /// The exercise folder has no starter file.
    case missingStarter(name: String, path: String)
    /// The destination already exists; it may hold the learner's work.
    case alreadyStarted(path: String)
    /// The destination could not be written.
    case cannotWrite(path: String, reason: String)

    var message: String {
        switch self {
        case let .unknown(name, suggestion, known):
            if let suggestion { return "no exercise named '\(name)'; did you mean '\(suggestion)'?" }
            let list = known.isEmpty ? "this course has none" : "the exercises are: " + known.joined(separator: ", ")
            return "no exercise named '\(name)'; \(list)"
        case let .missingStarter(name, path):
            return "\(path): missing; the exercise '\(name)' has no starter file"
        case let .alreadyStarted(path):
            return "\(path) already exists, so it was left as it is (it may hold your work); check it with 'cachetutor check \(path)', or move it away to start again"
        case let .cannotWrite(path, reason):
            return "\(path): cannot write the starter: \(reason)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .unknown, .alreadyStarted: return .usage
        case .missingStarter: return .noInput
        case .cannotWrite: return .software
        }
    }
}
