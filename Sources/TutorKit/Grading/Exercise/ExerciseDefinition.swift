import Foundation
import TutorTerminal

/// One exercise of a course: a folder `Exercises/NAME/` that holds everything it needs.
///
///     Exercises/NAME/
///       README.md          the contract, in numbered points        (the learner reads it)
///       NAME.swift         the starter                             (copied by `exercises start`)
///       hints.md           one hint per contract point, numbered   (shown on request)
///       exercise.toml      title, order, lessons, initializer, limits
///       .grading/          for authors; hidden from `ls`, never copied to a learner
///         Adapter.swift    compiled with the learner's file: maps their type onto the tests' API
///         Tests/*.swift    the API protocol, `enum NAMETests: ExerciseSuite` and helpers
///         Reference/*.swift  the reference solution
///         Mutants/*.diff   known-wrong variants, each a patch against the reference headed `// expect: fail TEST…`
public struct ExerciseDefinition: Sendable, Equatable {
    /// The folder's name, which is also the starter's stem and the learner's type (`ProfileStore`).
    public var name: String
    /// The exercise's folder.
    public var directory: URL
    /// Its metadata.
    public var manifest: ExerciseManifest

    /// Reads `folder/name/exercise.toml`.
    ///
    /// - Throws: ``ExerciseError/unknown(name:suggestion:known:)`` when the folder is not
    ///   there, ``ExerciseError/badManifest(path:line:reason:)`` when its metadata is wrong.
    public static func load(name: String, in folder: URL) throws(ExerciseError) -> ExerciseDefinition {
        let directory = folder.appendingPathComponent(name, isDirectory: true)
        let manifestFile = directory.appendingPathComponent("exercise.toml")
        guard let data = FileManager.default.contents(atPath: manifestFile.path) else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue {
                throw .badManifest(path: manifestFile.path, line: nil, reason: "missing or unreadable; every exercise folder needs one")
            }
            let known = names(in: folder)
            throw .unknown(name: name, suggestion: Suggestion.nearest(to: name, in: known), known: known)
        }
        let text = String(decoding: data, as: UTF8.self)
        return ExerciseDefinition(name: name, directory: directory, manifest: try ExerciseManifest(parsing: text, path: manifestFile.path))
    }

    /// The names of the exercise folders in `folder` (those with an `exercise.toml`), sorted.
    public static func names(in folder: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.filter { entry in
            !entry.hasPrefix(".") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(entry).appendingPathComponent("exercise.toml").path)
        }.sorted()
    }

    /// The contract.
    public var readme: URL { directory.appendingPathComponent("README.md") }
    /// The starter a learner copies.
    public var starter: URL { directory.appendingPathComponent("\(name).swift") }
    /// The hints, one per contract point.
    public var hints: URL { directory.appendingPathComponent("hints.md") }
    /// What only authors and the grader read.
    public var gradingDirectory: URL { directory.appendingPathComponent(".grading", isDirectory: true) }
    /// Compiled with the learner's file.
    public var adapter: URL { gradingDirectory.appendingPathComponent("Adapter.swift") }
    /// The hidden tests, the API protocol they call, and their helpers.
    public var testsDirectory: URL { gradingDirectory.appendingPathComponent("Tests", isDirectory: true) }
    /// The reference solution.
    public var referenceDirectory: URL { gradingDirectory.appendingPathComponent("Reference", isDirectory: true) }
    /// The known-wrong variants.
    public var mutantsDirectory: URL { gradingDirectory.appendingPathComponent("Mutants", isDirectory: true) }
    /// `.grading/Correct`: more correct solutions, in other styles than the reference's;
    /// `verify` checks that each passes every test.
    public var correctDirectory: URL { gradingDirectory.appendingPathComponent("Correct", isDirectory: true) }
    /// The type the exercise's tests declare (`ProfileStoreTests`).
    public var suiteName: String { "\(name)Tests" }
}
