import Testing
@testable import TutorCourse
import TutorTerminal

@Suite struct MarkdownRendererTests {
    func renderer(_ width: Int, color: Bool = false) -> MarkdownRenderer {
        MarkdownRenderer(style: TerminalStyle(colorEnabled: color, width: width))
    }

    /// A page exercising every block the renderer knows.
    static let everything = """
    ## Count limits

    A cache bounded by `countLimit` holds at most that many entries, *more or less*: the limit is **a hint**, and the engine may evict a little early or late.

    - first point, long enough that it has to wrap onto a second line at forty columns
    - second point
      1. nested numbered item that also wraps when the terminal is narrow
      2. another

    > A quote that is long enough to wrap when the terminal is only forty columns wide.

    | limit | default | what it bounds |
    |---|---:|---|
    | `countLimit` | 0 | the number of entries in the cache, however large each is |
    | `totalCostLimit` | 0 | the sum of the costs you pass to setObject(_:forKey:cost:) |

    ```swift
    let cache = NSCache<NSString, UIImage>() // a cache of decoded images, keyed by the URL string they came from
    cache.countLimit = 50
    ```

    ---
    """

    @Test(arguments: [40, 80, 120])
    func everyLineFitsTheWidth(width: Int) {
        for color in [false, true] {
            let lines = renderer(width, color: color).render(markdown: Self.everything)
            #expect(!lines.isEmpty)
            for line in lines {
                #expect(TextWrapper.visibleWidth(line) <= width, "\(width) columns: \(line)")
            }
        }
    }

    @Test(arguments: [40, 80, 120])
    func noColorHasNoEscapeCodes(width: Int) {
        let lines = renderer(width).render(markdown: Self.everything)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
        let colored = renderer(width, color: true).render(markdown: Self.everything)
        #expect(colored.contains { $0.contains("\u{1B}[") })
    }

    @Test func paragraphsWrapAtForty() {
        let lines = renderer(40).render(markdown: "A cache bounded by `countLimit` holds at most that many entries, *more or less*.")
        #expect(lines == [
            "A cache bounded by `countLimit` holds at",
            "most that many entries, more or less.",
        ])
    }

    @Test func inlineStyles() {
        let plain = renderer(80)
        #expect(plain.inline("a *b* **c** `d` \\*e\\*") == "a b c `d` *e*")
        let colored = renderer(80, color: true)
        #expect(colored.inline("*two words*") == "\u{1B}[3mtwo\u{1B}[0m \u{1B}[3mwords\u{1B}[0m")
        #expect(colored.inline("`code`") == "\u{1B}[36mcode\u{1B}[0m")
        #expect(colored.inline("**b**") == "\u{1B}[1mb\u{1B}[0m")
    }

    @Test func headingsAreUnderlined() {
        #expect(renderer(80).render(markdown: "# Top\n## Second\n### Third") == ["Top", "═══", "", "Second", "──────", "", "Third"])
    }

    @Test func bulletedListsHaveAHangingIndent() {
        let lines = renderer(40).render(markdown: "- first point, long enough that it has to wrap onto a second line\n- second")
        #expect(lines == [
            "• first point, long enough that it has",
            "  to wrap onto a second line",
            "• second",
        ])
    }

    @Test func numberedListsAlignTheirNumbers() {
        let items = (1...10).map { "\($0). item \($0)" }.joined(separator: "\n")
        let lines = renderer(40).render(markdown: items)
        #expect(lines.first == " 1. item 1")
        #expect(lines.last == "10. item 10")
        let wrapped = renderer(20).render(markdown: "3. a numbered item that wraps")
        #expect(wrapped == ["3. a numbered item", "   that wraps"])
    }

    @Test func nestedListsIndentFurther() {
        let lines = renderer(40).render(markdown: "- outer\n  - inner")
        #expect(lines == ["• outer", "  • inner"])
    }

    @Test func quotesGetABar() {
        let lines = renderer(30).render(markdown: "> A quote that is long enough to wrap twice over here.")
        #expect(lines == ["│ A quote that is long enough", "│ to wrap twice over here."])
    }

    @Test func tablesFitTheirNaturalWidth() {
        let lines = renderer(80).render(markdown: "| a | bb |\n|---|--:|\n| 1 | 2 |\n| long | x |")
        #expect(lines == [
            "┌──────┬────┐",
            "│ a    │ bb │",
            "├──────┼────┤",
            "│ 1    │  2 │",
            "│ long │  x │",
            "└──────┴────┘",
        ])
    }

    @Test func narrowTablesWrapTheirCells() {
        let lines = renderer(30).render(markdown: "| name | meaning |\n|---|---|\n| countLimit | the number of entries the cache holds |")
        #expect(lines == [
            "┌────────────┬───────────────┐",
            "│ name       │ meaning       │",
            "├────────────┼───────────────┤",
            "│ countLimit │ the number of │",
            "│            │ entries the   │",
            "│            │ cache holds   │",
            "└────────────┴───────────────┘",
        ])
    }

    @Test func codeIsIndentedAndNotReflowed() {
        let lines = renderer(80).render(markdown: "```swift\nlet a  =  1\n\n    indented()\n```")
        #expect(lines == ["  let a  =  1", "", "      indented()"])
    }

    @Test func longCodeBreaksAtASpaceWithAMarker() {
        let lines = renderer(40).render(markdown: "```swift\nlet cache = NSCache<NSString, UIImage>() // decoded images\n```")
        #expect(lines == [
            "  let cache = NSCache<NSString,",
            "  ↪ UIImage>() // decoded images",
        ])
    }

    @Test func codeNeverBreaksInsideATokenThatFits() {
        let code = "```swift\nlet thumbnails = cache.object(forKey: identifier as NSString) ?? placeholderImageForMissingThumbnails\n```"
        for width in [40, 50, 60, 70] {
            let lines = renderer(width).render(markdown: code)
            let words = lines.map { $0.replacingOccurrences(of: "↪ ", with: "") }.joined(separator: " ")
                .split { !$0.isLetter && !$0.isNumber }
            for word in ["thumbnails", "identifier", "NSString", "placeholderImageForMissingThumbnails"] {
                #expect(words.contains(Substring(word)), "width \(width) split \(word): \(lines)")
            }
            #expect(lines.allSatisfy { TextWrapper.visibleWidth($0) <= width })
        }
    }

    @Test func aTokenWiderThanTheLineIsCut() {
        let lines = renderer(20).render(markdown: "```\nabcdefghijklmnopqrstuvwxyz\n```")
        #expect(lines == ["  abcdefghijklmnopqr", "  ↪ stuvwxyz"])
    }

    @Test func swiftIsColouredByTokenKind() {
        let lines = renderer(80, color: true).render(markdown: "```swift\nlet n: Int = 3 // three\n```")
        #expect(lines == ["  \u{1B}[35mlet\u{1B}[0m n: \u{1B}[36mInt\u{1B}[0m = \u{1B}[33m3\u{1B}[0m \u{1B}[90m// three\u{1B}[0m"])
        let other = renderer(80, color: true).render(markdown: "```\nlet n = 3\n```")
        #expect(other == ["  let n = 3"])
    }

    @Test func pagesShowHeaderTitleBodyAndTask() throws {
        let lesson = try LessonParser.parse(sampleLesson, file: "Lessons/05-eviction.md")
        let lines = renderer(60).render(page: 1, of: lesson)
        #expect(lines == [
            "05 Eviction and the miss path · page 2 of 2",
            "Watch it happen",
            "───────────────",
            "",
            "More text.",
            "",
            "▶ Try it: Make the cache evict `b` because of its cost",
        ])
        #expect(renderer(60).render(page: 5, of: lesson).isEmpty)
        #expect(renderer(60).render(hint: lesson.pages[1].hints[0]) == ["Hint: A page hint."])
    }
}
