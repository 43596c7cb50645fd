import Foundation
import TutorCourse
import TutorREPL
import TutorTerminal
import TutorTestSupport

/// The fixture course of two small lessons under Fixtures/Course.
enum Fixture {
    static let courseRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Course", isDirectory: true)

    static func course() throws -> Course {
        try Course.load(from: CourseLocation(root: courseRoot, source: .option))
    }
}

/// A session over the fixture course, fed `lines`, with its output captured.
struct SessionRun {
    let output: CapturedOutput
    let reader: ScriptedLineReader
    let progress: MemoryLearnProgress

    @discardableResult
    static func run(
        _ lines: [String],
        startingAt lesson: String? = nil,
        progress: MemoryLearnProgress = MemoryLearnProgress(),
        services: LearnSession.Services = .unavailable,
        screenHeight: Int? = nil,
        width: Int = 80,
        interactive: Bool = true
    ) throws -> SessionRun {
        let (console, output) = Console.capture(width: width)
        let reader = ScriptedLineReader(lines)
        let session = LearnSession(
            course: try Fixture.course(), reader: reader, console: console, progress: progress,
            services: services, screenHeight: screenHeight, interactive: interactive
        )
        try session.run(startingAt: lesson)
        return SessionRun(output: output, reader: reader, progress: progress)
    }
}
