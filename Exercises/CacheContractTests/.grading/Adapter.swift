// Compiled together with the learner's CacheContractTests.swift, in module Submission.
//
// The learner writes tests, not a cache, so the typealiases here give their file the names
// it needs from the harness: the session cache it tests (SessionCaching), the server double
// (FakeServer), the factory that makes caches (CacheFactory), the assertions (Checker) and
// the test declaration (ContractTest). `NSCache` means the course's engine, as in every
// exercise, should a learner write a helper that uses one. A learner file that declares one
// of these names itself is a redeclaration error. The adapter's one forwarding line ends with
// `// expects:` and the declaration it needs, so a compiler error there says what is missing.
import CacheEngine
import CachetutorHarness
import Foundation

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias ContractTest = CachetutorHarness.ContractTest
typealias Checker = CachetutorHarness.Checker
typealias CacheFactory = CachetutorHarness.CacheFactory
typealias SessionCaching = CachetutorHarness.SessionCaching
typealias FakeServer = CachetutorHarness.FakeServer

final class _CachetutorSubjectAdapter: CachetutorHarness.CacheContractTestsSubject {
    static var contractTests: [CachetutorHarness.ContractTest] {
        CacheContractTests.tests // expects: static let tests: [ContractTest]
    }
}
