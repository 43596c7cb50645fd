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
        // Read page by page, as the store counts it: a jump ahead reads nothing.
        let furthest = record.furthestPage ?? position.page
        record.furthestPage = position.page <= furthest + 1 ? max(furthest, position.page) : furthest
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
