// Compiled together with the learner's SessionCache.swift, in module Submission.
//
// The typealiases make `NSCache` and `NSCacheDelegate` mean the course's engine: a
// declaration in the current module wins over Foundation's, and a learner file that
// declares its own `NSCache` is a redeclaration error. Every line that touches the
// learner's API ends with `// expects:` and the declaration it needs, so a compiler error
// there tells the learner exactly which member is missing or has the wrong shape.
//
// The tests pass keys around as NSObject; every key they hand back was made by makeKey,
// so the downcasts to SessionKey below always succeed.
import CacheEngine
import CachetutorHarness
import Foundation

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate

final class _CachetutorSubjectAdapter: CachetutorHarness.SessionCacheSubject {
    let subject: SessionCache // expects: final class SessionCache
    var instance: AnyObject { subject } // expects: final class SessionCache

    init(fetcher: @escaping (NSObject, @escaping (NSData?) -> Void) -> Void) {
        subject = SessionCache(fetcher: { key, done in fetcher(key, done) }) // expects: init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void), with SessionKey an NSObject subclass
    }

    static func makeKey(account: String, resource: String, revision: Int) -> NSObject {
        SessionKey(account: account, resource: resource, revision: revision) // expects: final class SessionKey: NSObject with init(account: String, resource: String, revision: Int)
    }

    static func fields(of key: AnyObject) -> (account: String, resource: String, revision: Int)? {
        guard let key = key as? SessionKey else { return nil }
        return (key.account, key.resource, key.revision) // expects: let account: String, let resource: String, let revision: Int (in SessionKey)
    }

    static func engineView(of value: Any) -> EngineView? {
        guard let cache = value as? NSCache<SessionKey, NSData> else { return nil }
        return EngineView(cache)
    }

    func data(for key: NSObject) -> NSData? {
        subject.data(for: key as! SessionKey) // expects: func data(for key: SessionKey) -> NSData?
    }

    func store(_ data: NSData, for key: NSObject) {
        subject.store(data, for: key as! SessionKey) // expects: func store(_ data: NSData, for key: SessionKey)
    }

    func load(_ key: NSObject, completion: @escaping (NSData?) -> Void) {
        subject.load(key as! SessionKey, completion: completion) // expects: func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void)
    }

    func signOut() {
        subject.signOut() // expects: func signOut()
    }

    var generation: Int {
        subject.generation // expects: var generation: Int { get }
    }
}
