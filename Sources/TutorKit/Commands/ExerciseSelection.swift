import Foundation
import TutorGrading
import TutorTerminal

/// Which exercise a learner's file is for: the one `--exercise` names, else the one whose
/// name is the file's (`ProfileStore.swift`), else the only exercise whose type the file
/// declares (`final class ProfileStore`), so a file saved as `mine.swift` still checks.
enum ExerciseSelection {
    /// The exercise for `source`, read from the file named `fileName`.
    static func choose(option: String?, fileName: String, source: String, in catalog: ExerciseCatalog) throws -> ExerciseCatalog.Exercise {
        if let option { return try catalog.exercise(named: option) }
        let stem = (fileName as NSString).deletingPathExtension
        if let named = catalog.exercises.first(where: { $0.name.lowercased() == stem.lowercased() }) { return named }
        let declared = catalog.exercises.filter { declares(source, type: $0.name) }
        if declared.count == 1 { return declared[0] }
        throw ExerciseSelectionError(file: fileName, known: catalog.exercises.map(\.name), candidates: declared.map(\.name))
    }

    /// Whether `source` declares a type called `name` (a class, struct, enum or actor).
    static func declares(_ source: String, type name: String) -> Bool {
        for line in TextLines.split(source).filter({ !$0.isEmpty }) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" })
            for (index, word) in words.enumerated().dropLast() where ["class", "struct", "enum", "actor"].contains(word) {
                if words[index + 1] == name { return true }
            }
        }
        return false
    }
}

/// A file whose exercise cannot be told from its name or its contents.
struct ExerciseSelectionError: UserFacingError {
    let file: String
    let known: [String]
    let candidates: [String]

    var message: String {
        let which = candidates.count > 1
            ? "it declares \(candidates.joined(separator: " and "))"
            : "its name and its types match no exercise (\(known.joined(separator: ", ")))"
        return "\(file): cannot tell which exercise this is for: \(which); name the file after the exercise (\(known.first ?? "ThumbnailCache").swift) or pass --exercise NAME"
    }

    var exitCode: ExitCode { .usage }
}
