import Testing
@testable import TutorCourse

/// A lesson that uses every directive once, in the shape Lessons/README.md shows.
let sampleLesson = """
# Eviction and the miss path

:::goal
Write a cache-first loader that survives
an entry vanishing at any moment.
:::

:::page Limits are hints
Text of the *first* page.

```swift compile
let cache = NSCache<NSString, UIImage>()
cache.countLimit = 3
```
:::

:::page Watch it happen
More text.

:::try Make the cache evict `b` because of its cost
setup: cache new --cost 100 --policy lru
setup: set a 40
expect: evicted b by cost
expect: count <= 2
hint: The cost limit is 100.
hint: `set c 30` pushes the total over.
:::

:::hint
A page hint.
:::
:::

:::quiz 05-eviction
:::exercise ThumbnailCache
"""

@Suite struct LessonParserTests {
    let file = "Lessons/05-eviction.md"

    func errors(_ text: String, file: String = "Lessons/05-eviction.md") -> [String] {
        LessonParser.check(text, file: file).errors.map(\.message)
    }

    /// A minimal valid lesson with `page` as the only page's inner text.
    func lesson(page: String) -> String {
        "# T\n:::goal\nG.\n:::\n:::page P\n\(page)\n:::\n"
    }

    @Test func parsesEveryPartOfTheSample() throws {
        let lesson = try LessonParser.parse(sampleLesson, file: file)
        #expect(lesson.id == "05-eviction")
        #expect(lesson.number == 5)
        #expect(lesson.slug == "eviction")
        #expect(lesson.title == "Eviction and the miss path")
        #expect(lesson.goal == "Write a cache-first loader that survives an entry vanishing at any moment.")
        #expect(lesson.pages.map(\.title) == ["Limits are hints", "Watch it happen"])
        #expect(lesson.pages[0].line == 8)
        #expect(lesson.pages[0].body.first == .paragraph("Text of the *first* page."))
        #expect(lesson.pages[0].tryStep == nil)
        #expect(lesson.quiz == "05-eviction")
        #expect(lesson.quizLine == 34)
        #expect(lesson.exercises == ["ThumbnailCache"])
        #expect(lesson.file == file)
        let step = try #require(lesson.pages[1].tryStep)
        #expect(step.task == "Make the cache evict `b` because of its cost")
        #expect(step.setup == ["cache new --cost 100 --policy lru", "set a 40"])
        #expect(step.conditions == [.evicted(key: "b", reason: .cost), .count(Comparison(.lessOrEqual, 2))])
        #expect(step.hints == ["The cost limit is 100.", "`set c 30` pushes the total over."])
        #expect(step.line == 20)
        #expect(step.setupLines == [21, 22])
        #expect(step.conditionLines == [23, 24])
        #expect(lesson.pages[1].hints == [[.paragraph("A page hint.")]])
        #expect(lesson.trySteps.map(\.page) == [1])
    }

    @Test func findsCompilableCodeWithItsLine() throws {
        let lesson = try LessonParser.parse(sampleLesson, file: file)
        let code = try #require(lesson.codeBlocks.first)
        #expect(lesson.codeBlocks.count == 1)
        #expect(code.language == "swift")
        #expect(code.compiles)
        #expect(code.line == 11)
        #expect(code.lines == ["let cache = NSCache<NSString, UIImage>()", "cache.countLimit = 3"])
    }

    @Test func directivesInsideCodeAreCode() throws {
        let lesson = try LessonParser.parse(lesson(page: "```\n:::\n:::tryit\n```"), file: file)
        #expect(lesson.codeBlocks.first?.lines == [":::", ":::tryit"])
    }

    @Test func acceptsWindowsLineEndings() throws {
        let lesson = try LessonParser.parse(sampleLesson.replacingOccurrences(of: "\n", with: "\r\n"), file: file)
        #expect(lesson.title == "Eviction and the miss path")
        #expect(lesson.pages.count == 2)
    }

    @Test func unknownDirectiveSuggestsTheNearest() {
        let text = lesson(page: "Text.\n:::tryit Do it\nexpect: hit a\n:::")
        #expect(errors(text) == ["Lessons/05-eviction.md:7: unknown directive ':::tryit'; did you mean ':::try'?"])
        #expect(LessonParser.check(text, file: file).errors.first?.exitCode == .dataError)
    }

    /// Found by the fuzzer: a word quoted in a message kept its control characters.
    @Test func aQuotedWordIsEscaped() {
        let text = lesson(page: "Text.\n:::try Do it\nexpect: lacks\u{1E}\0\n:::")
        #expect(errors(text).contains { $0.hasPrefix("Lessons/05-eviction.md:8: unknown condition 'lacks\\u{1E}\\0'") }, "\(errors(text))")
    }

    /// Found by the fuzzer: a directive name of hundreds of characters made a message too
    /// long for one line; the name is quoted cut at 40 characters.
    @Test func aLongDirectiveNameIsQuotedCut() {
        let name = "tryIterator" + String(repeating: "H", count: 600)
        let found = errors(lesson(page: "Text.\n:::\(name)"))
        #expect(found.contains { $0.contains("unknown directive ':::tryIteratorHHHHHHHHHHHHHHHHHHHHHHHHHHHH…'") }, "\(found)")
        #expect(found.allSatisfy { $0.count < 300 }, "\(found)")
    }

    /// Found by the fuzzer again, in a try-it step's key: every word a message quotes from
    /// the file (a key, a condition, a setup command, a fence) is cut the same way.
    @Test func everyQuotedWordIsCut() {
        let long = String(repeating: "\u{11}", count: 500)
        let pages = ["Text.\n:::try Do it\nexpe\(long): 1\nexpect: hits 1\n:::", "Text.\n:::try Do it\nexpect: hits \(long)\n:::",
                     "Text.\n:::try Do it\nsetup: \(long)\nexpect: hits 1\n:::", "Text.\n:::try Do it\nexpect: \(long)\n:::"]
        for page in pages {
            let found = errors(lesson(page: page))
            #expect(!found.isEmpty && found.allSatisfy { $0.count <= 700 }, "\(found)")
        }
    }

    @Test func unknownDirectiveWithNothingCloseListsThem() {
        #expect(errors(lesson(page: "Text.\n:::xyzzy")) == [
            "Lessons/05-eviction.md:7: unknown directive ':::xyzzy'; directives are :::goal, :::page, :::try, :::hint, :::quiz, :::exercise",
        ])
    }

    @Test func unclosedPageNamesTheLineThatOpenedIt() {
        #expect(errors("# T\n:::goal\nG.\n:::\n:::page P\nText.\n") == [
            "Lessons/05-eviction.md:5: the ':::page' block opened here is never closed; end it with a line holding only ':::'",
        ])
    }

    @Test func unclosedFenceNamesItsLine() {
        #expect(errors(lesson(page: "Text.\n```swift\nlet a = 1")) == [
            "Lessons/05-eviction.md:5: the ':::page' block opened here is never closed; end it with a line holding only ':::'",
            "Lessons/05-eviction.md:7: the code block opened here with '```' is never closed",
        ])
    }

    @Test func pageInsidePageIsReportedOnce() {
        let text = "# T\n:::goal\nG.\n:::\n:::page A\nText.\n:::page B\nMore.\n:::\n"
        #expect(errors(text) == [
            "Lessons/05-eviction.md:7: ':::page' cannot open inside the ':::page' block opened at line 5; close that page with ':::' first",
        ])
    }

    @Test func textOutsideAPageIsOneErrorPerRun() {
        let text = "# T\n:::goal\nG.\n:::\nstray\nstray too\n\nagain\n:::page P\nText.\n:::\n"
        #expect(errors(text) == [
            "Lessons/05-eviction.md:5: text outside a page; put it inside a ':::page TITLE' … ':::' block",
            "Lessons/05-eviction.md:8: text outside a page; put it inside a ':::page TITLE' … ':::' block",
        ])
    }

    @Test func missingTitleGoalAndPages() {
        #expect(errors("Hello\n") == [
            "Lessons/05-eviction.md: the lesson has no ':::goal' block; add one before the first page",
            "Lessons/05-eviction.md: the lesson has no pages; add at least one ':::page TITLE' block",
            "Lessons/05-eviction.md:1: a lesson begins with its title, '# Title', on the first line",
            "Lessons/05-eviction.md:1: text outside a page; put it inside a ':::page TITLE' … ':::' block",
        ])
        #expect(errors("\n\n") == ["Lessons/05-eviction.md:1: a lesson begins with its title, '# Title', on the first line"])
    }

    @Test func missingGoalPointsAtTheFirstPage() {
        #expect(errors("# T\n:::page P\nText.\n:::\n") == [
            "Lessons/05-eviction.md:2: the lesson has no ':::goal' block; add one before the first page",
        ])
    }

    @Test func goalProblems() {
        #expect(errors("# T\n:::goal\n:::\n:::page P\nText.\n:::\n") == [
            "Lessons/05-eviction.md:2: the ':::goal' block is empty; write one sentence saying what the learner can do afterwards",
        ])
        #expect(errors(lesson(page: "Text.") + ":::goal\nAgain.\n:::\n") == [
            "Lessons/05-eviction.md:8: a second ':::goal' block; the goal is already given on line 2",
        ])
        #expect(errors("# T\n:::goal Inline\nG.\n:::\n:::page P\nText.\n:::\n") == [
            "Lessons/05-eviction.md:2: ':::goal' takes nothing else on its line; write its text on the lines below",
        ])
    }

    @Test func tryStepWithoutExpect() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nsetup: set a 1\n:::")) == [
            "Lessons/05-eviction.md:7: the try-it step has no 'expect:' line, so it could never be completed",
        ])
    }

    @Test func unknownConditionSuggests() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpect: evcted a\n:::")) == [
            "Lessons/05-eviction.md:8: unknown condition 'evcted'; did you mean 'evicted'?",
        ])
    }

    @Test func malformedConditions() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpect: evicted a by age\nexpect: count about 3\nexpect: cost > lots\nexpect: hit\n:::")) == [
            "Lessons/05-eviction.md:8: unknown eviction reason 'age'; reasons are count, cost, pressure, discarded",
            "Lessons/05-eviction.md:9: malformed 'count' condition; write 'count OP N, with OP one of = != < <= > >='",
            "Lessons/05-eviction.md:10: 'cost' compares with a whole number, not 'lots'",
            "Lessons/05-eviction.md:11: malformed 'hit' condition; write 'hit KEY'",
        ])
    }

    @Test func badTryLines() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpct: hit a\njust words\nsetup:\nexpect: hit a\n:::")) == [
            "Lessons/05-eviction.md:8: unknown key 'expct:' in a try-it step; did you mean 'expect:'?",
            "Lessons/05-eviction.md:9: a try-it step holds only 'setup:', 'expect:' and 'hint:' lines",
            "Lessons/05-eviction.md:10: 'setup:' has nothing after it",
        ])
    }

    @Test func twoTryStepsOnOnePage() {
        let text = lesson(page: "Text.\n:::try One\nexpect: hit a\n:::\n:::try Two\nexpect: hit b\n:::")
        #expect(errors(text) == [
            "Lessons/05-eviction.md:10: a second ':::try' on this page (the first is on line 7); a page holds at most one try-it step",
        ])
    }

    @Test func tryAndHintOutsideAPage() {
        let text = lesson(page: "Text.") + ":::try Go\nexpect: hit a\n:::\n:::hint\nH.\n:::\n"
        #expect(errors(text) == [
            "Lessons/05-eviction.md:8: ':::try' stands outside a page; put it inside a ':::page' block",
            "Lessons/05-eviction.md:11: ':::hint' stands outside a page; put it inside a ':::page' block",
        ])
    }

    @Test func tryInsideHint() {
        let text = lesson(page: "Text.\n:::hint\nH.\n:::try Go\nexpect: hit a\n:::")
        #expect(errors(text).first == "Lessons/05-eviction.md:9: ':::try' cannot open inside the ':::hint' block opened at line 7; close it with ':::' first")
    }

    @Test func emptyPageAndHint() {
        #expect(errors(lesson(page: "\n:::hint\n\n:::")) == [
            "Lessons/05-eviction.md:5: page 'P' has no text",
            "Lessons/05-eviction.md:7: the ':::hint' block is empty",
        ])
    }

    @Test func directiveArguments() {
        #expect(errors("# T\n:::goal\nG.\n:::\n:::page\nText.\n:::\n:::quiz\n") == [
            "Lessons/05-eviction.md:5: ':::page' needs a title on the same line",
            "Lessons/05-eviction.md:8: ':::quiz' needs a NAME on the same line",
        ])
        #expect(errors(lesson(page: "Text.\n:::try\nexpect: hit a\n:::")) == [
            "Lessons/05-eviction.md:7: ':::try' needs the task on the same line",
        ])
        #expect(errors(lesson(page: "Text.\n:::hint extra\nH.\n:::")) == [
            "Lessons/05-eviction.md:7: ':::hint' takes nothing else on its line; write its text on the lines below",
        ])
    }

    @Test func pointers() {
        #expect(errors(lesson(page: "Text.") + ":::quiz a\n:::quiz b\n:::exercise X\n:::exercise Y\n:::exercise X\n") == [
            "Lessons/05-eviction.md:9: a second ':::quiz'; the first is on line 8",
            "Lessons/05-eviction.md:12: a second ':::exercise X'; the first is on line 10",
        ])
        #expect(errors("# T\n:::goal\nG.\n:::\n:::quiz q\n:::page P\nText.\n:::\n") == [
            "Lessons/05-eviction.md:6: ':::page' comes after ':::quiz' on line 5; pages come before the quiz and exercise pointers",
        ])
        #expect(errors(lesson(page: "Text.\n:::quiz q")) == [
            "Lessons/05-eviction.md:7: ':::quiz' cannot stand inside the ':::page' block opened at line 5; it goes on its own line after the last page",
        ])
    }

    @Test func strayClose() {
        #expect(errors(lesson(page: "Text.") + ":::\n") == ["Lessons/05-eviction.md:8: ':::' closes nothing here; no block is open"])
    }

    @Test func goalAfterPage() {
        #expect(errors("# T\n:::page P\nText.\n:::\n:::goal\nG.\n:::\n") == [
            "Lessons/05-eviction.md:5: ':::goal' after a page; the goal comes before the first page",
        ])
    }

    @Test(arguments: ["intro.md", "5eviction.md", "05-.md", "05-Eviction.md", "05_eviction.md", "05-eviction.txt"])
    func badFileNames(name: String) {
        #expect(errors(sampleLesson, file: "Lessons/" + name).first == "Lessons/\(name): bad lesson file name '\(name)'; name lessons NN-slug.md, e.g. 05-eviction.md")
    }

    @Test func goodFileNames() {
        #expect(LessonParser.nameParts(ofFile: "05-eviction.md")! == (5, "eviction"))
        #expect(LessonParser.nameParts(ofFile: "10-testing-contracts.md")! == (10, "testing-contracts"))
        #expect(LessonParser.nameParts(ofFile: "7-x2.md")! == (7, "x2"))
    }

    @Test func throwingParseGivesTheFirstError() {
        #expect(throws: LessonError(file: file, line: 7, .unknownDirective("tryit", suggestion: "try"))) {
            try LessonParser.parse(lesson(page: "Text.\n:::tryit Do\nexpect: hit a\n:::"), file: file)
        }
    }

    @Test func aFencedBlockInATryStepIsItsSwiftAnswer() throws {
        let text = lesson(page: "Text.\n:::try Evict by count\nexpect: evictions by count >= 1\n```swift\nlet c = NSCache<NSString, NSString>()\n:::\n```\n:::")
        let parsed = try LessonParser.parse(text, file: file)
        let step = try #require(parsed.pages.first?.tryStep)
        #expect(step.isSwift)
        #expect(step.answer?.lines == ["let c = NSCache<NSString, NSString>()", ":::"], "a ':::' inside the fence is code")
    }

    @Test func conditionsMustSuitTheKindOfStep() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpect: printed hello\n:::")) == [
            "Lessons/05-eviction.md:8: 'printed hello' is about a Swift program's run, but this step is done in the playground; add a ```swift reference answer to make it a Swift step",
        ])
        #expect(errors(lesson(page: "Text.\n:::try Do it\nsetup: cache new\nexpect: hit a\n```swift\nprint(1)\n```\n:::")) == [
            "Lessons/05-eviction.md:8: a Swift step starts from the learner's own program, so 'setup:' playground commands do not apply",
            "Lessons/05-eviction.md:9: 'hit a' is about the playground, but this step is done in Swift (it holds a ```swift answer); use printed, stores, costless-stores, hits, misses or evictions [by REASON]",
        ])
    }

    @Test func aHintMayNameTheConditionThatMakesItStale() throws {
        let text = lesson(page: "Text.\n:::try Do it\nsetup: cache new\nexpect: count = 0\nhint until ran pressure critical: Type `pressure critical`.\nhint: Then `show`.\n:::")
        let step = try #require(try LessonParser.parse(text, file: file).pages.first?.tryStep)
        #expect(step.hints == ["Type `pressure critical`.", "Then `show`."])
        #expect(step.hintGoals == [.ran(command: "pressure critical"), nil])
        #expect(step.hintLines == [10, 11])
    }

    @Test func badHintGoalsAreErrorsWithTheirLine() {
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpect: hit a\nhint after hit a: Look.\nhint until: Look.\nhint until counts = 1: Look.\nhint until printed hi: Look.\n:::")) == [
            "Lessons/05-eviction.md:9: 'hint after hit a:' is not a hint line; write 'hint: TEXT', or 'hint until CONDITION: TEXT' for a hint passed over once CONDITION holds",
            "Lessons/05-eviction.md:10: 'hint until:' is not a hint line; write 'hint: TEXT', or 'hint until CONDITION: TEXT' for a hint passed over once CONDITION holds",
            "Lessons/05-eviction.md:11: unknown condition 'counts'; did you mean 'count'?",
            "Lessons/05-eviction.md:12: 'printed hi' is about a Swift program's run, but this step is done in the playground; add a ```swift reference answer to make it a Swift step",
        ])
        #expect(errors(lesson(page: "Text.\n:::try Do it\nexpect: printed hi\nhint until printed hi: Print it.\n```swift\nprint(\"hi\")\n```\n:::")) == [
            "Lessons/05-eviction.md:9: 'hint until' works in playground steps only; in a Swift step write 'hint: TEXT'",
        ])
    }
}
