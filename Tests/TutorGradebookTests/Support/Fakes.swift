import Foundation
@testable import TutorGradebook

/// A clock stopped at one moment.
struct FixedClock: WallClock {
    var now: Date
}

/// Submission times from a table, by student, so lateness is tested without git.
struct TableTimes: SubmissionTimeSource {
    var times: [String: SubmissionTime]

    func time(of submission: Submission) -> SubmissionTime? { times[submission.student] }
}

/// The moment `text` (ISO 8601 with a zone) names; a malformed literal is a broken test.
func moment(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
    return date
}
