/// The exercise's API as the hidden tests see it: the adapter compiled with the learner's
/// file hands over the list of tests in `CacheContractTests.tests`. The tests, the session
/// caches they run on and the assertion API all live here, in the harness; the learner's
/// file names them through the adapter's typealiases.
public protocol CacheContractTestsSubject: AnyObject {
    /// `CacheContractTests.tests`.
    static var contractTests: [ContractTest] { get }
}
