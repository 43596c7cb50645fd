import TutorTerminal

extension MarkdownRenderer {
    /// A lesson page as the REPL shows it: a header line (lesson, page N of M), the page
    /// title, the body, and the try-it task if the page has one.
    ///
    ///     05 Eviction and the miss path · page 2 of 4
    ///     Watch it happen
    ///     ───────────────
    ///     …
    ///     ▶ Try it: Make the cache evict `b` because of its cost
    public func render(page index: Int, of lesson: Lesson) -> [String] {
        guard lesson.pages.indices.contains(index) else { return [] }
        let page = lesson.pages[index]
        let header = String(format2(lesson.number)) + " " + lesson.title + " · page \(index + 1) of \(lesson.pages.count)"
        var lines = TextWrapper.wrap(header, width: style.width).map { style.paint($0, .gray) }
        lines += render([.heading(level: 2, text: page.title)])
        lines.append("")
        lines += render(page.body)
        if let step = page.tryStep {
            lines.append("")
            lines += render(tryStep: step)
        }
        return lines
    }

    /// The task of a try-it step, marked so it stands out from the page text.
    public func render(tryStep step: TryStep) -> [String] {
        let label = style.paint("▶ Try it:", .yellow, .bold)
        return TextWrapper.wrap(label + " " + inline(step.task), width: style.width, indent: "", continuationIndent: "  ")
    }

    /// A hint: a page's `:::hint` blocks or a try-it step's `hint:` line, after a label.
    public func render(hint blocks: [MarkdownBlock]) -> [String] {
        let label = style.paint("Hint:", .yellow)
        var lines = render(blocks, width: max(10, style.width - 2)).map { $0.isEmpty ? "" : "  " + $0 }
        if let first = lines.first {
            let firstText = first.dropFirst(2)
            // Put the label before the first line when it fits, else on a line of its own.
            if TextWrapper.visibleWidth(String(firstText)) + 6 <= style.width {
                lines[0] = label + " " + firstText
            } else {
                lines.insert(label, at: 0)
            }
        }
        return lines
    }

    private func format2(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
