extension HTMLReportFormatter {
    /// How many highlight colours there are; fragments beyond them reuse colours, and
    /// their numbers keep them apart.
    static let fragmentColours = 8

    /// The similarity section: each cluster of students, and for each flagged pair in it
    /// the two files side by side with their shared fragments in matching colours.
    func similarity(_ report: SimilarityReport) -> String {
        guard !report.pairs.isEmpty else {
            return "<section><h2>Similar submissions</h2>\n<p>No pair of submissions is alike above the threshold.</p></section>\n"
        }
        var html = "<section><h2 class=\"break\">Similar submissions</h2>\n<p class=\"note\">Pairs whose normalised token streams share many winnowing fingerprints, as MOSS finds them, grouped by the students they link. Each pair is shown side by side; a run of code the two share has the same colour and number in both files. The starter's code and what most of the class wrote alike are never highlighted. A reason to look, not a verdict.</p>\n"
        for (index, cluster) in report.clusters.enumerated() {
            html += "<div class=\"cluster\"><h3>Group \(index + 1): \(cluster.students.map { e($0) }.joined(separator: ", "))</h3>\n"
            html += "<p class=\"note\">\(cluster.students.count) students, \(cluster.pairs.count) flagged \(cluster.pairs.count == 1 ? "pair" : "pairs"), highest similarity \(Points.percent(cluster.highest)).</p>\n"
            for pair in cluster.pairs { html += sideBySide(pair, in: report) }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    /// One flagged pair: its score, the list of shared fragments and both files.
    private func sideBySide(_ pair: SimilarPair, in report: SimilarityReport) -> String {
        var html = "<div class=\"pair\"><h4>\(e(pair.first)) ↔ \(e(pair.second)) <span class=\"score\">\(Points.percent(pair.score)) similar, \(pair.shared) shared fingerprints</span></h4>\n"
        if pair.fragments.isEmpty {
            html += "<p class=\"note\">No shared run is long enough to show: the fingerprints they share are scattered.</p>\n"
        } else {
            html += "<ol class=\"fragments\">\n"
            for (index, fragment) in pair.fragments.enumerated() {
                html += "<li><span class=\"swatch f\(index % Self.fragmentColours)\"></span>\(e(pair.first)) lines \(fragment.first.lines) ↔ \(e(pair.second)) lines \(fragment.second.lines) (\(fragment.tokens) tokens)</li>\n"
            }
            html += "</ol>\n"
        }
        guard let first = report.sources[pair.first], let second = report.sources[pair.second] else { return html + "</div>\n" }
        html += "<div class=\"sides\">\n"
        html += side(pair.first, file: report.files[pair.first], source: first, spans: pair.fragments.map(\.first))
        html += side(pair.second, file: report.files[pair.second], source: second, spans: pair.fragments.map(\.second))
        return html + "</div></div>\n"
    }

    private func side(_ student: String, file: String?, source: String, spans: [SharedFragment.Span]) -> String {
        "<div class=\"side\"><h5>\(e(student))\(file.map { " · <code>\(e($0))</code>" } ?? "")</h5>\n" + codeTable(source, spans: spans) + "</div>\n"
    }

    /// `source` as a table of numbered lines, each span (fragment `i` of the list) wrapped
    /// in `<mark class="fN">`; a mark that crosses a line end is closed and reopened, so
    /// every row is well-formed on its own.
    func codeTable(_ source: String, spans: [SharedFragment.Span]) -> String {
        let scalars = Array(source.unicodeScalars)
        var starts: [Int: Int] = [:]
        for (index, span) in spans.enumerated() { starts[span.start] = index }
        var rows = ""
        var line = 1
        var row = ""
        var pending = String.UnicodeScalarView()
        var open: Int?
        func flush() {
            row += e(String(pending))
            pending = String.UnicodeScalarView()
        }
        func markTag(_ index: Int) -> String { "<mark class=\"f\(index % Self.fragmentColours)\">" }
        func endRow() {
            flush()
            if open != nil { row += "</mark>" }
            rows += "<tr><td class=\"ln\">\(line)</td><td>\(row.isEmpty ? " " : row)</td></tr>\n"
            row = open.map(markTag) ?? ""
            line += 1
        }
        for position in 0 ... scalars.count {
            if let current = open, spans[current].end == position {
                flush()
                row += "</mark>"
                open = nil
            }
            if let index = starts[position], position < scalars.count {
                flush()
                row += markTag(index) + "<span class=\"fragno\">\(index + 1)</span>"
                open = index
            }
            guard position < scalars.count else { break }
            switch scalars[position] {
            case "\n": endRow()
            case "\r": continue
            default: pending.append(scalars[position])
            }
        }
        if !scalars.isEmpty, scalars.last != "\n" { endRow() }
        return "<table class=\"code\"><tbody>\n" + rows + "</tbody></table>\n"
    }
}
