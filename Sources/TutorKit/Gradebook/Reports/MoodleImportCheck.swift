/// Checks a file against what Moodle's CSV grade import accepts, so an export Moodle would
/// abandon half-way is a tool fault here, not in the LMS.
///
/// The rules follow Moodle's documentation of the import and its importer (see the
/// README): the first column identifies the user (`email` or `idnumber`) and is filled
/// and unique on every row, since one unknown user abandons the whole import; each grade
/// column is followed by its feedback column; a grade is a number, blank or `-` (no
/// grade), and at most 100 (Moodle's default largest grade); every row has the header's
/// number of fields.
public enum MoodleImportCheck {
    /// The largest grade Moodle imports unless the site raised `gradepointmax`.
    public static let largestGrade = 100.0

    /// What Moodle would refuse or misread in `text`; empty when it imports as meant.
    public static func problems(in text: String) -> [String] {
        let table: CSVTable
        do {
            table = try CSVTable.parse(text, file: "moodle.csv")
        } catch {
            return [(error as? GradebookError)?.message ?? "\(error)"]
        }
        let header = table.header
        guard let identifier = header.first, ["email", "idnumber"].contains(identifier) else {
            return ["the first column must be email or idnumber, the user field Moodle matches on; it is '\(header.first ?? "")'"]
        }
        var problems: [String] = []
        let items = Array(header.dropFirst())
        if items.isEmpty || items.count % 2 != 0 { problems.append("expected pairs of a grade column and its feedback column after \(identifier)") }
        for pair in stride(from: 0, to: items.count - 1, by: 2) where items[pair + 1] != items[pair] + " feedback" {
            problems.append("'\(items[pair])' is followed by '\(items[pair + 1])', not by '\(items[pair]) feedback'")
        }
        if Set(header).count != header.count { problems.append("two columns have the same heading") }
        var users: [String: Int] = [:]
        for record in table.records {
            let user = record.fields[0]
            if user.isEmpty { problems.append("line \(record.line): no \(identifier), so Moodle cannot find the user") }
            if let first = users[user], !user.isEmpty { problems.append("line \(record.line): \(identifier) '\(user)' is on line \(first) too") }
            users[user] = users[user] ?? record.line
            for pair in stride(from: 1, to: record.fields.count, by: 2) {
                let grade = record.fields[pair]
                guard !grade.isEmpty, grade != "-" else { continue }
                guard let value = Double(grade) else {
                    problems.append("line \(record.line): '\(grade)' under '\(header[pair])' is not a number")
                    continue
                }
                if value > largestGrade { problems.append("line \(record.line): \(grade) under '\(header[pair])' is over Moodle's largest grade, \(Points.format(largestGrade))") }
            }
        }
        return problems
    }
}
