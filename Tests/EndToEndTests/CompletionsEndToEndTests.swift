import Foundation
import Testing
import TutorTestSupport

/// The completion scripts, run by the real shells against the built binary.
@Suite struct CompletionsEndToEndTests {
    func script(_ shell: String) throws -> (file: URL, home: URL) {
        let home = try Cachetutor.temporaryFolder("completions")
        let result = try Cachetutor.run(["completions", shell], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let file = home.appendingPathComponent("script.\(shell)")
        try result.stdout.write(to: file, atomically: true, encoding: .utf8)
        return (file, home)
    }

    /// Runs `command` in `shell` with the binary's folder first on PATH, from the package root.
    func shell(_ shell: String, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Cachetutor.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let finished = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [shell] + arguments, environment: environment,
                                            workingDirectory: Cachetutor.packageRoot, deadline: 60)
        return finished.stdout + finished.stderr
    }

    @Test func bashCompletesCommandsOptionsChoicesAndCourseNames() throws {
        let (file, _) = try script("bash")
        let probe = """
            source '\(file.path)'
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); _cachetutor; echo "$*|${COMPREPLY[*]}"; }
            t cachetutor ""
            t cachetutor exercises ""
            t cachetutor exercises start Pro
            t cachetutor check --format ""
            t cachetutor grade --format ""
            t cachetutor learn 05
            t cachetutor quiz r
            t cachetutor quiz a
            """
        let lines = try shell("bash", ["-c", probe]).split(separator: "\n").map(String.init)
        #expect(lines.contains("cachetutor |learn quiz check grade lessons exercises progress completions"))
        #expect(lines.contains("cachetutor exercises |start hint solution verify mutant prepare editor"))
        #expect(lines.contains("cachetutor quiz r|review"), "\(lines)")
        #expect(lines.contains("cachetutor quiz a|all"), "\(lines)")
        #expect(lines.contains("cachetutor exercises start Pro|ProfileStore"))
        #expect(lines.contains("cachetutor check --format |text json junit"), "each command's own choices: \(lines)")
        #expect(lines.contains { $0.hasPrefix("cachetutor grade --format |") && $0.contains("gradescope") })
        #expect(lines.contains("cachetutor learn 05|05-eviction"))
    }

    /// Pressed in a real bash, Tab after `exe` in a folder that holds `exercises/` (as
    /// `exercises start` leaves it) completes the command, not the folder.
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    func bashDoesNotTakeACommandForAFolder() throws {
        let (file, home) = try script("bash")
        let work = home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("exercises"), withIntermediateDirectories: true)
        try Data().write(to: work.appendingPathComponent("exercises/ThumbnailCache.swift"))
        let rc = home.appendingPathComponent("bashrc")
        try "PS1='$ '\nsource '\(file.path)'\ncd '\(work.path)'\n".write(to: rc, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(["bash", "--noprofile", "--rcfile", rc.path, "-i"], environment: [
            "PATH": Cachetutor.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color",
            "CACHETUTOR_HOME": home.path,
        ])
        defer { tmux.kill() }
        try tmux.waitForLastLine("$")
        try tmux.send("cachetutor exe", "Tab")
        try tmux.waitForLastLine("$ cachetutor exercises")
        #expect(!(try tmux.screen().joined().contains("exercises/")))
        // A file argument still completes as a path.
        try tmux.send("C-u", "cachetutor check exer", "Tab")
        try tmux.waitForLastLine("$ cachetutor check exercises/")
    }

    @Test func fishCompletesTheSameTree() throws {
        let (file, _) = try script("fish")
        let output = try shell("fish", ["-c", "source '\(file.path)'; complete -C 'cachetutor exercises st'; complete -C 'cachetutor check --format '; complete -C 'cachetutor exercises hint Thumb'"])
        #expect(output.contains("start\tCopy an exercise's starter file"))
        let editor = try shell("fish", ["-c", "source '\(file.path)'; complete -C 'cachetutor exercises ed'"])
        #expect(editor.contains("editor\tLet your editor's Swift language server"), "\(editor)")
        #expect(output.contains("junit\t"))
        #expect(!output.contains("gradescope"))
        #expect(output.contains("ThumbnailCache"))
    }

    @Test func zshLoadsTheScript() throws {
        let (file, _) = try script("zsh")
        let output = try shell("zsh", ["-n", file.path])
        #expect(output.isEmpty, "zsh -n: \(output)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("#compdef cachetutor"))
        #expect(text.contains("'start[Copy an exercise'\\''s starter file to ./exercises/NAME.swift.]'"))
        #expect(text.contains("'editor[Let your editor'\\''s Swift language server"), "the new subcommand is offered")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let home = try Cachetutor.temporaryFolder("completions")
        let result = try Cachetutor.run(["completions", "tcsh"], home: home)
        #expect(result.status == 64)
        #expect(result.stderr.contains("no completion script for 'tcsh'; the shells are bash, zsh and fish"))
    }
}
