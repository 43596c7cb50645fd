// Compiled together with the learner's ProfileStore.swift, in module Submission.
//
// `NSCache` and `NSCacheDelegate` mean the course's engine: a declaration in the current
// module wins over Foundation's. `Profile` and `ProfileFetching` are declared by the test
// harness, which hands the store its fake network client; the typealiases let the learner
// write them plainly, without importing the harness. A learner file that declares any of
// the four itself is a redeclaration error. Each line that calls the learner's API ends
// with `// expects:` and the declaration it needs, so a compiler error there names the
// missing member.
import CacheEngine
import CachetutorHarness

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias Profile = CachetutorHarness.Profile
typealias ProfileFetching = CachetutorHarness.ProfileFetching

final class _CachetutorSubjectAdapter: CachetutorHarness.ProfileStoreSubject {
    let subject: ProfileStore // expects: final class ProfileStore
    var instance: AnyObject { subject } // expects: final class ProfileStore
    init(client: any CachetutorHarness.ProfileFetching) {
        subject = ProfileStore(client: client) // expects: init(client: ProfileFetching)
    }
    func cachedProfile(forID id: String) -> CachetutorHarness.Profile? {
        subject.cachedProfile(forID: id) // expects: func cachedProfile(forID id: String) -> Profile?
    }
    func profile(forID id: String, completion: @escaping (Swift.Result<CachetutorHarness.Profile?, Swift.Error>) -> Void) {
        subject.profile(forID: id, completion: completion) // expects: func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void)
    }
}
