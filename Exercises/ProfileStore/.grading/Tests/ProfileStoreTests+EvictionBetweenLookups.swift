@_spi(Grading) import CacheEngine
import Foundation

extension ProfileStoreTests {
    /// Point 8: the cache may drop a profile at any moment, so also between two lookups of
    /// one id. The course engine's grading hook evicts every entry right after a hit has
    /// returned it, so a store that answers a hit with a second lookup is caught every run.
    static func evictionBetweenLookups(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = profileMaker()
        let subject = subjectType.init(client: client)
        let first = try load(subject, "ada")
        guard let cached = first.calls.first.flatMap(profile(in:)) else {
            throw TestFailure("the first profile(forID: \"ada\") did not complete with a profile within 2 s, so there was nothing cached to test (see miss_completes_once)")
        }
        let cache = try profileCache(of: subject)
        try require(holds(cache, cached), "after a load of \"ada\" completed, its profile is not in the NSCache (see miss_stores_before_completion)")
        cache._evictsAfterEveryHit = true
        let second = try load(subject, "ada")
        settle()
        let calls = second.calls
        try require(calls.count == 1, "with the profile of \"ada\" cached, profile(forID: \"ada\") completed \(times(calls.count)); it should complete once")
        guard let received = profile(in: calls[0]) else {
            throw TestFailure("the cache let the profile of \"ada\" go right after a lookup found it (another thread's store can make it do that at any moment), and completion received \(describe(calls[0])): the store looked the id up a second time for its answer. Look it up once, keep what that lookup returned (if let cached = …), and complete with it")
        }
        try require(received === cached || client.requestCount(for: "ada") > 1, "on a hit, completion received a different Profile object than the one cached for \"ada\"; pass the cached object itself")
        try require(client.requestCount(for: "ada") == 1, "the cache let the profile of \"ada\" go right after a lookup found it, and the store asked the client again: it looked the id up a second time after finding it. Look it up once and complete with what that lookup returned")
    }
}
