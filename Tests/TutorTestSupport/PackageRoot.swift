import Foundation

/// The cachetutor checkout the tests were compiled from: the course (`Lessons/`,
/// `Quizzes/`, `Exercises/`), the fixtures and the sources every test reads.
public enum PackageRoot {
    /// `…/Tests/TutorTestSupport/PackageRoot.swift` → the package root.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path inside the package.
    public static func appending(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }
}
