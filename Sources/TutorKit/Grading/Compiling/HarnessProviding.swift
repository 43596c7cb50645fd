/// What gives a grader its harness: ``HarnessBuilder`` builds and caches one; tests give a
/// prepared one, so scheduling and verdicts are tested without the Swift compiler.
public protocol HarnessProviding: Sendable {
    /// Where the harness's sources are, and which exercise it grades.
    var layout: HarnessLayout { get }
    /// The compiler that compiles submissions against it.
    var toolchain: Toolchain { get }
    /// What identifies the harness it gives (a gradebook grades again when this changes).
    func identity() throws(GradingError) -> String
    /// The harness, built first when it is not ready.
    func prepare() throws(GradingError) -> Harness
}

extension HarnessBuilder: HarnessProviding {}
