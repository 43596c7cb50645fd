import Foundation
import TutorGrading
import TutorTerminal

/// The exercises of a course: each folder `Exercises/NAME/` with an `exercise.toml`, in
/// the order the course gives them.
///
///     let catalog = try ExerciseCatalog(folder: course.exercises)
///     catalog.exercises.map(\.name)      // ["ProfileStore", "ThumbnailCache", …]
struct ExerciseCatalog {
    /// One exercise: its definition and the first paragraph of its README.
    struct Exercise: Equatable {
        /// Where it is and what its metadata says.
        var definition: ExerciseDefinition
        /// The README's first paragraph after its title, on one line.
        var summary: String

        /// The folder's name, which is also the starter's stem (`ThumbnailCache`).
        var name: String { definition.name }
        /// The starter file to copy (`Exercises/NAME/NAME.swift`).
        var starter: URL { definition.starter }
    }

    /// The exercises, by their `order`, then by name.
    let exercises: [Exercise]

    /// Reads every exercise folder under `folder`.
    ///
    /// - Throws: ``ExerciseError/badManifest(path:line:reason:)`` for the first folder whose
    ///   `exercise.toml` is wrong, so a broken course is named rather than half listed.
    init(folder: URL) throws(ExerciseError) {
        var exercises: [Exercise] = []
        for name in ExerciseDefinition.names(in: folder) {
            let definition = try ExerciseDefinition.load(name: name, in: folder)
            let readme = (try? String(contentsOf: definition.readme, encoding: .utf8)) ?? ""
            exercises.append(Exercise(definition: definition, summary: Self.firstParagraph(of: readme)))
        }
        self.exercises = exercises.sorted { ($0.definition.manifest.order, $0.name) < ($1.definition.manifest.order, $1.name) }
    }

    /// The exercise called `name` (case aside), or an error that suggests the nearest spelling.
    func exercise(named name: String) throws(ExerciseError) -> Exercise {
        if let exact = exercises.first(where: { $0.name == name }) { return exact }
        if let folded = exercises.first(where: { $0.name.lowercased() == name.lowercased() }) { return folded }
        let known = exercises.map(\.name)
        throw .unknown(name: name, suggestion: Suggestion.nearest(to: name, in: known), known: known)
    }

    /// The first paragraph of Markdown `text` that is not a heading, joined onto one line.
    static func firstParagraph(of text: String) -> String {
        var paragraph: [String] = []
        for rawLine in TextLines.split(text) {
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

/// Why `cachetutor exercises start` could not copy a starter.
enum ExerciseStartError: UserFacingError, Equatable {
    /// The exercise folder has no starter file.
    case missingStarter(name: String, path: String)
    /// The destination already exists; it may hold the learner's work.
    case alreadyStarted(path: String)
    /// The destination could not be written.
    case cannotWrite(path: String, reason: String)

    var message: String {
        switch self {
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
        case .alreadyStarted: return .usage
        case .missingStarter: return .noInput
        case .cannotWrite: return .software
        }
    }
}
