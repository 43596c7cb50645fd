import Foundation
import Testing
import TutorCourse
import TutorTerminal
import TutorTestSupport

/// The course's own lessons (in `Lessons/` of the package) parse and render cleanly.
@Suite struct RealLessonsTests {
    static let lessonsFolder = PackageRoot.appending("Lessons")

    @Test func everyLessonParses() {
        let result = Course.check(lessonsFolder: Self.lessonsFolder, display: "Lessons")
        #expect(result.errors.map(\.message) == [])
        #expect(!result.lessons.isEmpty)
    }

    @Test(arguments: [40, 80, 120])
    func everyPageFitsTheWidth(width: Int) {
        let lessons = Course.check(lessonsFolder: Self.lessonsFolder, display: "Lessons").lessons
        for color in [false, true] {
            let renderer = MarkdownRenderer(style: TerminalStyle(colorEnabled: color, width: width))
            for lesson in lessons {
                for index in lesson.pages.indices {
                    let lines = renderer.render(page: index, of: lesson)
                    for line in lines where TextWrapper.visibleWidth(line) > width {
                        Issue.record("\(lesson.file) page \(index + 1) at \(width) columns: \(line)")
                    }
                    if !color {
                        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
                    }
                }
            }
        }
    }
}
