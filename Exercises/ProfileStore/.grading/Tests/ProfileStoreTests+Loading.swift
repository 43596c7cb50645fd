import CacheEngine
import Foundation

extension ProfileStoreTests {
    // MARK: Hits

    /// A first call fetches "ada" and, if the store kept the profile, a second call is a hit.
    /// Returns the cached profile and the second call's log.
    private static func loadTwice(_ subjectType: any ProfileStoreSubject.Type, client: FakeClient) throws -> (cached: Profile, second: ResultLog) {
        let subject = subjectType.init(client: client)
        let first = try load(subject, "ada")
        settle()
        guard let fetched = first.calls.first.flatMap(profile(in:)) else {
            throw TestFailure("the first profile(forID: \"ada\"), a miss the client answered with a profile, completed with \(first.calls.first.map(describe) ?? "nothing within 2 s"), so there was nothing cached to test a hit with (see miss_completes_once)")
        }
        let kept: Bool
        if let cache = optionalProfileCache(of: subject) {
            kept = holds(cache, fetched)
        } else {
            kept = subject.cachedProfile(forID: "ada") === fetched
        }
        try require(kept, "after the first profile(forID: \"ada\") fetched a profile, the store did not keep it, so the second call could not be a hit; store every fetched profile in the NSCache (contract point 5)")
        let second = try load(subject, "ada")
        settle()
        return (fetched, second)
    }

    static func hitSkipsNetwork(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let client = profileMaker(timing)
            _ = try loadTwice(subjectType, client: client)
            let asked = client.requests.count
            try require(asked == 1, "the second profile(forID: \"ada\") asked the client again although \"ada\" was in the cache (\(times(asked)) in two calls; \(timing.note)); on a hit, complete with the cached profile and return at once")
        }
    }

    static func hitCompletesOnce(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let (cached, second) = try loadTwice(subjectType, client: profileMaker(timing))
            let calls = second.calls
            try require(!calls.isEmpty, "completion was not called within 2 s for an id that was in the cache; call it once with .success(cached profile)")
            try require(calls.count == 1, "completion ran \(times(calls.count)) for one hit: \(calls.map(describe).joined(separator: ", then ")) (\(timing.note)); it should run once: is there a `return` after completing with the cached profile?")
            guard let received = profile(in: calls[0]) else {
                throw TestFailure("on a hit, completion received \(describe(calls[0])); it should receive .success with the cached profile")
            }
            try require(received === cached, "on a hit, completion received a different Profile object than the one cached for \"ada\"; pass the cached object itself")
        }
    }

    // MARK: Misses

    static func missFetchesOnce(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let client = profileMaker(timing)
            let subject = subjectType.init(client: client)
            _ = try load(subject, "grace")
            settle()
            try requireAskedOnce(client, for: "grace", answer: "a profile", note: timing.note)
        }
    }

    static func missStoresBeforeCompletion(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let fetched = Profile(id: "grace", name: "Grace")
            let subject = subjectType.init(client: FakeClient(timing) { _ in .success(fetched) })
            let isCached: () -> Bool
            if let cache = optionalProfileCache(of: subject) {
                isCached = { holds(cache, fetched) }
            } else {
                isCached = { subject.cachedProfile(forID: "grace") === fetched }
            }
            let cachedAtCompletion = Flag()
            let log = ResultLog { _ in cachedAtCompletion.set(isCached()) }
            try requestProfile(subject, id: "grace", completion: log.handler)
            try require(log.waitForFirstCall(), "completion was not called within 2 s after a miss (\(timing.note)); call it once with .success(profile) when the client answers")
            settle()
            guard !cachedAtCompletion.value else { continue }
            throw TestFailure(isCached()
                ? "when completion ran, the fetched profile was not in the cache yet; it was stored afterwards (\(timing.note)); store it first, then call completion, so a caller that looks it up from there hits"
                : "the fetched profile was never stored in the cache (\(timing.note)); when the client answers with a profile, store it, then call completion")
        }
    }

    static func missCompletesOnce(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let fetched = Profile(id: "grace", name: "Grace")
            let subject = subjectType.init(client: FakeClient(timing) { _ in .success(fetched) })
            let log = try load(subject, "grace")
            settle()
            let calls = log.calls
            try require(!calls.isEmpty, "completion was not called within 2 s after a miss (\(timing.note)); call it once with .success(profile) when the client answers")
            try require(calls.count == 1, "completion ran \(times(calls.count)) for one miss: \(calls.map(describe).joined(separator: ", then ")) (\(timing.note)); it should run once")
            if case .success(nil) = calls[0] {
                throw TestFailure("completion received .success(nil), 'no such user', although the client answered with a profile (\(timing.note)); wait for the client's answer and pass on what it sent")
            }
            guard let received = profile(in: calls[0]) else {
                throw TestFailure("after a miss the client answered with a profile, completion received \(describe(calls[0])); it should receive .success(profile)")
            }
            try require(received === fetched, "completion received a different Profile object than the one the client sent; pass that object itself (the cache may already have let it go, so do not look it up again)")
        }
    }
}
