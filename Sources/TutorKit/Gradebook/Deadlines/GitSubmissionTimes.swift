import Foundation
import TutorGrading

/// Submission times as a class folder holds them: the last commit of a student's own git
/// repository (GitHub Classroom hands out one per student), else the submission file's
/// modification time.
///
/// A student's repository is untrusted input, so git runs with no system or user
/// configuration, no fsmonitor, a wall-clock limit and a scrubbed environment, and only
/// reads the log of the repository's own `.git` (never one found further up).
///
///     let times = GitSubmissionTimes(classFolder: folder)
///     times.time(of: submission)   // SubmissionTime(date: …, source: .git(commit: "1a2b3c4…"))
public struct GitSubmissionTimes: SubmissionTimeSource {
    /// The class folder the submissions' relative paths start from.
    public var classFolder: URL
    /// The git program, or nil when none is on the `PATH` (file times are used then).
    public var git: String?
    /// What starts git.
    public var runner: any ProcessRunner

    /// A reader for the class in `classFolder`, finding git on `path` (a `PATH` value).
    public init(classFolder: URL, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", runner: any ProcessRunner = PosixProcessRunner()) {
        self.classFolder = classFolder
        self.runner = runner
        git = path.split(separator: ":").map { String($0) + "/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public func time(of submission: Submission) -> SubmissionTime? {
        let parts = submission.relativePath.split(separator: "/")
        if parts.count > 1, let commit = lastCommit(of: classFolder.appendingPathComponent(String(parts[0]))) {
            return commit
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: submission.file.path),
              let modified = attributes[.modificationDate] as? Date else { return nil }
        return SubmissionTime(date: modified, source: .fileModified)
    }

    /// The committer date and hash of the last commit of the repository at `folder`, or
    /// nil when it is not one, has no commit, or git is missing or fails.
    func lastCommit(of folder: URL) -> SubmissionTime? {
        let gitDirectory = folder.appendingPathComponent(".git")
        guard let git, FileManager.default.fileExists(atPath: gitDirectory.path) else { return nil }
        let request = ProcessRequest(
            executable: git,
            arguments: ["--git-dir", gitDirectory.path, "-c", "safe.directory=*", "-c", "core.fsmonitor=false",
                        "log", "-1", "--no-show-signature", "--format=%ct %H"],
            environment: ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": "/nonexistent",
                          "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"],
            wallClockLimit: .seconds(10),
            outputLimit: 4096
        )
        guard let outcome = try? runner.run(request), outcome.termination == .exited(0) else { return nil }
        let fields = outcome.outputText.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[0]), fields[1].count == 40 || fields[1].count == 64 else { return nil }
        return SubmissionTime(date: Date(timeIntervalSince1970: seconds), source: .git(commit: String(fields[1])))
    }
}
