import Foundation
import Testing
import TutorTestSupport

/// `check --watch` without a terminal: one report per save, whatever way the editor saves,
/// and Ctrl-C (SIGINT) leaves with the last check's status.
@Suite(.serialized) struct WatchEndToEndTests {
    /// Waits until `file` holds `count` reports (or five seconds per report pass).
    func waitForReports(_ count: Int, in file: URL) throws -> String {
        let deadline = Date().addingTimeInterval(Double(count) * 10 + 20)
        while Date() < deadline {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if text.components(separatedBy: "Watching for saves").count - 1 >= count { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WatchTestError.noReport(count, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    enum WatchTestError: Error { case noReport(Int, String) }

    @Test func eachSaveIsCheckedAndCtrlCLeavesWithTheLastStatus() throws {
        let folder = try Cachetutor.temporaryFolder("watch")
        let exercises = folder.appendingPathComponent("exercises")
        try FileManager.default.createDirectory(at: exercises, withIntermediateDirectories: true)
        let file = exercises.appendingPathComponent("ThumbnailCache.swift")
        let root = Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache")
        let starter = try Data(contentsOf: root.appendingPathComponent("ThumbnailCache.swift"))
        let reference = try Data(contentsOf: root.appendingPathComponent(".grading/Reference/ThumbnailCache.swift"))
        try starter.write(to: file)

        let output = folder.appendingPathComponent("watch.out")
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path, "CACHETUTOR_HOME": folder.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path,
            "NO_COLOR": "1", "COLUMNS": "100",
        ]
        let process = try ChildProcess.start(Cachetutor.binary, ["check", "--watch", "exercises/ThumbnailCache.swift"],
                                             environment: environment, workingDirectory: folder, outputFile: output)
        defer { if process.isRunning { process.signal(SIGKILL) } }

        var text = try waitForReports(1, in: output)
        #expect(text.contains("=== check 1 ==="))
        #expect(text.contains("of 20 passing"))

        // Saved as editors like vim do: a new file renamed over the old one.
        let temporary = exercises.appendingPathComponent(".ThumbnailCache.swift.tmp")
        try reference.write(to: temporary)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: temporary, to: file)
        text = try waitForReports(2, in: output)
        #expect(text.contains("20 of 20 passing"))
        #expect(text.contains("cachetutor exercises solution ThumbnailCache"))

        // A file that goes missing is named; writing it back in place is checked again.
        try FileManager.default.removeItem(at: file)
        text = try waitForReports(3, in: output)
        #expect(text.contains("Cannot check the file: exercises/ThumbnailCache.swift: no such file"))
        try starter.write(to: file)
        text = try waitForReports(4, in: output)
        #expect(text.components(separatedBy: "=== check").count - 1 == 4, "one report per save, not one per event: \(text)")

        process.signal(SIGINT)
        #expect(process.wait() == 1, "the last check (the starter) failed some tests")
        #expect(process.exited, "Ctrl-C ends the watch by exiting, not by the signal")
    }
}
