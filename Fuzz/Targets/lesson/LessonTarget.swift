import TutorCourse
import TutorTerminal

/// Lesson files (the Markdown subset and its `:::` blocks): every error names a line of
/// the file and reads as one clean line, `parse` throws the first error `check` found,
/// each page and its hints render at a narrow and a wide terminal, and the same file saved
/// with CRLF line ends reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLesson(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = FuzzInput.text(FuzzInput.bytes(start, count))
    let file = "Lessons/05-fuzz.md"
    let result = LessonParser.check(text, file: file)
    for error in result.errors {
        FuzzCheck.cleanMessage(error.message, from: "lesson")
        FuzzCheck.lineExists(error.line, in: text, message: error.message)
    }
    do {
        let lesson = try LessonParser.parse(text, file: file)
        FuzzCheck.expect(result.errors.isEmpty && lesson == result.lesson, "parse accepted what check refused")
    } catch {
        FuzzCheck.expect(result.errors.isEmpty || error == result.errors.first, "parse threw \(error.message), not the first error of check")
    }

    if let lesson = result.lesson {
        for page in lesson.pages {
            FuzzCheck.lineExists(page.line, in: text, message: "page \(page.title)")
        }
        for width in [20, 100] {
            let renderer = MarkdownRenderer(style: TerminalStyle(colorEnabled: true, width: width))
            for index in lesson.pages.indices {
                _ = renderer.render(page: index, of: lesson)
                for hint in lesson.pages[index].hints { _ = renderer.render(hint: hint) }
            }
        }
    }
    _ = MarkdownRenderer(style: TerminalStyle(colorEnabled: false, width: 60)).render(markdown: text)

    let crlf = LessonParser.check(FuzzCheck.withCRLF(text), file: file)
    FuzzCheck.expect(crlf.lesson == result.lesson, "the CRLF copy reads as another lesson")
    FuzzCheck.expect(crlf.errors == result.errors, "the CRLF copy has other errors: \(crlf.errors.map(\.message)) vs \(result.errors.map(\.message))")
    return 0
}
