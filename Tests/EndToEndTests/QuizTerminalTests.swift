import Foundation
import Testing

/// `cachetutor quiz` in a real terminal (tmux): line editing, Ctrl-C and Ctrl-D.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the terminal tests are skipped"))
struct QuizTerminalTests {
    @Test func lineEditingCtrlCAndCtrlDInATerminal() throws {
        let home = try Cachetutor.temporaryFolder("quiz-tty")
        let tmux = try TmuxSession(
            [Cachetutor.binary.path, "quiz", "--course", Cachetutor.packageRoot.appendingPathComponent("Tests/Fixtures/QuizCourse").path, "basics", "--no-shuffle"],
            environment: ["CACHETUTOR_HOME": home.path, "HOME": home.path, "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"],
            rows: 60
        )
        defer { tmux.kill() }
        try tmux.waitForLastLine("answer>")
        try tmux.send("x", "Enter")
        try tmux.waitFor("answer t for true or f for false")

        // Type a wrong letter, erase it, type the right one: libedit's line editing.
        try tmux.send("f", "BSpace", "t", "Enter")
        try tmux.waitFor("✓ Right.")
        try tmux.waitFor("(answer with one letter, a to c)")
        try tmux.waitForLastLine("answer>")

        // Ctrl-C drops the line being typed and asks again.
        try tmux.send("zz", "C-c")
        try tmux.waitFor("(Ctrl-D ends the quiz with the score so far)")
        try tmux.send("C-d")
        let screen = try tmux.waitFor("EXITED 0").joined(separator: "\n")
        #expect(screen.contains("Quiz ended early."))
        #expect(screen.contains("Score: 1 / 1 (100%) so far: 1 of 6 scored questions answered"))
        #expect(!screen.contains("there is no choice 'zz'"), "the interrupted line was not taken as an answer")

        let history = try Cachetutor.run(["quiz", "--history"], home: home)
        #expect(history.stdout.contains("01-basics  1 / 1  100%  stopped early"))
    }
}
