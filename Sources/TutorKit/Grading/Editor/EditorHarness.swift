import Foundation

/// Where an editor finds an exercise's harness: `CACHE/editor/NAME-COURSE`, a symbolic link
/// to the harness the grader last built for it, with a module cache of the editor's own
/// beside it. `COURSE` is a short hash of the exercise's folder in the course, so two
/// courses (or two checkouts) that share a cache never take each other's link.
///
/// A harness's folder is named by a hash of its sources and compiler, so it moves when
/// cachetutor or the toolchain changes; the link does not, and so neither does the
/// compilation database that names it. Each command that makes a harness ready points the
/// link at it again (`exercises editor`, `exercises prepare`, `check`). The grader never
/// reads the link or the editor's module cache, so nothing here can change a grade.
///
///     let editor = EditorHarness(cacheRoot: HarnessBuilder.cacheRoot(environment: env), exercise: grader.exercise)
///     try editor.link(to: try grader.prepareHarness())
///     editor.commandLine(languageMode: 5, toolchain: toolchain)   // -I CACHE/editor/ThumbnailCache-4f0c… …
public struct EditorHarness: Sendable, Equatable {
    /// The user's cache folder for cachetutor (``HarnessBuilder/cacheRoot(environment:)``).
    public var cacheRoot: URL
    /// The exercise, in its course.
    public var exercise: ExerciseDefinition

    /// The editor's view of `exercise`'s harness in `cacheRoot`.
    public init(cacheRoot: URL, exercise: ExerciseDefinition) {
        self.cacheRoot = cacheRoot
        self.exercise = exercise
    }

    /// `CACHE/editor/NAME-COURSE`: the link to the harness.
    public var folder: URL { editorFolder.appendingPathComponent(linkName, isDirectory: true) }
    private var linkName: String {
        let course = exercise.directory.standardizedFileURL.resolvingSymlinksInPath().path
        let key = (try? HarnessIdentity.key(files: [], root: exercise.directory, extra: [course])) ?? ""
        return "\(exercise.name)-\(key.prefix(12))"
    }
    /// The prelude, as the grader compiles it, seen through the link.
    public var prelude: URL { folder.appendingPathComponent("Adapter.swift") }
    /// The editor's module cache: never the grader's, so an editor cannot leave anything a
    /// check would load.
    public var moduleCache: URL { editorFolder.appendingPathComponent("module-cache", isDirectory: true) }
    private var editorFolder: URL { cacheRoot.appendingPathComponent("editor", isDirectory: true) }

    /// Whether the link exists (the learner has set an editor up for this exercise), even
    /// if the harness it names has since been removed.
    public var isLinked: Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil
    }

    /// Whether the link leads to a harness that is there.
    public var isReady: Bool {
        FileManager.default.fileExists(atPath: prelude.path)
    }

    /// The grader's command line for this exercise's files, through the link.
    public func commandLine(languageMode: Int, toolchain: Toolchain) -> SubmissionCommandLine {
        SubmissionCommandLine(languageMode: languageMode, modules: folder, prelude: prelude, moduleCache: moduleCache,
                              macroFlags: toolchain.withoutMacroPlugins)
    }

    /// Points the link at `harness`, in one `rename`, so an editor reading through it never
    /// finds it missing; leaves it alone when it already points there.
    public func link(to harness: Harness) throws(GradingError) {
        let target = harness.directory.path
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) == target { return }
        let staging = editorFolder.appendingPathComponent(".\(linkName)-\(getpid())-\(UInt32.random(in: .min ... .max))")
        do {
            try FileManager.default.createDirectory(at: editorFolder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: staging.path, withDestinationPath: target)
        } catch {
            throw .workspace(path: editorFolder.path, reason: "cannot make the editor's link to the harness (\(error.localizedDescription))")
        }
        guard rename(staging.path, folder.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw .workspace(path: folder.path, reason: "cannot point the editor's link at the harness (\(reason))")
        }
    }
}
