/// A CSV file read as RFC 4180 describes it, each record remembering the line it starts on.
///
/// Instructors' files come from spreadsheets and LMS exports, so the reader accepts what
/// those write: a UTF-8 byte-order mark, CRLF or LF line ends, quoted fields holding
/// commas, doubled quotes and line breaks, and blank lines (skipped). What it refuses it
/// refuses with the line number, because a roster of 300 rows is fixed by line, not by
/// guessing: a quote left open, text after a closing quote, or a record whose number of
/// fields differs from the header's.
///
///     let table = try CSVTable.parse("folder,email\nalice,alice@example.edu\n", file: "roster.csv")
///     table.header                 // ["folder", "email"]
///     table.records[0].line        // 2
///     table.records[0].fields      // ["alice", "alice@example.edu"]
public struct CSVTable: Sendable, Equatable {
    /// One record and the line of the file it starts on (1 is the first line).
    public struct Record: Sendable, Equatable {
        /// The line the record starts on.
        public var line: Int
        /// Its fields, unquoted.
        public var fields: [String]
    }

    /// The first record's fields.
    public var header: [String]
    /// Every other record, in file order.
    public var records: [Record]

    /// Reads `text`; `file` names the file in messages.
    ///
    /// - Throws: ``GradebookError/badInputFile(file:line:problem:)`` for an empty file, a
    ///   quote left open or misplaced, or a record with the wrong number of fields.
    public static func parse(_ text: String, file: String) throws -> CSVTable {
        let all = try records(of: text, file: file)
        guard let first = all.first else {
            throw GradebookError.badInputFile(file: file, line: 1, problem: "the file is empty; the first line must name the columns")
        }
        for record in all.dropFirst() where record.fields.count != first.fields.count {
            throw GradebookError.badInputFile(file: file, line: record.line, problem: "\(record.fields.count) fields where the header has \(first.fields.count)")
        }
        return CSVTable(header: first.fields, records: Array(all.dropFirst()))
    }

    /// Every non-blank record of `text`, without checking that their lengths agree.
    static func records(of text: String, file: String) throws -> [Record] {
        var scalars = Array(text.unicodeScalars)[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 0
        var afterClosingQuote = false

        func endRecord() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            // A line holding nothing at all is a blank line, not a record with one empty field.
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }

        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                        afterClosingQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !afterClosingQuote else {
                    throw GradebookError.badInputFile(file: file, line: line, problem: "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                }
                quoted = true
                quoteLine = line
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
                afterClosingQuote = false
            case "\r" where index < scalars.endIndex && scalars[index] == "\n":
                continue
            case "\n", "\r":
                endRecord()
                afterClosingQuote = false
                line += 1
                recordLine = line
            default:
                guard !afterClosingQuote else {
                    throw GradebookError.badInputFile(file: file, line: line, problem: "text after a closing quote; a quoted field must end at a comma or the end of the line")
                }
                field.append(scalar)
            }
        }
        if quoted {
            throw GradebookError.badInputFile(file: file, line: quoteLine, problem: "a quote opened here is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || afterClosingQuote { endRecord() }
        return records
    }
}
