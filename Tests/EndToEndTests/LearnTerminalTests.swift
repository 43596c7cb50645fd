import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `cachetutor learn` in a real terminal (tmux): line editing, history, completion,
/// Ctrl-C, Ctrl-D, and progress kept across a restart.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the terminal tests are skipped"))
struct LearnTerminalTests {
    let home: URL
    let fixtureCourse = Cachetutor.packageRoot.appendingPathComponent("Tests/TutorREPLTests/Fixtures/Course").path

    init() throws {
        home = try Cachetutor.temporaryFolder("learn-tty")
    }

    private func start() throws -> TmuxSession {
        try TmuxSession(
            [Cachetutor.binary.path, "learn", "--course", fixtureCourse],
            environment: [
                "CACHETUTOR_HOME": home.path, "HOME": home.path, "LC_ALL": "C.UTF-8",
                "TERM": "xterm-256color", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
            ]
        )
    }

    @Test func historyCompletionInterruptsAndResume() throws {
        var tmux = try start()
        defer { tmux.kill() }
        try tmux.waitForLastLine("01 alpha 1/3 ›")

        // Tab completes a command, then its argument.
        try tmux.send("pa", "Tab")
        try tmux.waitForLastLine("01 alpha 1/3 › page")
        try tmux.send("2", "Enter")
        try tmux.waitForLastLine("01 alpha 2/3 ›")

        // The try-it step is recognised; a key typed in UTF-8 comes through whole.
        try tmux.send("set c 1", "Enter")
        try tmux.waitFor("✓ Well done")
        try tmux.send("get été", "Enter")
        try tmux.waitFor("miss: été is not in the cache")

        // Ctrl-C drops the half-typed line and gives a fresh prompt.
        try tmux.send("frobnicate", "C-c")
        try tmux.waitForLastLine("01 alpha 2/3 ›")
        #expect(!(try tmux.screen().joined().contains("unknown command 'frobnicate'")))

        // Up recalls the last line entered.
        try tmux.send("Up")
        try tmux.waitForLastLine("01 alpha 2/3 › get été")
        try tmux.send("C-u")

        // Completion of lesson names, then Ctrl-D leaves cleanly.
        try tmux.send("open be", "Tab", "Enter")
        try tmux.waitForLastLine("02 beta 1/2 ›")
        try tmux.send("C-d")
        try tmux.waitFor("EXITED 0")
        // Ctrl-D says goodbye as `quit` does, on a line of its own.
        try tmux.waitFor("Your place is saved")
        #expect(try tmux.screen().contains { $0.hasPrefix("Your place is saved") })

        // A restart resumes at the same lesson and page, and Up still recalls.
        tmux.kill()
        tmux = try start()
        try tmux.waitForLastLine("02 beta 1/2 ›")
        try tmux.send("Up")
        try tmux.waitForLastLine("02 beta 1/2 › open beta")
        try tmux.send("C-u", "progress", "Enter")
        try tmux.waitFor("try-it 1/1")
        try tmux.send("quit", "Enter")
        try tmux.waitFor("EXITED 0")
        let history = try String(contentsOf: home.appendingPathComponent("learn-history"), encoding: .utf8)
        #expect(history.hasPrefix("_HiStOrY_V2_"))
    }

    @Test func tabListsChoicesWhenSeveralFit() throws {
        let tmux = try start()
        defer { tmux.kill() }
        try tmux.waitForLastLine("01 alpha 1/3 ›")
        try tmux.send("set apple 1", "Enter")
        try tmux.waitFor("entries 1")
        try tmux.send("set apricot 2", "Enter")
        try tmux.waitFor("entries 2")
        try tmux.send("get a", "Tab")
        try tmux.waitForLastLine("01 alpha 1/3 › get ap")
        try tmux.send("Tab")
        try tmux.waitUntil("the choices apple and apricot") { rows in
            rows.contains { $0.hasPrefix("apple ") && $0.hasSuffix("apricot") }
        }
        try tmux.send("C-u", "quit", "Enter")
        try tmux.waitFor("EXITED 0")
    }
}

/// The terminal tests leave nothing running behind them.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; the terminal tests are skipped"))
struct TmuxSessionTests {
    @Test func killEndsTheServerAndTheProgram() throws {
        let tmux = try TmuxSession(["sleep", "300"], environment: ["PATH": "/usr/bin:/bin"])
        defer { tmux.kill() }
        let shell = try #require(try tmux.paneProcessID())
        #expect(tmux.serverIsRunning)
        tmux.kill()
        #expect(!tmux.serverIsRunning)
        #expect(!tmux.socketFileExists, "the server's socket file was left behind")
        // The pane's shell gets SIGHUP with the server; give it a moment to go.
        let deadline = Date().addingTimeInterval(5)
        while Glibc.kill(shell, 0) == 0, Date() < deadline { usleep(20_000) }
        #expect(Glibc.kill(shell, 0) != 0, "the program in the pane outlived its tmux server")
    }
}
