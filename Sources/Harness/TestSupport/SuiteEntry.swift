@_exported import HarnessRuntime

/// The exercise's tests as the runner sees them: ``LoadedSuite`` over the generated
/// registry's `CurrentExercise` and extra groups. The runner finds this class by its name
/// (`SuiteLoader.suiteTypeName`) once it has loaded the tests library.
final class _CachetutorSuite: LoadedSuite {
    /// The exercise's hidden tests, then any an instructor added.
    static var allTests: [HiddenTest] { CurrentExercise.tests + ExtraTestRegistry.groups.flatMap { $0.tests } }

    static var catalog: [CatalogEntry] {
        allTests.map { CatalogEntry(name: $0.name, summary: $0.summary, point: $0.point, lesson: $0.lesson, threads: $0.threads) }
    }

    static func prepare(test name: String, adapter: Any.Type) -> SuitePreparation {
        guard let test = allTests.first(where: { $0.name == name }) else { return .noSuchTest }
        guard let subject = adapter as? CurrentExercise.Subject else { return .notAdopted }
        return .ready(PreparedTest(construct: { CurrentExercise.construct(subject) }, body: { try test.body(subject) }))
    }
}
