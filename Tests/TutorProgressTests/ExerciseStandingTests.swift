import Foundation
import Testing
import TutorProgress

@Suite struct ExerciseStandingTests {
    func check(_ status: String, _ passed: Int, at seconds: TimeInterval) -> CheckRecord {
        CheckRecord(exercise: "P", file: "P.swift", status: status, passed: passed, total: 10, date: Date(timeIntervalSince1970: seconds))
    }

    @Test func theLastCheckSaysWhereTheLearnerIs() {
        #expect(ExerciseStanding(checks: []) == .notStarted)
        #expect(ExerciseStanding(checks: [check("fail", 3, at: 1), check("fail", 7, at: 2)]) == .inProgress(passed: 7, total: 10, lastChecked: Date(timeIntervalSince1970: 2)))
        #expect(ExerciseStanding(checks: [check("fail", 3, at: 1), check("error", 0, at: 2)]) == .notCompiling(lastChecked: Date(timeIntervalSince1970: 2)))
    }

    @Test func passingOnceStaysPassedFromTheFirstPass() {
        let standing = ExerciseStanding(checks: [check("fail", 3, at: 1), check("pass", 10, at: 2), check("fail", 9, at: 3), check("pass", 10, at: 4)])
        #expect(standing == .passed(on: Date(timeIntervalSince1970: 2)))
        #expect(standing.hasPassed)
        #expect(!ExerciseStanding(checks: [check("fail", 9, at: 1)]).hasPassed)
    }
}
