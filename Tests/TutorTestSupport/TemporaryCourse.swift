import Foundation

/// Course folders and homes made fresh in the temporary directory, for tests.
public enum TemporaryCourse {
    /// A course folder holding `lessons` (file name → text), a one-question quiz for each
    /// of `quizzes`, and an empty folder for each of `exercises`.
    public static func make(_ lessons: [String: String], quizzes: [String] = [], exercises: [String] = []) throws -> URL {
        let root = try folder("course")
        for folder in ["Lessons", "Quizzes", "Exercises"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (name, text) in lessons {
            try text.write(to: root.appendingPathComponent("Lessons/\(name)"), atomically: true, encoding: .utf8)
        }
        for quiz in quizzes {
            try "::Q:: A? {T}".write(to: root.appendingPathComponent("Quizzes/\(quiz).gift"), atomically: true, encoding: .utf8)
        }
        for exercise in exercises {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Exercises/\(exercise)"), withIntermediateDirectories: true)
        }
        return root
    }

    /// An empty folder named after `label`, new for each call.
    public static func folder(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
