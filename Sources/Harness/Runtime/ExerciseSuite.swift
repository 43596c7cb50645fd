/// What an exercise's hidden tests declare, in `Exercises/NAME/.grading/Tests/`: an enum
/// named `NAMETests` that conforms to this protocol. The grader's generated registry makes
/// it `CurrentExercise`, and the runner runs its tests against the adapter that the
/// exercise's `Adapter.swift` compiles into the learner's module.
///
///     enum ProfileStoreTests: ExerciseSuite {
///         typealias Subject = any ProfileStoreSubject.Type
///         static let tests: [HiddenTest] = [
///             HiddenTest("hit_skips_network", "a cached profile is returned without a fetch", point: 2, lesson: "03-count-limits", body: hitSkipsNetwork),
///         ]
///         static func construct(_ subject: Subject) { _ = subject.init(client: StubClient()) }
///     }
public protocol ExerciseSuite {
    /// What every test receives: the adapter's type as an existential metatype of the
    /// exercise's API protocol (`any ThumbnailCacheSubject.Type`).
    associatedtype Subject
    /// The tests, in report order; names are stable, fixtures and gradebooks use them.
    static var tests: [HiddenTestCase<Subject>] { get }
    /// Makes one instance the way every test starts, so the grader can tell a submission
    /// that never gets past its initialiser (and stop early) from one that hangs later.
    static func construct(_ subject: Subject)
}
