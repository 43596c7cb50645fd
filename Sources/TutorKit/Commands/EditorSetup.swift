import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// Sets a folder of exercise files up for sourcekit-lsp: points each exercise's
/// ``EditorHarness`` link at its built harness, and writes the folder's
/// `compile_commands.json` (``CompilationDatabase``) with the grader's command for each file.
///
/// Only the database is written into the learner's folder, and only over one cachetutor
/// wrote; the exercise files themselves are read, never touched.
///
///     let setup = EditorSetup(folder: work.appendingPathComponent("exercises"), catalog: catalog, course: course,
///                             environment: env, workingDirectory: work)
///     let (files, _) = try setup.exerciseFiles()
///     try setup.writeDatabase(for: files, toolchain: try Toolchain.locate(environment: env))
struct EditorSetup {
    /// One learner file and the exercise it is for.
    struct ExerciseFile: Equatable {
        /// The file, absolute.
        var file: URL
        /// The exercise its name or its declared type picks (``ExerciseSelection``).
        var exercise: ExerciseCatalog.Exercise
    }

    /// What setting a new starter up left the editor with.
    enum Outcome: Equatable {
        /// The database is written and the harness built and linked: the editor is ready.
        case linked
        /// The database is written; the harness is not built yet.
        case written
        /// The database could not be written (why, in one line).
        case refused(String)
    }

    /// The folder that holds the learner's exercise files (`./exercises`).
    var folder: URL
    /// The course's exercises.
    var catalog: ExerciseCatalog
    /// The course, whose exercises' harnesses are built.
    var course: CourseLocation
    /// The environment, which names the cache and the compiler.
    var environment: [String: String]
    /// The working directory, which messages name paths from.
    var workingDirectory: URL

    /// Where the database goes.
    var database: URL { folder.appendingPathComponent(CompilationDatabase.fileName) }

    /// `url` as messages show it: from the working directory when it is below it.
    func display(_ url: URL) -> String { ExercisesCommand.displayPath(url, from: workingDirectory) }

    /// The folder's Swift files, each with its exercise, by name; a file no exercise is for
    /// (or one that two could be) is in `others`.
    func exerciseFiles() throws(EditorSetupError) -> (files: [ExerciseFile], others: [URL]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { throw .noFolder(path: display(folder)) }
        var files: [ExerciseFile] = [], others: [URL] = []
        for name in names.sorted() where name.hasSuffix(".swift") {
            let file = folder.appendingPathComponent(name)
            let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let exercise = try? ExerciseSelection.choose(option: nil, fileName: name, source: source, in: catalog) {
                files.append(ExerciseFile(file: file, exercise: exercise))
            } else {
                others.append(file)
            }
        }
        guard !files.isEmpty else { throw .noExerciseFiles(path: display(folder), known: catalog.exercises.map(\.name)) }
        return (files, others)
    }

    /// The editor's link for `exercise`, in the cache the environment names.
    func editorHarness(for exercise: ExerciseCatalog.Exercise) -> EditorHarness {
        EditorHarness(cacheRoot: HarnessBuilder.cacheRoot(environment: environment), exercise: exercise.definition)
    }

    /// Points the editor's link at `exercise`'s harness, building it first when `building`
    /// (with `progress` on screen), else only when it is already built; whether it is linked.
    @discardableResult
    func linkHarness(for exercise: ExerciseCatalog.Exercise, building: Bool, progress: BuildProgressLine? = nil) throws -> Bool {
        var configuration = GraderConfiguration(environment: environment)
        configuration.exercise = exercise.name
        configuration.exercisesFolder = course.exercises
        configuration.buildProgress = progress?.handler
        let grader = try Grader(configuration: configuration)
        if !building, (grader.builder as? HarnessBuilder)?.isReady() != true { return false }
        try editorHarness(for: exercise).link(to: try grader.prepareHarness())
        return true
    }

    /// Throws when a `compile_commands.json` that cachetutor did not write is in the way.
    func checkDatabaseIsReplaceable() throws(EditorSetupError) {
        if let existing = FileManager.default.contents(atPath: database.path), !CompilationDatabase.isGenerated(existing) {
            throw .foreignDatabase(path: display(database))
        }
    }

    /// Writes the database with every exercise file in the folder, the new starter among
    /// them, and links `exercise`'s harness when it is already built. Never throws: the
    /// starter is made whatever happens here.
    func setUpForStarter(of exercise: ExerciseCatalog.Exercise) -> Outcome {
        do {
            let toolchain = try Toolchain.locate(environment: environment)
            try writeDatabase(for: try exerciseFiles().files, toolchain: toolchain)
        } catch {
            return .refused(userFacingMessage(error))
        }
        return ((try? linkHarness(for: exercise, building: false)) ?? false) ? .linked : .written
    }

    /// Writes the database for `files`, compiled by `toolchain`, in one rename; refuses to
    /// replace a `compile_commands.json` that cachetutor did not write.
    func writeDatabase(for files: [ExerciseFile], toolchain: Toolchain) throws(EditorSetupError) {
        try checkDatabaseIsReplaceable()
        let entries = files.map { file in
            CompilationDatabase.entry(
                for: file.file, compiler: toolchain.swiftc.path,
                commandLine: editorHarness(for: file.exercise).commandLine(languageMode: file.exercise.definition.manifest.swiftLanguageMode, toolchain: toolchain)
            )
        }
        let staging = folder.appendingPathComponent(".\(CompilationDatabase.fileName)-\(getpid())")
        do {
            try CompilationDatabase(entries: entries).encoded().write(to: staging)
        } catch {
            throw .cannotWrite(path: display(database), reason: error.localizedDescription)
        }
        guard rename(staging.path, database.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw .cannotWrite(path: display(database), reason: reason)
        }
    }
}
