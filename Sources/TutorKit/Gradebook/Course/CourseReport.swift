import Foundation

/// A whole course: students as rows, exercises as columns, each cell a final grade with
/// its parts, and each student's total.
///
/// Built from each exercise's ``ClassReport`` as the gradebook holds it, so every
/// exercise keeps its own deadlines, late policy and adjustments. With a roster, rows
/// follow the roster (students without a folder included) and folders the roster lacks
/// come after, marked; nobody is dropped.
///
///     let course = CourseReport(reports: [thumbnails, profiles], roster: roster)
///     course.rows[0].cells[1]   // .graded(result, FinalGrade(raw: 9, …))
///     course.rows[0].total      // 27
public struct CourseReport: Sendable {
    /// One exercise of the course.
    public struct Column: Sendable {
        /// The exercise's class report.
        public var report: ClassReport
        /// The exercise.
        public var exercise: String { report.exercise }
        /// The points each student is out of.
        public var maxPoints: Double { report.maxPoints }
    }

    /// One student's standing on one exercise.
    public enum Cell: Sendable {
        /// Graded: the result and its final grade.
        case graded(StudentResult, FinalGrade)
        /// Handed in, but not graded (the entry was skipped, or the grader failed), and why.
        case notGraded(String)
        /// Nothing handed in; `zero` once the deadline has passed (it then counts 0).
        case missing(zero: Bool)

        /// The points the cell counts for, or nil when it is blank.
        public var points: Double? {
            switch self {
            case let .graded(_, grade): grade.final
            case let .missing(zero): zero ? 0 : nil
            case .notGraded: nil
            }
        }

        /// The grade, when graded.
        public var grade: FinalGrade? {
            if case let .graded(_, grade) = self { return grade }
            return nil
        }

        /// A few words on the cell's state (`pass`, `fail`, `did not compile`, `not graded: …`, `no submission`).
        public var status: String {
            switch self {
            case let .graded(result, _): result.report.status == .error ? "did not compile" : result.report.status.rawValue
            case let .notGraded(reason): "not graded: " + reason
            case .missing: "no submission"
            }
        }
    }

    /// One student across the course.
    public struct Row: Sendable {
        /// The student's folder ("" for a roster student without one).
        public var student: String
        /// Their roster entry, when the roster lists them.
        public var person: Roster.Person?
        /// One cell per column.
        public var cells: [Cell]

        /// The name to show: the roster's, else the folder.
        public var displayName: String { person?.displayName ?? student }
        /// The sum of the cells' points (blank cells count nothing).
        public var total: Double { cells.reduce(0) { $0 + ($1.points ?? 0) } }
    }

    /// The exercises, in the order given.
    public var columns: [Column]
    /// The students.
    public var rows: [Row]
    /// The roster, when one was given.
    public var roster: Roster?

    /// The course made of `reports` (one per exercise), for `roster`.
    public init(reports: [ClassReport], roster: Roster?) {
        columns = reports.map { Column(report: $0) }
        self.roster = roster
        var students = Set<String>()
        for report in reports {
            students.formUnion(report.results.map(\.student) + report.skipped.compactMap(\.student) + report.toolErrors.map(\.student))
        }
        var rows: [Row] = []
        if let roster {
            for person in roster.people {
                rows.append(Row(student: person.folder, person: person, cells: reports.map { Self.cell(person.folder, in: $0) }))
                students.remove(person.folder)
            }
        }
        for student in students.sorted() {
            rows.append(Row(student: student, person: nil, cells: reports.map { Self.cell(student, in: $0) }))
        }
        self.rows = rows
    }

    /// The points the whole course is out of.
    public var maxTotal: Double { columns.reduce(0) { $0 + $1.maxPoints } }

    /// Students with a folder the roster does not list; empty without a roster.
    public var unrostered: [String] { roster == nil ? [] : rows.filter { $0.person == nil }.map(\.student) }

    private static func cell(_ student: String, in report: ClassReport) -> Cell {
        if let result = report.results.first(where: { $0.student == student }) { return .graded(result, report.grade(for: result)) }
        if let error = report.toolErrors.first(where: { $0.student == student }) { return .notGraded("the grader failed (\(error.message))") }
        if let entry = report.skipped.first(where: { $0.student == student }) { return .notGraded(entry.reason.description) }
        return .missing(zero: report.isPastDeadline(student))
    }
}
