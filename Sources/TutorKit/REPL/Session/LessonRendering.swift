import TutorCourse
import TutorTerminal

/// Turns lesson Markdown into terminal lines; the course module's renderer is the real one.
public protocol LessonRendering {
    /// The lines of `blocks`, styled and wrapped to `style.width`.
    func render(_ blocks: [MarkdownBlock], style: TerminalStyle) -> [String]
    /// One line of inline Markdown (`*emphasis*`, `` `code` ``), styled.
    func renderInline(_ text: String, style: TerminalStyle) -> String
}
