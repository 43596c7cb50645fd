/// Where the learner is in the course: a lesson and one of its pages, and how the page
/// commands move it. Pure: the session shows the page a move lands on.
///
/// Invariant (checked after every move): ``lesson`` indexes ``pageCounts`` and ``page``
/// indexes that lesson's pages; a lesson without pages counts as one empty page.
///
///     var cursor = LessonCursor(pageCounts: [3, 2])
///     cursor.forward()          // .nextPage: lesson 0, page 1
///     cursor.goTo(page: 3)      // true: lesson 0, page 2
///     cursor.forward()          // .nextLesson: lesson 1, page 0
struct LessonCursor: Equatable {
    /// What ``forward()`` did.
    enum Move: Equatable {
        /// The next page of the same lesson.
        case nextPage
        /// The first page of the next lesson.
        case nextLesson
        /// Nothing: this is the last page of the course.
        case endOfCourse
    }

    /// Each lesson's number of pages, in course order.
    let pageCounts: [Int]
    /// The lesson's index in the course.
    private(set) var lesson = 0
    /// The page's index in the lesson.
    private(set) var page = 0

    /// The first page of the first lesson of a course whose lessons have `pageCounts` pages.
    init(pageCounts: [Int]) {
        self.pageCounts = pageCounts.map { max(1, $0) }
        checkInvariants()
    }

    /// Whether this is the lesson's last page.
    var isOnLastPage: Bool { page == pageCounts[lesson] - 1 }
    /// Whether this is the course's last lesson.
    var isInLastLesson: Bool { lesson == pageCounts.count - 1 }

    /// One page on: the lesson's next page, else the next lesson's first.
    mutating func forward() -> Move {
        defer { checkInvariants() }
        if !isOnLastPage {
            page += 1
            return .nextPage
        }
        guard !isInLastLesson else { return .endOfCourse }
        lesson += 1
        page = 0
        return .nextLesson
    }

    /// One page back within the lesson; false on its first page.
    mutating func back() -> Bool {
        defer { checkInvariants() }
        guard page > 0 else { return false }
        page -= 1
        return true
    }

    /// Page `number` (counted from 1) of this lesson; false when it has no such page.
    mutating func goTo(page number: Int) -> Bool {
        defer { checkInvariants() }
        guard (1...pageCounts[lesson]).contains(number) else { return false }
        page = number - 1
        return true
    }

    /// Lesson `index`, at `page` (an index) kept within its pages.
    mutating func open(lesson index: Int, page: Int) {
        defer { checkInvariants() }
        lesson = min(max(index, 0), pageCounts.count - 1)
        self.page = min(max(page, 0), pageCounts[lesson] - 1)
    }

    private func checkInvariants() {
        assert(pageCounts.isEmpty || (pageCounts.indices.contains(lesson) && (0..<pageCounts[lesson]).contains(page)), "cursor \(lesson)/\(page) outside \(pageCounts)")
    }
}
