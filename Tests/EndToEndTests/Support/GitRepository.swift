import Foundation
import TutorTestSupport

/// A student's repository as GitHub Classroom hands it in: files committed at a given
/// moment (`GIT_AUTHOR_DATE` and `GIT_COMMITTER_DATE`), so lateness is tested against
/// real git history.
enum GitRepository {
    /// Writes `files` (relative path → text) into `folder` and commits them dated `date`
    /// (ISO 8601), making the repository first if needed.
    static func commit(_ files: [String: String], in folder: URL, at date: String, message: String = "hand in") throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
            try git(["init", "-q"], in: folder, date: date)
        }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try git(["add", "-A"], in: folder, date: date)
        try git(["-c", "user.name=Student", "-c", "user.email=student@example.edu", "commit", "-q", "-m", message], in: folder, date: date)
    }

    private static func git(_ arguments: [String], in folder: URL, date: String) throws {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
        ]
        let finished = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, environment: environment, workingDirectory: folder, deadline: 60)
        guard finished.status == 0 else {
            throw GitFailure(command: "git " + arguments.joined(separator: " "), output: finished.stderr)
        }
    }

    /// A git command that failed while building a fixture.
    struct GitFailure: Error, CustomStringConvertible {
        var command: String
        var output: String
        var description: String { "\(command) failed: \(output)" }
    }
}
