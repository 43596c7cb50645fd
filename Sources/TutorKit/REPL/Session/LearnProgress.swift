/// Where the learner is in the course and what they have done: the part of the progress
/// store the REPL reads and writes.
///
/// `ProgressStore` (module TutorProgress) is the real one; tests use ``MemoryLearnProgress``.
public protocol LearnProgress: AnyObject {
    /// The lesson and page `learn` reopens at, if the learner has been anywhere.
    func resumePosition() throws -> LearnPosition?
    /// What is recorded for one lesson.
    func record(forLesson lesson: String) throws -> LessonRecord
    /// Notes that the learner is looking at `position` (also the new resume position) in
    /// a lesson of `pageCount` pages.
    func recordPosition(_ position: LearnPosition, pageCount: Int) throws
    /// Notes that a try-it step is done.
    func recordStepDone(lesson: String, step: String) throws
    /// Notes that a hint was shown on `page` (from 1), for try-it step `step` if any.
    func recordHintUsed(lesson: String, page: Int, step: String?) throws
    /// Forgets everything recorded for a lesson.
    func resetLesson(_ lesson: String) throws
}

/// A lesson and a page in it, counted from 1.
public struct LearnPosition: Sendable, Equatable {
    /// The lesson id, `05-eviction`.
    public var lesson: String
    /// The page, from 1.
    public var page: Int

    /// A position.
    public init(lesson: String, page: Int) {
        self.lesson = lesson
        self.page = page
    }
}

/// What the progress store knows about one lesson.
public struct LessonRecord: Sendable, Equatable {
    /// The page last shown (from 1), or nil when never opened.
    public var page: Int?
    /// The furthest page reached.
    public var furthestPage: Int?
    /// The try-it steps done, by identifier (``LearnSession/stepIdentifier(page:)``, `3.1` for the step on page 3).
    public var stepsDone: Set<String>
    /// How many hints were shown.
    public var hintsUsed: Int
    /// The best completed quiz score, 0…1.
    public var bestQuizScore: Double?

    /// A record with every field given.
    public init(page: Int? = nil, furthestPage: Int? = nil, stepsDone: Set<String> = [], hintsUsed: Int = 0, bestQuizScore: Double? = nil) {
        self.page = page
        self.furthestPage = furthestPage
        self.stepsDone = stepsDone
        self.hintsUsed = hintsUsed
        self.bestQuizScore = bestQuizScore
    }
}

/// Progress kept in memory only: for tests, and for `learn` when the store cannot be opened.
public final class MemoryLearnProgress: LearnProgress {
    private var records: [String: LessonRecord] = [:]
    private var position: LearnPosition?

    /// An empty record.
    public init() {}

    public func resumePosition() throws -> LearnPosition? { position }

    public func record(forLesson lesson: String) throws -> LessonRecord { records[lesson] ?? LessonRecord() }

    public func recordPosition(_ position: LearnPosition, pageCount: Int) throws {
        self.position = position
        var record = records[position.lesson] ?? LessonRecord()
        record.page = position.page
        record.furthestPage = max(record.furthestPage ?? 0, position.page)
        records[position.lesson] = record
    }

    public func recordStepDone(lesson: String, step: String) throws {
        records[lesson, default: LessonRecord()].stepsDone.insert(step)
    }

    public func recordHintUsed(lesson: String, page: Int, step: String?) throws {
        records[lesson, default: LessonRecord()].hintsUsed += 1
    }

    public func resetLesson(_ lesson: String) throws {
        records[lesson] = nil
        if position?.lesson == lesson { position = nil }
    }
}
