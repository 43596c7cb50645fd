import Foundation
import TutorGradebook

/// The CSV readers instructors feed (`CSVTable`, the roster, `--timestamps`): an error is a
/// bad input file naming a line of it, one clean line, exit status 65; a table written back
/// with every field quoted reads as the same table; and the same file saved with CRLF line
/// ends reads the same, up to the line ends kept inside quoted fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = FuzzInput.text(FuzzInput.bytes(start, count))
    let crlfText = FuzzCheck.withCRLF(text)

    let table = read("table.csv", text) { try CSVTable.parse($0, file: "table.csv") }
    if case let .success(parsed) = table {
        let again = try? CSVTable.parse(quotedCSV([parsed.header] + parsed.records.map(\.fields)), file: "table.csv")
        FuzzCheck.expect(again?.header == parsed.header && again?.records.map(\.fields) == parsed.records.map(\.fields),
                         "the table written back with quoted fields reads otherwise")
        for record in parsed.records { FuzzCheck.lineExists(record.line, in: text, message: "a record") }
    }
    let crlfTable = read("table.csv", crlfText) { try CSVTable.parse($0, file: "table.csv") }
    sameOutcome(table, crlfTable, "CSVTable") { table in
        [table.header] + table.records.map { [String($0.line)] + $0.fields }
    }

    let roster = read("roster.csv", text) { try Roster.parse($0, file: "roster.csv") }
    let crlfRoster = read("roster.csv", crlfText) { try Roster.parse($0, file: "roster.csv") }
    sameOutcome(roster, crlfRoster, "Roster") { roster in
        roster.people.map { [$0.folder, $0.name, $0.email, $0.lmsID, $0.sisID, $0.sisLogin, $0.section, String($0.line)] }
    }

    let times = read("timestamps.csv", text) { try TimestampsFile.parse($0, file: "timestamps.csv") }
    let crlfTimes = read("timestamps.csv", crlfText) { try TimestampsFile.parse($0, file: "timestamps.csv") }
    sameOutcome(times, crlfTimes, "TimestampsFile") { times in
        times.keys.sorted().map { [$0, String(times[$0]!.timeIntervalSince1970)] }
    }
    return 0
}

/// What a reader made of `text`, after checking its error, if any.
private func read<T>(_ file: String, _ text: String, _ parse: (String) throws -> T) -> Result<T, GradebookError> {
    do {
        return .success(try parse(text))
    } catch let error as GradebookError {
        guard case let .badInputFile(errorFile, line, _) = error else {
            FuzzCheck.expect(false, "\(file): an error other than a bad input file: \(error.message)")
            return .failure(error)
        }
        FuzzCheck.expect(errorFile == file, "the error names \(errorFile), not \(file)")
        FuzzCheck.expect(error.exitCode == .dataError, "exit status \(error.exitCode) for a bad input file")
        FuzzCheck.cleanMessage(error.message, from: file)
        FuzzCheck.lineExists(line, in: text, message: error.message)
        return .failure(error)
    } catch {
        FuzzCheck.expect(false, "\(file): an error of another type: \(error)")
        return .failure(.unreadable(file))
    }
}

/// Checks that a reader said the same of a file and its CRLF copy: both read, with the
/// same rows once CRLF inside a field is taken back to LF, or both refused on the same line.
private func sameOutcome<T>(_ plain: Result<T, GradebookError>, _ crlf: Result<T, GradebookError>, _ reader: String, rows: (T) -> [[String]]) {
    switch (plain, crlf) {
    case let (.success(a), .success(b)):
        func normalised(_ rows: [[String]]) -> [[String]] { rows.map { $0.map(FuzzCheck.withLF) } }
        FuzzCheck.expect(normalised(rows(a)) == normalised(rows(b)), "\(reader): the CRLF copy reads as other rows")
    case let (.failure(a), .failure(b)):
        FuzzCheck.expect(line(of: a) == line(of: b), "\(reader): the CRLF copy fails on another line: \(b.message) vs \(a.message)")
    case let (.success, .failure(error)):
        FuzzCheck.expect(false, "\(reader): only the CRLF copy is refused: \(error.message)")
    case let (.failure(error), .success):
        FuzzCheck.expect(false, "\(reader): only the LF copy is refused: \(error.message)")
    }
}

private func line(of error: GradebookError) -> Int? {
    if case let .badInputFile(_, line, _) = error { return line }
    return nil
}

/// Rows as CSV with every field quoted, which RFC 4180 allows for any field.
private func quotedCSV(_ rows: [[String]]) -> String {
    rows.map { row in
        // By scalar: a quote and a combining mark after it are one Character, which
        // replacingOccurrences would not double.
        row.map { field in "\"" + String(String.UnicodeScalarView(field.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\"" }.joined(separator: ",")
    }.joined(separator: "\n") + "\n"
}
