import Foundation

/// A snapshot of everything a learner's store holds, as `cachetutor progress --export json` writes it.
///
/// Dates are ISO 8601 in UTC; keys are sorted, so two exports of the same data are equal text.
public struct ProgressExport: Codable, Sendable, Equatable {
    /// The version of this JSON shape.
    public var formatVersion: Int
    /// When the export was made.
    public var exportedAt: Date
    /// Where `learn` would reopen.
    public var resume: ResumePoint?
    /// One summary per lesson.
    public var lessons: [LessonProgress]
    /// Every quiz attempt with its answers, oldest first.
    public var quizAttempts: [QuizAttemptRecord]
    /// Every check, oldest first.
    public var checks: [CheckRecord]

    /// An export with every field given.
    public init(formatVersion: Int, exportedAt: Date, resume: ResumePoint?, lessons: [LessonProgress], quizAttempts: [QuizAttemptRecord], checks: [CheckRecord]) {
        self.formatVersion = formatVersion
        self.exportedAt = exportedAt
        self.resume = resume
        self.lessons = lessons
        self.quizAttempts = quizAttempts
        self.checks = checks
    }

    /// The export as pretty-printed JSON with sorted keys and ISO 8601 dates.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}
