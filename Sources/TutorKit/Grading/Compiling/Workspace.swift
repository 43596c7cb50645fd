import Foundation

/// A private temporary directory for one grading (the learner's source, the compiled
/// submission, a fresh empty working directory per test) or for a grader's staged runner.
/// Removed when its work ends.
final class Workspace: Sendable {
    let url: URL

    init(in parent: URL) throws(GradingError) {
        var template = Array(parent.appendingPathComponent("cachetutor-check-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .workspace(path: parent.path, reason: "cannot create a temporary directory (\(String(cString: strerror(errno))))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        // Tests run as an unprivileged user: they may pass through to their own
        // directory and run the runner, not list or change anything here.
        chmod(url.path, 0o711)
    }

    /// A new empty directory for one test run, owned by `owner` when given.
    func testDirectory(name: String, owner: UInt32?) throws -> URL {
        let directory = url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        if let owner { chown(directory.path, owner, owner) }
        chmod(directory.path, 0o700)
        return directory
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
