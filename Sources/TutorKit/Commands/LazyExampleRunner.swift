import TutorGrading

/// An ``ExampleRunner`` made on first use and kept for the session.
final class LazyExampleRunner {
    private var made: ExampleRunner?

    /// The runner; `buildProgress` is told how its one-time build goes, if this call makes it.
    func runner(environment: [String: String], buildProgress: (@Sendable (BuildProgress) -> Void)? = nil) throws -> ExampleRunner {
        if let made { return made }
        let runner = try ExampleRunner(environment: environment, buildProgress: buildProgress)
        made = runner
        return runner
    }
}
