// Compiled together with the learner's CurrentUserStore.swift, in module Submission.
//
// The typealiases make `NSCache` and `NSCacheDelegate` mean the course's engine: a
// declaration in the current module wins over Foundation's, and a learner file that
// declares its own `NSCache` is a redeclaration error. The adapter touches each member of
// the exercise's API on a line of its own, and each such line ends with `// expects:` and
// the declaration it needs, so a compiler error on that line tells the learner exactly
// which member is missing or has the wrong shape. Users cross into the tests as plain
// values (`StoredUser`), so the tests never hold the learner's objects.
import CacheEngine
import CachetutorHarness
import Foundation

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate

typealias _CachetutorUser = User // expects: final class User

final class _CachetutorSubjectAdapter: CachetutorHarness.CurrentUserStoreSubject {
    let subject: CurrentUserStore // expects: final class CurrentUserStore
    var instance: AnyObject { subject } // expects: final class CurrentUserStore
    init(folder: URL) {
        subject = CurrentUserStore(folder: folder) // expects: init(folder: URL)
    }
    func save(id: String, name: String) throws -> AnyObject {
        let user: _CachetutorUser = User(id: id, name: name) // expects: init(id: String, name: String) in class User
        try subject.save(user) // expects: func save(_ user: User) throws
        return user
    }
    func currentUser() -> CachetutorHarness.StoredUser? {
        let found: _CachetutorUser? = subject.currentUser() // expects: func currentUser() -> User?
        guard let found else { return nil }
        let id: String = found.id // expects: let id: String in class User
        let name: String = found.name // expects: let name: String in class User
        return CachetutorHarness.StoredUser(id: id, name: name)
    }
    func signOut() throws {
        try subject.signOut() // expects: func signOut() throws
    }
}
