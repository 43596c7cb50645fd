import Foundation
import TutorTerminal

/// Who the students are: `--roster FILE` maps the folder each handed in to a person and
/// the identifiers an LMS matches grades on.
///
/// A CSV whose header names `folder` and any of `name`, `email`, `lms_id`, `sis_id`,
/// `sis_login` and `section`, in any order and case. Canvas's own export headings are
/// understood too (`Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`, and its
/// `Points Possible` row is skipped), so a roster can be Canvas's export with a `folder`
/// column added. Other columns are ignored and named in ``ignoredColumns``, except one
/// that looks like a misspelt known column, which is an error. A row may leave `folder`
/// empty: that student handed nothing in, and reports list them rather than drop them.
///
///     folder,name,email,lms_id,sis_login,section
///     alice,"Liddell, Alice",alice@example.edu,1001,aliddell,A1
public struct Roster: Sendable, Equatable {
    /// One student of the roster.
    public struct Person: Sendable, Equatable {
        /// The folder (or file stem) their work is in; "" when they have none.
        public var folder: String
        /// Their name as the LMS shows it.
        public var name: String
        /// Their email address (Moodle matches on it).
        public var email: String
        /// The LMS's own user id (Canvas's `ID`).
        public var lmsID: String
        /// The institution's student number (Canvas's `SIS User ID`, Moodle's `idnumber`).
        public var sisID: String
        /// The institution's login (Canvas's `SIS Login ID`).
        public var sisLogin: String
        /// The section.
        public var section: String
        /// The roster line the person is on.
        public var line: Int

        /// The name to show: the roster's, else the folder.
        public var displayName: String { name.isEmpty ? folder : name }
    }

    /// Every person, in file order.
    public var people: [Person]
    /// Columns the file has that the roster does not use.
    public var ignoredColumns: [String]

    /// A roster of `people`.
    public init(people: [Person], ignoredColumns: [String] = []) {
        self.people = people
        self.ignoredColumns = ignoredColumns
    }

    /// The person whose folder is `folder`.
    public func person(folder: String) -> Person? { people.first { $0.folder == folder } }

    /// Reads a roster; `file` names the file in messages.
    ///
    /// - Throws: ``GradebookError/badInputFile(file:line:problem:)`` naming the line: a
    ///   malformed CSV, no `folder` column, a misspelt or doubled column, a folder given twice.
    public static func parse(_ text: String, file: String) throws -> Roster {
        let table = try CSVTable.parse(text, file: file)
        var columns: [Column: Int] = [:]
        var ignored: [String] = []
        for (index, heading) in table.header.enumerated() {
            let key = Self.key(heading)
            if let column = Column.named[key] {
                guard columns[column] == nil else {
                    throw GradebookError.badInputFile(file: file, line: 1, problem: "two columns mean \(column.rawValue): '\(MessageText.excerpt(table.header[columns[column]!]))' and '\(MessageText.excerpt(heading))'")
                }
                columns[column] = index
            } else if let near = Suggestion.nearest(to: key, in: Column.allCases.map(\.rawValue)), !key.isEmpty {
                throw GradebookError.badInputFile(file: file, line: 1, problem: "unknown column '\(MessageText.excerpt(heading))'; did you mean '\(near)'?")
            } else {
                ignored.append(heading)
            }
        }
        guard let folderColumn = columns[.folder] else {
            throw GradebookError.badInputFile(file: file, line: 1, problem: "no 'folder' column; the roster maps each student's folder to the person (columns: \(Column.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var people: [Person] = []
        var folderLines: [String: Int] = [:]
        for record in table.records {
            func value(_ column: Column) -> String {
                columns[column].map { record.fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            }
            // Canvas's export has a row of maximum points under its header.
            if value(.name) == "Points Possible" { continue }
            let folder = record.fields[folderColumn].trimmingCharacters(in: .whitespaces)
            if !folder.isEmpty {
                if let first = folderLines[folder] {
                    throw GradebookError.badInputFile(file: file, line: record.line, problem: "folder '\(MessageText.excerpt(folder))' is given twice (first on line \(first))")
                }
                folderLines[folder] = record.line
            }
            guard !folder.isEmpty || !value(.name).isEmpty || !value(.email).isEmpty else {
                throw GradebookError.badInputFile(file: file, line: record.line, problem: "the row names no one: give at least a folder, a name or an email")
            }
            people.append(Person(folder: folder, name: value(.name), email: value(.email), lmsID: value(.lmsID), sisID: value(.sisID),
                                 sisLogin: value(.sisLogin), section: value(.section), line: record.line))
        }
        return Roster(people: people, ignoredColumns: ignored)
    }

    /// The columns a roster understands, by the name the README documents.
    enum Column: String, CaseIterable {
        case folder, name, email
        case lmsID = "lms_id"
        case sisID = "sis_id"
        case sisLogin = "sis_login"
        case section

        /// Every heading (normalised by ``Roster/key(_:)``) that means a column.
        static let named: [String: Column] = {
            var names = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
            for (alias, column) in [("student", Column.name), ("email_address", .email), ("id", .lmsID), ("sis_user_id", .sisID), ("sis_login_id", .sisLogin)] {
                names[alias] = column
            }
            return names
        }()
    }

    /// A heading in lower case with spaces and dashes as underscores (`SIS User ID` → `sis_user_id`).
    static func key(_ heading: String) -> String {
        heading.trimmingCharacters(in: .whitespaces).lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 }.map(String.init).joined()
    }
}
