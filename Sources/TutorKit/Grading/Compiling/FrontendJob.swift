import Foundation

/// The one frontend job the Swift driver would start for a command line, learned from the
/// driver itself (`swiftc … -###`) and then run directly.
///
/// The driver is a program of its own: before the frontend starts, it costs each compile
/// about 40 ms of CPU, and a check runs three (the plain and the sanitizer's compile, and the
/// parse the audit is checked against). The job is learned once per harness and command line
/// and kept in the harness's folder; whatever the driver prints that is not exactly one
/// frontend job is not learned, and the driver runs the command itself.
///
///     let job = FrontendJob.parse(jobs: "/usr/bin/swift-frontend -frontend -c /w/F.swift -o /w/F.o", workspace: "/w")
///     job?.command(in: "/tmp/check-1")   // ("/usr/bin/swift-frontend", ["-frontend", "-c", "/tmp/check-1/F.swift", …])
struct FrontendJob: Codable, Equatable, Sendable {
    /// The frontend program.
    var executable: String
    /// Its arguments, with ``workspaceToken`` where the workspace's path was.
    var arguments: [String]

    /// Stands for the workspace a job was learned in; a learner's file never names it, as
    /// the workspace is always the grader's own temporary folder.
    static let workspaceToken = "\u{1}workspace"

    /// The program and arguments that run this job for files in `workspace`.
    func command(in workspace: String) -> (executable: String, arguments: [String]) {
        (executable, arguments.map { Self.replacingPrefix(of: $0, Self.workspaceToken, with: workspace) })
    }

    /// The job the driver printed for `-###`, learned in `workspace`, or nil unless it is
    /// exactly one line that runs a `swift-frontend` in `-frontend` mode.
    static func parse(jobs: String, workspace: String) -> FrontendJob? {
        let lines = jobs.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count == 1, let words = ShellWords.split(String(lines[0])), words.count > 2,
              URL(fileURLWithPath: words[0]).lastPathComponent == "swift-frontend", words[1] == "-frontend" else { return nil }
        return FrontendJob(executable: words[0], arguments: words.dropFirst().map { tokenizing($0, workspace: workspace) })
    }

    /// `word` with the workspace's path, where it leads, replaced by ``workspaceToken``.
    static func tokenizing(_ word: String, workspace: String) -> String {
        replacingPrefix(of: word, workspace, with: workspaceToken)
    }

    /// `word` with a leading path `prefix` (the whole word, or a folder of it) replaced.
    private static func replacingPrefix(of word: String, _ prefix: String, with replacement: String) -> String {
        if word == prefix { return replacement }
        guard word.hasPrefix(prefix + "/") else { return word }
        return replacement + word.dropFirst(prefix.count)
    }
}
