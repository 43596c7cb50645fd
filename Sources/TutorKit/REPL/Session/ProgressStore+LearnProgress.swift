import TutorProgress

extension ProgressStore: LearnProgress {
    public func resumePosition() throws -> LearnPosition? {
        try resumePoint().map { LearnPosition(lesson: $0.lesson, page: $0.page) }
    }

    public func record(forLesson lesson: String) throws -> LessonRecord {
        guard let summary = try summary(lessons: [lesson]).first(where: { $0.lesson == lesson }) else { return LessonRecord() }
        return LessonRecord(
            page: summary.page,
            furthestPage: summary.furthestPage,
            stepsDone: Set(summary.stepsDone),
            hintsUsed: summary.hintsUsed,
            bestQuizScore: summary.bestQuizScore
        )
    }

    public func recordPosition(_ position: LearnPosition, pageCount: Int) throws {
        try recordPosition(lesson: position.lesson, page: position.page, pageCount: pageCount)
    }

    public func recordStepDone(lesson: String, step: String) throws {
        try recordStepDone(lesson: lesson, step: step, skipped: false)
    }

    public func recordHintUsed(lesson: String, page: Int, step: String?) throws {
        try recordHint(lesson: lesson, page: page, step: step)
    }
}
