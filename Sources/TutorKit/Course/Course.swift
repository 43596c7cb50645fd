import Foundation
import TutorTerminal

/// The lessons of a course, in order, with lookup by number, slug or id.
///
///     let course = try Course.load(from: location)
///     try course.lesson(named: "5")          // 05-eviction
///     try course.lesson(named: "eviction")   // the same
///     try course.lesson(named: "evictoin")   // throws: no lesson 'evictoin'; did you mean 'eviction'?
public struct Course: Sendable {
    /// The lessons, sorted by number.
    public let lessons: [Lesson]

    /// A course of `lessons`, sorted by number; two lessons with one number is an error.
    public init(lessons: [Lesson]) throws(CourseErrors) {
        let sorted = lessons.sorted { ($0.number, $0.id) < ($1.number, $1.id) }
        let errors = Course.duplicateNumbers(in: sorted)
        guard errors.isEmpty else { throw CourseErrors(errors: errors) }
        self.lessons = sorted
    }

    /// The lesson `name` names: a number (`5`, `05`), a slug (`eviction`) or an id
    /// (`05-eviction`), ignoring case.
    public func lesson(named name: String) throws(LessonLookupError) -> Lesson {
        if let lesson = find(name) { return lesson }
        throw LessonLookupError(name: name, suggestion: suggestion(for: name), available: lessons.map(\.id))
    }

    /// The lesson `name` names, or nil.
    public func find(_ name: String) -> Lesson? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let number = Int(wanted) { return lessons.first { $0.number == number } }
        let stem = wanted.hasSuffix(".md") ? String(wanted.dropLast(3)) : wanted
        return lessons.first { $0.slug == stem || $0.id.lowercased() == stem }
    }

    /// The closest slug or id to a misspelled `name`, if one is close.
    public func suggestion(for name: String) -> String? {
        guard let nearest = Suggestion.nearest(to: name.lowercased(), in: lessons.flatMap { [$0.slug, $0.id] }) else { return nil }
        return lessons.first { $0.id == nearest }?.slug ?? nearest
    }

    /// The position of the lesson with `id` in ``lessons``.
    public func index(ofLesson id: String) -> Int? {
        lessons.firstIndex { $0.id == id }
    }

    /// Loads every lesson in `location.lessons`, or throws every problem found.
    ///
    /// Files are named in messages as `displayRoot/Lessons/NN-slug.md` (`Lessons/…` when
    /// `displayRoot` is empty).
    public static func load(from location: CourseLocation, displayRoot: String = "") throws(CourseErrors) -> Course {
        let result = check(lessonsFolder: location.lessons, display: displayPath(displayRoot, "Lessons"))
        guard result.errors.isEmpty else { throw CourseErrors(errors: result.errors) }
        return try Course(lessons: result.lessons)
    }

    /// Parses every lesson file in `folder`, collecting all problems (duplicate numbers
    /// included) instead of stopping at the first.
    ///
    /// `display` is how messages name the folder (`Lessons`). `README.md` and hidden
    /// files are not lessons; every other `.md` file must be named `NN-slug.md`.
    public static func check(lessonsFolder folder: URL, display: String) -> (lessons: [Lesson], errors: [LessonError]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            return ([], [LessonError(file: display, line: nil, .unreadable(reason: "the folder does not exist or cannot be listed"))])
        }
        let files = names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") && $0.lowercased() != "readme.md" }.sorted()
        var lessons: [Lesson] = []
        var errors: [LessonError] = []
        for name in files {
            let shown = displayPath(display, name)
            let text: String
            do {
                text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            } catch {
                errors.append(LessonError(file: shown, line: nil, .unreadable(reason: "not readable as UTF-8 text")))
                continue
            }
            let result = LessonParser.check(text, file: shown)
            errors += result.errors
            if let lesson = result.lesson { lessons.append(lesson) }
        }
        if files.isEmpty { errors.append(LessonError(file: display, line: nil, .noLessons)) }
        lessons.sort { ($0.number, $0.id) < ($1.number, $1.id) }
        errors += duplicateNumbers(in: lessons)
        return (lessons, errors)
    }

    /// One error per lesson whose number an earlier lesson already uses.
    static func duplicateNumbers(in sorted: [Lesson]) -> [LessonError] {
        var errors: [LessonError] = []
        var first: [Int: Lesson] = [:]
        for lesson in sorted {
            if let other = first[lesson.number] {
                errors.append(LessonError(file: lesson.file, line: nil, .duplicateNumber(lesson.number, otherFile: other.file)))
            } else {
                first[lesson.number] = lesson
            }
        }
        return errors
    }

    static func displayPath(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

/// A lesson name that matches no lesson.
public struct LessonLookupError: UserFacingError, Equatable, Sendable {
    /// What the user typed.
    public var name: String
    /// The nearest slug, if one is close.
    public var suggestion: String?
    /// Every lesson id, for the message when nothing is close.
    public var available: [String]

    /// `no lesson 'evictoin'; did you mean 'eviction'?`
    public var message: String {
        if let suggestion { return "no lesson '\(name)'; did you mean '\(suggestion)'?" }
        return "no lesson '\(name)'; name a lesson by number (1), slug or id; 'cachetutor lessons' lists them"
    }

    /// A wrong lesson name is a usage error.
    public var exitCode: ExitCode { .usage }
}
