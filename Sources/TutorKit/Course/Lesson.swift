/// One lesson of the course, parsed from `Lessons/NN-slug.md`.
///
///     let lesson = try LessonParser.parse(text, file: "Lessons/05-eviction.md")
///     lesson.id        // "05-eviction"
///     lesson.number    // 5
///     lesson.slug      // "eviction"
public struct Lesson: Sendable, Equatable {
    /// The file stem, `05-eviction`; also the name progress is stored under.
    public var id: String
    /// The number that orders the course.
    public var number: Int
    /// The short name after the number, `eviction`.
    public var slug: String
    /// The `# Title` line.
    public var title: String
    /// The one-sentence goal, as inline Markdown.
    public var goal: String
    /// The pages, in reading order (never empty for a parsed lesson).
    public var pages: [Page]
    /// The quiz named by `:::quiz`, without `.gift`.
    public var quiz: String?
    /// The 1-based line of `:::quiz`, for lint messages.
    public var quizLine: Int?
    /// The exercises named by `:::exercise` lines, in order: what the lesson leads to.
    public var exercises: [String]
    /// The 1-based line of each `:::exercise`, for lint messages.
    public var exerciseLines: [Int]
    /// The file as messages name it, `Lessons/05-eviction.md`.
    public var file: String

    /// A lesson.
    public init(
        id: String, number: Int, slug: String, title: String, goal: String, pages: [Page],
        quiz: String? = nil, quizLine: Int? = nil, exercises: [String] = [], exerciseLines: [Int] = [],
        file: String
    ) {
        self.id = id
        self.number = number
        self.slug = slug
        self.title = title
        self.goal = goal
        self.pages = pages
        self.quiz = quiz
        self.quizLine = quizLine
        self.exercises = exercises
        self.exerciseLines = exerciseLines
        self.file = file
    }

    /// Every try-it step, with the index of its page.
    public var trySteps: [(page: Int, step: TryStep)] {
        pages.enumerated().compactMap { index, page in page.tryStep.map { (index, $0) } }
    }

    /// Every fenced code block in the lesson (page bodies, hints, lists and quotes), in file order.
    public var codeBlocks: [CodeBlock] {
        var found: [CodeBlock] = []
        func collect(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case let .code(code): found.append(code)
                case let .quote(inner): collect(inner)
                case let .list(_, _, items): items.forEach(collect)
                default: break
                }
            }
        }
        for page in pages {
            collect(page.body)
            page.hints.forEach(collect)
        }
        return found.sorted { $0.line < $1.line }
    }
}
