import Foundation
import Testing
@testable import TutorProgress
import TutorStorage

/// The Leitner boxes of `quiz review`, with the clock passed in.
@Suite struct ReviewScheduleTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let day: TimeInterval = 86_400

    func answer(_ card: ReviewCard?, credit: Double, after days: Double) -> ReviewCard? {
        ReviewSchedule.next(after: card, quiz: "05-eviction", question: "05 Strict LRU", credit: credit, at: start.addingTimeInterval(days * day))
    }

    @Test func aMissGoesToBoxOneDueAtOnce() throws {
        let card = try #require(answer(nil, credit: 0, after: 0))
        #expect(card.box == 1)
        #expect(card.dueAt == start)
        #expect(card.isDue(at: start))
    }

    @Test func partlyRightCountsAsAMiss() throws {
        #expect(try #require(answer(nil, credit: 0.5, after: 0)).box == 1)
    }

    @Test func aRightAnswerWithoutACardMakesNone() {
        #expect(answer(nil, credit: 1, after: 0) == nil)
    }

    @Test func eachRightAnswerMovesUpABoxAndWaitsLonger() throws {
        var card = try #require(answer(nil, credit: 0, after: 0))
        var now = 0.0
        for (box, wait) in [(2, 1.0), (3, 3), (4, 7), (5, 21), (5, 21)] {
            card = try #require(answer(card, credit: 1, after: now))
            #expect(card.box == box)
            #expect(card.dueAt == start.addingTimeInterval((now + wait) * day))
            #expect(!card.isDue(at: start.addingTimeInterval((now + wait - 0.5) * day)))
            #expect(card.isDue(at: start.addingTimeInterval((now + wait) * day)))
            now += wait
        }
    }

    @Test func aMissSendsAnyBoxBackToOne() throws {
        var card = try #require(answer(nil, credit: 0, after: 0))
        card = try #require(answer(card, credit: 1, after: 0))
        card = try #require(answer(card, credit: 1, after: 1))
        #expect(card.box == 3)
        card = try #require(answer(card, credit: 0.25, after: 4))
        #expect(card.box == 1)
        #expect(card.dueAt == start.addingTimeInterval(4 * day))
    }
}

/// Review cards as the progress store keeps them.
@Suite struct ReviewStoreTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func attempt(_ credits: [String: Double], at seconds: TimeInterval) -> QuizAttemptRecord {
        let answers = credits.keys.sorted().map { QuizAnswerRecord(question: $0, response: "x", credit: credits[$0]!) }
        let date = Date(timeIntervalSince1970: seconds)
        return QuizAttemptRecord(quiz: "05-eviction", score: credits.values.reduce(0, +), maxScore: Double(credits.count),
                                 answers: answers, completed: true, startedAt: date, finishedAt: date, shuffleSeed: 42)
    }

    @Test func aQuizAttemptFilesItsMissesAndKeepsItsSeed() throws {
        let store = try ProgressStore(url: folder.storeURL)
        try store.recordQuizAttempt(attempt(["a": 1, "b": 0, "c": 0.5], at: 100))
        #expect(try store.dueReviewCards(at: Date(timeIntervalSince1970: 100)).map(\.question) == ["b", "c"])
        #expect(try store.quizAttempts().first?.shuffleSeed == 42)

        try store.recordQuizAttempt(attempt(["a": 1, "b": 1, "c": 0], at: 200))
        let cards = try store.reviewCards()
        #expect(cards.map(\.question) == ["c", "b"])
        #expect(cards.map(\.box) == [1, 2])
        #expect(try store.dueReviewCards(at: Date(timeIntervalSince1970: 300)).map(\.question) == ["c"])
    }

    @Test func aReviewMovesOneCard() throws {
        let store = try ProgressStore(url: folder.storeURL)
        try store.recordQuizAttempt(attempt(["b": 0], at: 100))
        try store.recordReview(quiz: "05-eviction", question: "b", credit: 1, at: Date(timeIntervalSince1970: 150))
        let card = try #require(try store.reviewCards().first)
        #expect(card.box == 2)
        #expect(card.dueAt == Date(timeIntervalSince1970: 150 + 86_400))
    }

    @Test func migratingAVersionOneFileKeepsItsAttemptsAndStartsCardsFromTheLatestAnswers() throws {
        let versionOne = SQLiteSchema(applicationID: ProgressStore.applicationID, migrations: [ProgressStore.schema.migrations[0]])
        do {
            let old = try SQLiteDatabase.open(at: folder.storeURL, schema: versionOne)
            for (id, finished, credit) in [(1, 100.0, 0.0), (2, 200.0, 1.0)] {
                try old.execute("INSERT INTO quiz_attempt (id, quiz, score, max_score, completed, started_at, finished_at) VALUES (?, '05-eviction', ?, 2, 1, ?, ?)",
                                [.int(id), .real(credit), .real(finished), .real(finished)])
                try old.execute("INSERT INTO quiz_answer (attempt_id, position, question, response, credit) VALUES (?, 0, 'fixed later', 'x', ?)", [.int(id), .real(credit)])
                try old.execute("INSERT INTO quiz_answer (attempt_id, position, question, response, credit) VALUES (?, 1, 'still missed', 'x', 0)", [.int(id)])
            }
        }
        let store = try ProgressStore(url: folder.storeURL)
        let attempts = try store.quizAttempts()
        #expect(attempts.count == 2)
        #expect(attempts.allSatisfy { $0.shuffleSeed == nil })
        #expect(try store.reviewCards().map(\.question) == ["still missed"])
    }
}
