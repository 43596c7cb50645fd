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
