import TutorCourse
import TutorTerminal

/// Saving what the learner does in `learn`: the page they are on (written only when it
/// changes), steps done, hints shown, a lesson reset. A store that fails is reported as a
/// warning and the session goes on; nothing here ever ends it.
final class LearnRecorder {
    let progress: any LearnProgress
    private let console: Console
    /// The position last written, so an unchanged one is not written again.
    private var saved: LearnPosition?

    init(progress: any LearnProgress, console: Console) {
        self.progress = progress
        self.console = console
    }

    /// Where the learner left off, remembered as already saved.
    func resumePosition() -> LearnPosition? {
        do {
            saved = try progress.resumePosition()
        } catch {
            warn(error)
        }
        return saved
    }

    /// The page (from 0) the learner last reached in `lesson`, within its pages.
    func savedPage(of lesson: Lesson) -> Int {
        let record = try? progress.record(forLesson: lesson.id)
        return min(max((record?.page ?? 1) - 1, 0), lesson.pages.count - 1)
    }

    /// Records page `page` (from 0) of `lesson` unless it is the position saved last.
    func savePosition(lesson: Lesson, page: Int) {
        let position = LearnPosition(lesson: lesson.id, page: page + 1)
        guard position != saved else { return }
        attempt {
            try progress.recordPosition(position, pageCount: lesson.pages.count)
            saved = position
        }
    }

    /// Records a try-it step done.
    func stepDone(lesson: Lesson, step: String) {
        attempt { try progress.recordStepDone(lesson: lesson.id, step: step) }
    }

    /// Records a hint shown on `page` (from 1), for `step` if any.
    func hintShown(lesson: Lesson, page: Int, step: String?) {
        attempt { try progress.recordHintUsed(lesson: lesson.id, page: page, step: step) }
    }

    /// Forgets `lesson`; true when it did.
    func reset(lesson: Lesson) -> Bool {
        do {
            try progress.resetLesson(lesson.id)
            saved = nil
            return true
        } catch {
            warn(error)
            return false
        }
    }

    /// Reports a failure of the progress store without ending the session.
    func warn(_ error: any Error) {
        console.warning("progress not saved: \(userFacingMessage(error))")
    }

    private func attempt(_ write: () throws -> Void) {
        do {
            try write()
        } catch {
            warn(error)
        }
    }
}
