import Foundation

/// The mutants of one exercise: each file in `.grading/Mutants` is a ``MutantPatch`` (a
/// `.diff`), applied to the reference as it is now.
///
///     let mutants = ExerciseMutants(exercise: definition)
///     for file in mutants.files {
///         let source = try mutants.source(of: file)   // the reference with the change
///     }
public struct ExerciseMutants: Sendable {
    /// How a mutant file's name ends.
    public static let fileExtension = "diff"

    public var exercise: ExerciseDefinition

    public init(exercise: ExerciseDefinition) {
        self.exercise = exercise
    }

    /// The reference the patches apply to.
    public var reference: URL {
        exercise.referenceDirectory.appendingPathComponent("\(exercise.name).swift")
    }

    /// Every file in `.grading/Mutants`, sorted by name, patches and anything else.
    public var files: [URL] {
        let folder = exercise.mutantsDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// What is wrong with the mutant at `file`, as a patch, or the mutant's full source.
    public enum Source: Sendable, Equatable {
        case source(String)
        /// A problem of the exercise, at `line` of the mutant file.
        case problem(line: Int, message: String)
    }

    /// The reference with `file`'s change applied.
    public func source(of file: URL) -> Source {
        guard file.pathExtension == Self.fileExtension else {
            return .problem(line: 1, message: "a mutant is its change: write it as a unified diff against Reference/\(exercise.name).swift, in a .\(Self.fileExtension) file headed by its '// expect:' and '// why:' lines")
        }
        guard let patch = try? String(contentsOf: file, encoding: .utf8) else {
            return .problem(line: 1, message: "cannot be read as UTF-8 text")
        }
        guard let original = try? String(contentsOf: reference, encoding: .utf8) else {
            return .problem(line: 1, message: "the reference \(reference.lastPathComponent) it applies to cannot be read")
        }
        do {
            return .source(try MutantPatch.apply(patch, to: original))
        } catch {
            return .problem(line: error.line, message: error.message)
        }
    }

    /// A mutant written out for the grader, or why it could not be.
    public enum Materialized: Sendable, Equatable {
        case file(URL)
        case problem(ExerciseVerification.Problem)
    }

    /// Writes the mutant's source as `<Exercise>.swift` in a folder of its own under `folder`,
    /// where the grader reads it as a learner's file, or the problem that stops it.
    public func materialize(_ file: URL, in folder: URL) -> Materialized {
        switch source(of: file) {
        case let .problem(line, message):
            return .problem(.init("\(file.path):\(line)", message))
        case let .source(text):
            let directory = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent, isDirectory: true)
            let target = directory.appendingPathComponent("\(exercise.name).swift")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: target, options: .atomic)
                return .file(target)
            } catch {
                return .problem(.init(file.path, "could not write the patched mutant to \(target.path): \(error.localizedDescription)"))
            }
        }
    }
}
