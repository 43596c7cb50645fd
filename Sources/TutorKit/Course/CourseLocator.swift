import Foundation
import TutorTerminal

/// A course folder: the one that holds `Lessons/`, `Quizzes/` and `Exercises/`.
public struct CourseLocation: Sendable, Equatable {
    /// The folder itself.
    public let root: URL
    /// How it was found, for `cachetutor --help` and error messages.
    public let source: Source

    /// Where a course location came from, in the order they are tried.
    public enum Source: String, Sendable {
        case option = "--course"
        case environment = "CACHETUTOR_COURSE"
        case workingDirectory = "working directory"
        case builtIn = "built-in course"
    }

    /// `Lessons/` inside the course.
    public var lessons: URL { root.appendingPathComponent("Lessons", isDirectory: true) }
    /// `Quizzes/` inside the course.
    public var quizzes: URL { root.appendingPathComponent("Quizzes", isDirectory: true) }
    /// `Exercises/` inside the course: starters and specs, never written to.
    public var exercises: URL { root.appendingPathComponent("Exercises", isDirectory: true) }

    /// A location at `root`, found by `source`.
    public init(root: URL, source: Source) {
        self.root = root
        self.source = source
    }
}

/// Why no course could be found.
public enum CourseLocatorError: UserFacingError, Equatable {
    /// A folder named explicitly (by `--course` or `CACHETUTOR_COURSE`) is not a course.
    case notACourse(path: String, source: CourseLocation.Source, missing: [String])
    /// Nothing was named, and no course was found upward or built in.
    case noCourseFound(searchedFrom: String)

    public var message: String {
        switch self {
        case let .notACourse(path, source, missing):
            return "\(path) (from \(source.rawValue)) is not a course folder: it has no \(missing.joined(separator: ", ")); a course holds Lessons/, Quizzes/ and Exercises/"
        case let .noCourseFound(start):
            return "no course found: no folder from \(start) upward holds Lessons/, Quizzes/ and Exercises/; pass --course DIR or set CACHETUTOR_COURSE"
        }
    }

    public var exitCode: ExitCode { .noInput }
}

/// Finds the course a command works on.
///
/// The order is: `--course DIR`, else `CACHETUTOR_COURSE`, else the nearest folder upward
/// from the working directory that holds `Lessons/`, `Quizzes/` and `Exercises/`, else the
/// course this binary was built from.
///
///     let course = try CourseLocator.locate(option: nil, environment: env, workingDirectory: cwd)
public enum CourseLocator {
    static let requiredFolders = ["Lessons", "Quizzes", "Exercises"]

    /// The course folder cachetutor was built from, if it still exists.
    public static var builtInRoot: URL {
        // Sources/TutorKit/Course/CourseLocator.swift → the package root.
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Locates the course, or throws a ``CourseLocatorError`` that says where it looked.
    public static func locate(
        option: String?,
        environment: [String: String] = ProcessEnvironment.current,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        builtIn: URL? = builtInRoot
    ) throws -> CourseLocation {
        if let option {
            return try named(option, source: .option, relativeTo: workingDirectory)
        }
        if let path = environment["CACHETUTOR_COURSE"], !path.isEmpty {
            return try named(path, source: .environment, relativeTo: workingDirectory)
        }
        var folder = workingDirectory.standardizedFileURL
        while true {
            if missingFolders(in: folder).isEmpty {
                return CourseLocation(root: folder, source: .workingDirectory)
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        if let builtIn, missingFolders(in: builtIn).isEmpty {
            return CourseLocation(root: builtIn.standardizedFileURL, source: .builtIn)
        }
        throw CourseLocatorError.noCourseFound(searchedFrom: workingDirectory.path)
    }

    private static func named(_ path: String, source: CourseLocation.Source, relativeTo base: URL) throws -> CourseLocation {
        let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
        let missing = missingFolders(in: url)
        guard missing.isEmpty else {
            throw CourseLocatorError.notACourse(path: path, source: source, missing: missing.map { $0 + "/" })
        }
        return CourseLocation(root: url, source: source)
    }

    private static func missingFolders(in folder: URL) -> [String] {
        requiredFolders.filter { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            return !(exists && isDirectory.boolValue)
        }
    }
}
