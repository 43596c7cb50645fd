extension HTMLReportFormatter {
    /// How many highlight colours there are; fragments beyond them reuse colours, and
    /// their numbers keep them apart.
    static let fragmentColours = 8

    /// The similarity section: each cluster of students, the pairs that link it most
    /// strongly shown side by side with their shared fragments in matching colours, and
    /// the cluster's other flagged pairs in a table.
    func similarity(_ report: SimilarityReport) -> String {
        guard !report.pairs.isEmpty else {
            return "<section id=\"similarity\"><h2>Similar submissions</h2>\n<p>No pair of submissions is alike above the threshold.</p></section>\n"
        }
        var html = "<section id=\"similarity\"><h2 class=\"break\">Similar submissions</h2>\n<p class=\"note\">Pairs whose normalised token streams share many winnowing fingerprints, as MOSS finds them, grouped by the students they link. Each pair is shown side by side; a run of code the two share has the same colour and number in both files. The starter's code and what most of the class wrote alike are never highlighted. A reason to look, not a verdict.</p>\n"
        for (index, cluster) in report.clusters.enumerated() {
            html += "<div class=\"cluster\"><h3>Group \(index + 1): \(cluster.students.map { e($0) }.joined(separator: ", "))</h3>\n"
            html += "<p class=\"note\">\(cluster.students.count) students, \(cluster.pairs.count) flagged \(cluster.pairs.count == 1 ? "pair" : "pairs"), highest similarity \(Points.percent(cluster.highest)).\(cluster.pairs.count > cluster.closest.count ? " Each student is shown beside the one they are closest to; the other flagged pairs of the group are listed under the views." : "")</p>\n"
            for pair in cluster.closest { html += sideBySide(pair, in: report) }
            let shown = Set(cluster.closest.map(\.students))
            let others = cluster.pairs.filter { !shown.contains($0.students) }
            if !others.isEmpty {
                let rows = others.map { "<tr><td>\(e($0.first))</td><td>\(e($0.second))</td><td class=\"num\">\(Points.percent($0.score))</td><td class=\"num\">\($0.shared)</td></tr>\n" }.joined()
                html += "<table><thead><tr><th>also flagged</th><th>with</th><th class=\"num\">similarity</th><th class=\"num\">shared fingerprints</th></tr></thead><tbody>\n\(rows)</tbody></table>\n"
            }
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
                func lines(_ span: SharedFragment.Span) -> String { (span.firstLine == span.lastLine ? "line " : "lines ") + span.lines }
                html += "<li><span class=\"swatch f\(index % Self.fragmentColours)\"></span>\(e(pair.first)) \(lines(fragment.first)) ↔ \(e(pair.second)) \(lines(fragment.second)) (\(fragment.tokens) \(fragment.tokens == 1 ? "token" : "tokens"))</li>\n"
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

    /// `source` as a table of numbered lines, each line of a shared fragment coloured as
    /// that fragment (whole lines, as MOSS shows matches: a reviewer reads lines, and the
    /// line ranges are what the text report lists). A line two fragments touch belongs to
    /// the earlier one; each fragment's number stands beside its first line.
    func codeTable(_ source: String, spans: [SharedFragment.Span]) -> String {
        var owner: [Int: Int] = [:]
        for (index, span) in spans.enumerated() {
            for line in span.firstLine ... max(span.firstLine, span.lastLine) where owner[line] == nil { owner[line] = index }
        }
        var rows = ""
        var labelled: Set<Int> = []
        let lines = source.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, text) in lines.enumerated() {
            let number = offset + 1
            if number == lines.count, text.isEmpty { break }
            let code = text.isEmpty ? " " : e(String(text))
            guard let fragment = owner[number] else {
                rows += "<tr><td class=\"ln\">\(number)</td><td>\(code)</td></tr>\n"
                continue
            }
            let label = labelled.insert(fragment).inserted ? "<span class=\"fragno\">\(fragment + 1)</span>" : ""
            rows += "<tr class=\"shared\"><td class=\"ln f\(fragment % Self.fragmentColours)\">\(label)\(number)</td><td class=\"f\(fragment % Self.fragmentColours)\">\(code)</td></tr>\n"
        }
        return "<table class=\"code\"><tbody>\n" + rows + "</tbody></table>\n"
    }
}
