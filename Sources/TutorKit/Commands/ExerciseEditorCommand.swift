import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// `cachetutor exercises editor [FOLDER]`: lets an editor's Swift language server
/// (sourcekit-lsp) compile the learner's exercise files as `check` does, so the course's
/// `NSCache`, `UIImage` and each exercise's provided types are known and no false error
/// shows. `exercises start` does the same for the file it creates.
///
///     $ cachetutor exercises editor
///     Wrote exercises/compile_commands.json for ProfileStore.swift and ThumbnailCache.swift.
enum ExerciseEditorCommand {
    static let spec = CommandSpec(
        name: "editor",
        abstract: "Let your editor's Swift language server see what check compiles your files against.",
        discussion: """
        Builds the hidden tests of each exercise that has a file in FOLDER (once, as 'exercises prepare' does), then writes FOLDER/compile_commands.json: for each file, the compiler command 'check' uses, against the course's NSCache, its UIImage stand-in and the types the exercise provides, in the exercise's Swift language mode. sourcekit-lsp reads it, in VS Code's Swift extension, Neovim's sourcekit and any other editor that runs it: open the folder and the false errors are gone. \
        The file names paths on this machine; run this again after moving the folder, or after adding a file under a name of your own ('exercises start' does it for its own). A compile_commands.json that cachetutor did not write is left as it is (exit 64).
        """,
        arguments: [ArgumentSpec(name: "FOLDER", help: "The folder holding your exercise files (default: exercises).", isOptional: true, completion: .directories)],
        examples: ["cachetutor exercises editor", "cachetutor exercises editor ~/course/exercises"]
    )

    static func run(_ parsed: ParsedCommand, catalog: ExerciseCatalog, course: CourseLocation, in context: CommandContext) throws -> ExitCode {
        let setup = EditorSetup(folder: context.resolve(parsed.positionals.first ?? "exercises"), catalog: catalog, course: course,
                                environment: context.environment, workingDirectory: context.workingDirectory)
        let (files, others) = try setup.exerciseFiles()
        // Before any build: a file in the way is said at once.
        try setup.checkDatabaseIsReplaceable()
        let toolchain = try Toolchain.locate(environment: context.environment)
        let line = BuildProgressLine(console: context.console)
        try Interrupt.catching {
            var linked: Set<String> = []
            for file in files where linked.insert(file.exercise.name).inserted {
                try setup.linkHarness(for: file.exercise, building: true, progress: line)
            }
        }
        try setup.writeDatabase(for: files, toolchain: toolchain)
        let console = context.console
        console.wrapped("Wrote \(setup.display(setup.database)) for \(listed(files.map(\.file.lastPathComponent))).")
        if !others.isEmpty {
            console.wrapped(console.style.paint("Left out \(listed(others.map(\.lastPathComponent))): no exercise is named so or declared there.", .gray))
        }
        console.line("")
        console.wrapped("Open the folder in an editor that runs sourcekit-lsp (VS Code with the Swift extension, Neovim with nvim-lspconfig's sourcekit): it now compiles these files as 'cachetutor check' does, so NSCache is the course's engine and UIImage and each exercise's own types are known.")
        return .success
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
