import Foundation
import TutorGradebook
import TutorTerminal

extension GradeCommand {
    /// `grade --report`: every exercise the gradebook holds, students by exercises, grading nothing.
    static func writeCourseReport(_ request: GradeRequest, context: CommandContext) throws -> ExitCode {
        let book = try existingGradebook(request)
        var exercises = try book.exercises()
        if !request.exercises.isEmpty {
            for name in request.exercises where !exercises.contains(name) { throw GradeUsageError.notGraded(name, known: exercises) }
            exercises = request.exercises
        } else if let folder = request.exercisesFolder, let catalog = try? ExerciseCatalog(folder: folder) {
            // The course's own order (exercise.toml's `order`), then exercises the course no longer has.
            let ordered = catalog.exercises.map(\.name).filter(exercises.contains)
            exercises = ordered + exercises.filter { !ordered.contains($0) }
        }
        let now = SystemWallClock().now
        let reports = try exercises.compactMap { try book.classReport(of: $0, roster: request.options.roster, now: now) }
        let course = CourseReport(reports: reports, roster: request.options.roster)
        let source = request.gradebook.lastPathComponent
        let text: String
        // The rows the file holds: an LMS file leaves out the students it cannot match.
        var students = course.rows.count
        switch request.format {
        case "csv": text = CourseCSVFormatter().format(course)
        case "html": text = CourseHTMLFormatter().format(course, source: source)
        case "canvas", "moodle": (text, students) = try lmsExport(course, format: request.format, console: context.console)
        default: text = CourseTextFormatter(style: request.output == nil ? context.console.style : .plain).format(course, source: source)
        }
        if let output = request.output {
            try save(text, to: output, creatingFolder: false)
            context.console.line("Wrote the course report (\(request.format), \(course.columns.count) \(course.columns.count == 1 ? "exercise" : "exercises"), \(students) \(students == 1 ? "student" : "students")) to \(request.outputPath!)")
        } else {
            context.console.write(text)
        }
        return .success
    }

    /// `grade --adjust alice=+2 --reason "…"`: records each adjustment and shows the new grade.
    static func adjust(_ changes: [(student: String, points: Double)], reason: String, request: GradeRequest, context: CommandContext) throws -> ExitCode {
        let book = try existingGradebook(request)
        let graded = try book.exercises()
        let exercise: String
        if let named = request.exercises.first {
            guard graded.contains(named) else { throw GradeUsageError.notGraded(named, known: graded) }
            exercise = named
        } else if graded.count == 1 {
            exercise = graded[0]
        } else {
            throw graded.isEmpty ? GradeUsageError.notGraded("any exercise", known: []) : GradeUsageError.whichExercise(graded)
        }
        let students = Set(try book.students(of: exercise) + (request.options.roster?.people.map(\.folder).filter { !$0.isEmpty } ?? []))
        for change in changes where !students.contains(change.student) {
            throw GradebookError.unknownStudent(option: "adjust", name: change.student, suggestion: Suggestion.nearest(to: change.student, in: students))
        }
        let now = SystemWallClock().now
        let adjustments = changes.map { Adjustment(exercise: exercise, student: $0.student, points: $0.points, reason: reason, madeAt: now) }
        for adjustment in adjustments { try book.record(adjustment) }
        let report = try book.classReport(of: exercise, roster: request.options.roster, now: now)
        for adjustment in adjustments {
            var line = "Recorded \(adjustment.signedPoints) for \(adjustment.student) on \(exercise): \(adjustment.reason)."
            if let result = report?.results.first(where: { $0.student == adjustment.student }), let grade = report?.grade(for: result) {
                line += " \(adjustment.student) now scores \(Points.format(grade.final))/\(Points.format(grade.maxPoints))"
                    + (GradeNotes.arithmetic(grade).map { " (\($0))" } ?? "") + "."
            }
            context.console.line(line)
        }
        return .success
    }

    /// The Canvas or Moodle file for `course`, checked against what the LMS accepts, and the
    /// number of students it holds; the students it must leave out are named on standard
    /// error, and so are the weights each exercise's scores use (an LMS file has no room for them).
    static func lmsExport(_ course: CourseReport, format: String, console: Console) throws -> (text: String, students: Int) {
        let text: String
        let problems: [String]
        let leftOut: [String]
        if format == "canvas" {
            text = CanvasReportFormatter().format(course)
            problems = CanvasImportCheck.problems(in: text)
            leftOut = course.unrostered
        } else {
            let formatter = MoodleReportFormatter(identifier: MoodleReportFormatter.identifier(for: course.roster ?? Roster(people: [])))
            text = formatter.format(course)
            problems = MoodleImportCheck.problems(in: text)
            leftOut = formatter.leftOut(course)
        }
        if let problem = problems.first { throw GradebookError.lmsExportRejected(format: format, problem: problem) }
        if !leftOut.isEmpty {
            console.warning("the \(format) file leaves out \(leftOut.count) \(leftOut.count == 1 ? "student" : "students") it cannot match (not on the roster\(format == "moodle" ? ", or no email or ID number" : "")): \(leftOut.joined(separator: ", "))")
        }
        for column in course.columns where !column.report.results.isEmpty {
            console.writeError("Weights of \(column.exercise): \(GradeNotes.weights(column.report)).\n")
        }
        // Each student left out is one row of the course not written.
        return (text, course.rows.count - leftOut.count)
    }

    /// The gradebook a report or adjustment reads: it must exist, since opening would create it.
    private static func existingGradebook(_ request: GradeRequest) throws -> Gradebook {
        guard FileManager.default.fileExists(atPath: request.gradebook.path) else { throw GradebookError.noGradebook(request.gradebook.path) }
        return try Gradebook(url: request.gradebook)
    }
}
