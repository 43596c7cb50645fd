import Foundation
import TutorProgress
import TutorQuiz
import TutorTerminal

/// Lays out past quiz attempts for `cachetutor quiz --history`.
///
///     2026-11-29 14:02  05-eviction   6.5 / 8   81%
///     2026-11-29 14:30  06-delegates  2 / 3     67%  stopped after 3 of 7
public enum QuizHistoryFormatter {
    /// The lines for `attempts` (oldest first), with a best-score line per quiz; `quiz`
    /// names the one quiz they were filtered to, if any.
    public static func lines(_ attempts: [QuizAttemptRecord], quiz: String? = nil, style: TerminalStyle = .plain, timeZone: TimeZone = .current) -> [String] {
        guard !attempts.isEmpty else {
            if let quiz { return ["No attempts at \(quiz) yet. Take it with 'cachetutor quiz \(quiz)'."] }
            return ["No quiz attempts yet. Take one with 'cachetutor quiz 1' (or 'cachetutor quiz all')."]
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let nameWidth = attempts.map(\.quiz.count).max() ?? 0
        let scores = attempts.map { "\(points($0.score)) / \(points($0.maxScore))" }
        let scoreWidth = scores.map(\.count).max() ?? 0
        var lines = [style.paint("Quiz attempts (\(attempts.count)):", .bold)]
        for (attempt, score) in zip(attempts, scores) {
            var line = "  \(formatter.string(from: attempt.startedAt))  \(TextWrapper.pad(attempt.quiz, to: nameWidth))  \(TextWrapper.pad(score, to: scoreWidth))  \(percent(attempt))"
            if !attempt.completed { line += style.paint("  stopped early", .yellow) }
            let missed = attempt.answers.filter { $0.credit < 1 - 1e-9 }.count
            if missed > 0 { line += "  missed \(missed)" }
            if let seed = attempt.shuffleSeed { line += style.paint("  seed \(seed)", .dim) }
            lines.append(line)
        }
        var best: [String: Double] = [:]
        for attempt in attempts where attempt.completed && attempt.maxScore > 0 {
            best[attempt.quiz] = max(best[attempt.quiz] ?? 0, attempt.score / attempt.maxScore)
        }
        if !best.isEmpty {
            lines.append("")
            lines.append(style.paint("Best complete attempt per quiz:", .bold))
            for quiz in best.keys.sorted() {
                lines.append("  \(TextWrapper.pad(quiz, to: nameWidth))  \(Int((best[quiz]! * 100).rounded()))%")
            }
        }
        return lines
    }

    static func points(_ value: Double) -> String {
        GIFTNumericalValue.format((value * 100).rounded() / 100)
    }

    static func percent(_ attempt: QuizAttemptRecord) -> String {
        guard attempt.maxScore > 0 else { return "  –" }
        let value = "\(Int((attempt.score / attempt.maxScore * 100).rounded()))%"
        return String(repeating: " ", count: max(0, 4 - value.count)) + value
    }
}
