import Foundation
import Testing
@testable import TutorCourse

@Suite struct CourseLocatorTests {
    /// A temporary folder, optionally laid out as a course, removed by the caller.
    func makeFolder(course: Bool) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if course {
            for name in CourseLocator.requiredFolders {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        }
        return root
    }

    @Test func optionWinsOverEverything() throws {
        let course = try makeFolder(course: true)
        defer { try? FileManager.default.removeItem(at: course) }
        let other = try makeFolder(course: true)
        defer { try? FileManager.default.removeItem(at: other) }
        let found = try CourseLocator.locate(option: course.path, environment: ["CACHETUTOR_COURSE": other.path], workingDirectory: other, builtIn: nil)
        #expect(found.root.path == course.standardizedFileURL.path)
        #expect(found.source == .option)
    }

    @Test func environmentComesNext() throws {
        let course = try makeFolder(course: true)
        defer { try? FileManager.default.removeItem(at: course) }
        let found = try CourseLocator.locate(option: nil, environment: ["CACHETUTOR_COURSE": course.path], workingDirectory: course, builtIn: nil)
        #expect(found.source == .environment)
    }

    @Test func searchesUpwardFromTheWorkingDirectory() throws {
        let course = try makeFolder(course: true)
        defer { try? FileManager.default.removeItem(at: course) }
        let deep = course.appendingPathComponent("exercises/deeper")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        let found = try CourseLocator.locate(option: nil, environment: [:], workingDirectory: deep, builtIn: nil)
        #expect(found.root.path == course.standardizedFileURL.path)
        #expect(found.source == .workingDirectory)
    }

    @Test func fallsBackToTheBuiltInCourse() throws {
        let empty = try makeFolder(course: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        let builtIn = try makeFolder(course: true)
        defer { try? FileManager.default.removeItem(at: builtIn) }
        let found = try CourseLocator.locate(option: nil, environment: [:], workingDirectory: empty, builtIn: builtIn)
        #expect(found.source == .builtIn)
    }

    @Test func aNamedFolderThatIsNotACourseIsAnError() throws {
        let empty = try makeFolder(course: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: CourseLocatorError.notACourse(path: empty.path, source: .option, missing: ["Lessons/", "Quizzes/", "Exercises/"])) {
            try CourseLocator.locate(option: empty.path, environment: [:], workingDirectory: empty, builtIn: nil)
        }
    }

    @Test func nothingFoundIsAClearError() throws {
        let empty = try makeFolder(course: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: CourseLocatorError.noCourseFound(searchedFrom: empty.path)) {
            try CourseLocator.locate(option: nil, environment: [:], workingDirectory: empty, builtIn: nil)
        }
    }
}
