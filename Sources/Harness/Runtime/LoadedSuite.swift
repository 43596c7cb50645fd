/// What the runner finds in an exercise's tests library once it has loaded it: the catalog,
/// and a test made ready against the adapter the learner's file compiled.
///
/// The runner is built once for the whole course and knows no exercise. Each exercise's
/// hidden tests are a shared object (module `CachetutorHarness`) whose generated registry
/// declares `_CachetutorSuite`, a class conforming to this protocol; ``SuiteLoader`` finds
/// it by its mangled name. `package`, so a learner's file (compiled outside the package)
/// can name none of it.
package protocol LoadedSuite {
    /// Every hidden test, the exercise's own then an instructor's extra ones, in report order.
    static var catalog: [CatalogEntry] { get }
    /// Test `name` against `adapter`, the adapter class found in the learner's module.
    static func prepare(test name: String, adapter: Any.Type) -> SuitePreparation
}

/// What ``LoadedSuite/prepare(test:adapter:)`` makes of a test and an adapter.
package enum SuitePreparation {
    /// The suite has no test of that name.
    case noSuchTest
    /// The adapter does not adopt the exercise's API protocol.
    case notAdopted
    /// The test, bound to the adapter.
    case ready(PreparedTest)
}

/// One hidden test bound to the learner's adapter.
package struct PreparedTest {
    /// Makes one instance the way every test starts (``ExerciseSuite/construct(_:)``).
    package let construct: () -> Void
    /// The test itself; throws ``TestFailure``.
    package let body: () throws -> Void

    /// A test made of its two steps.
    package init(construct: @escaping () -> Void, body: @escaping () throws -> Void) {
        self.construct = construct
        self.body = body
    }
}
