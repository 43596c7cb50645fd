import Foundation
import TutorProgress
import TutorQuiz
import TutorTerminal

/// Saves quiz results in the learner's progress store, never losing one.
///
/// When the store cannot be opened or written, the learner gets a one-line warning and
/// the attempt goes to a JSON file instead (beside the store if possible, else in the
/// temporary folder), named in the warning so nothing is lost.
public enum QuizAttemptSaver {
    /// The record of `result` as the progress store keeps it.
    public static func record(_ result: QuizResult) -> QuizAttemptRecord {
        QuizAttemptRecord(
            quiz: result.quiz,
            score: result.score,
            maxScore: Double(result.maxScore),
            answers: result.answers.map { answered in
                QuizAnswerRecord(
                    question: answered.question.attemptKey,
                    response: answered.responseText,
                    credit: answered.score?.credit ?? 0
                )
            },
            completed: result.completed,
            startedAt: result.startedAt,
            finishedAt: result.finishedAt,
            shuffleSeed: result.shuffleSeed
        )
    }

    /// Saves every result that has at least one answer; returns how many were saved in the store.
    @discardableResult
    public static func save(_ results: [QuizResult], environment: [String: String], console: Console) -> Int {
        let records = results.filter { !$0.answers.isEmpty }.map(record)
        guard !records.isEmpty else { return 0 }
        do {
            let store = try ProgressStore.open(environment: environment) { console.warning($0) }
            return try save(records, to: store)
        } catch {
            keepAside(records, environment: environment, console: console, reason: reason(error))
            return 0
        }
    }

    /// Saves `records` in `store`, stopping at the first failure (which it throws).
    static func save(_ records: [QuizAttemptRecord], to store: ProgressStore) throws -> Int {
        for record in records { try store.recordQuizAttempt(record) }
        return records.count
    }

    static func reason(_ error: any Error) -> String {
        userFacingMessage(error)
    }

    /// Writes `records` as JSON where it can and says where.
    static func keepAside(_ records: [QuizAttemptRecord], environment: [String: String], console: Console, reason: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let name = "quiz-attempt-\(stamp)-\(ProcessInfo.processInfo.processIdentifier).json"
        var folders: [URL] = []
        if let store = try? ProgressStore.location(environment: environment) { folders.append(store.deletingLastPathComponent()) }
        folders.append(FileManager.default.temporaryDirectory)
        guard let data = try? encoder.encode(records) else { return }
        for folder in folders {
            let url = folder.appendingPathComponent(name)
            if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
               (try? data.write(to: url, options: .atomic)) != nil {
                console.warning("could not save this quiz attempt in your progress (\(reason)); it is kept in \(url.path)")
                return
            }
        }
        console.warning("could not save this quiz attempt in your progress (\(reason)), nor write a copy; your score above is not recorded")
    }
}
