import Testing
@testable import TutorREPL

/// Moving through a course's pages, without a session.
@Suite struct LessonCursorTests {
    @Test func forwardWalksEveryPageThenStopsAtTheEndOfTheCourse() {
        var cursor = LessonCursor(pageCounts: [2, 1, 3])
        var moves: [LessonCursor.Move] = []
        var visited = [[cursor.lesson, cursor.page]]
        for _ in 0..<6 {
            moves.append(cursor.forward())
            visited.append([cursor.lesson, cursor.page])
        }
        #expect(moves == [.nextPage, .nextLesson, .nextLesson, .nextPage, .nextPage, .endOfCourse])
        #expect(visited == [[0, 0], [0, 1], [1, 0], [2, 0], [2, 1], [2, 2], [2, 2]])
        #expect(cursor.isOnLastPage && cursor.isInLastLesson)
    }

    @Test func backStaysWithinTheLesson() {
        var cursor = LessonCursor(pageCounts: [2, 2])
        cursor.open(lesson: 1, page: 1)
        let moved = [cursor.back(), cursor.back()]
        #expect(moved == [true, false])
        #expect([cursor.lesson, cursor.page] == [1, 0])
    }

    @Test func goToRefusesAPageTheLessonDoesNotHave() {
        var cursor = LessonCursor(pageCounts: [4])
        let moved = [cursor.goTo(page: 4), cursor.goTo(page: 0), cursor.goTo(page: 5)]
        #expect(moved == [true, false, false])
        #expect(cursor.page == 3)
    }

    @Test func openKeepsASavedPageWithinTheLesson() {
        var cursor = LessonCursor(pageCounts: [3, 2])
        cursor.open(lesson: 1, page: 9)
        #expect([cursor.lesson, cursor.page] == [1, 1])
        cursor.open(lesson: 0, page: -1)
        #expect([cursor.lesson, cursor.page] == [0, 0])
    }
}
