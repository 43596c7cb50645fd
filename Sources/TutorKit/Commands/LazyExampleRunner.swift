import TutorGrading

/// An ``ExampleRunner`` made on first use and kept for the session.
final class LazyExampleRunner {
    private var made: ExampleRunner?

    func runner(environment: [String: String]) throws -> ExampleRunner {
        if let made { return made }
        let runner = try ExampleRunner(environment: environment)
        made = runner
        return runner
    }
}
