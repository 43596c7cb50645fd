import Foundation

extension SessionCacheTests {
    static func storedDataIsSnapshot(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        let key = KeyFields("anna", "draft", 1)
        let draft = mutableBytes("v1")
        subject.store(draft, for: key.make(subjectType))
        draft.append(Data("+edit".utf8))
        let afterEdit = subject.data(for: key.make(subjectType))
        try require(afterEdit != nil, "data(for: \(key)) returned nil right after store(_:for:)")
        try require(holdsText(afterEdit, "v1"), "the caller stored an NSMutableData holding \"v1\" and then appended \"+edit\" to it; data(for: \(key)) now returns \(show(afterEdit)). NSCache keeps the very object it is given, so store a copy (an immutable snapshot), not the caller's object")
        draft.setData(Data("rewritten".utf8))
        let afterRewrite = subject.data(for: key.make(subjectType))
        try require(holdsText(afterRewrite, "v1"), "the caller rewrote its NSMutableData after storing it, and data(for: \(key)) now returns \(show(afterRewrite)) instead of \"v1\"; store a copy, not the caller's object")
    }

    static func handedOutDataIsReadOnly(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        let key = KeyFields("anna", "profile", 2)
        subject.store(mutableBytes("anna's profile"), for: key.make(subjectType))

        let first = subject.data(for: key.make(subjectType))
        try require(holdsText(first, "anna's profile"), "right after storing \"anna's profile\" under \(key), data(for:) returned \(show(first)) (see fresh_key_hits and stored_data_is_snapshot)")
        if let handedOut = first as? NSMutableData {
            handedOut.setData(Data("tampered".utf8))
        }
        let afterLookup = subject.data(for: key.make(subjectType))
        try require(holdsText(afterLookup, "anna's profile"), "data(for: \(key)) handed out an NSMutableData; a caller changed it to \"tampered\", and the next data(for:) returned \(show(afterLookup)). Keep an immutable NSData in the cache (data.copy() gives one), or hand out a copy")

        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "load(\(key)) did not complete within 2 s although the key was in the cache")
        if let handedOut = completion.calls.first.flatMap({ $0 }) as? NSMutableData {
            handedOut.append(Data(" (edited by a caller)".utf8))
        }
        let afterLoad = subject.data(for: key.make(subjectType))
        try require(holdsText(afterLoad, "anna's profile"), "load(\(key)) completed with an NSMutableData; a caller appended to it, and data(for:) then returned \(show(afterLoad)). Hand out data the caller cannot change in the cache")

        // What a miss completes with is handed out too.
        let fetched = KeyFields("anna", "fetched-profile", 2)
        let fetching = subjectType.init(fetcher: { _, done in done(bytes("fetched profile")) })
        let missCompletion = CompletionLog()
        try callLoad(on: fetching, fetched, completion: missCompletion.handler)
        try require(missCompletion.waitForFirstCall(), "load(\(fetched)) did not complete within 2 s after the fetcher answered")
        if let handedOut = missCompletion.calls.first.flatMap({ $0 }) as? NSMutableData {
            handedOut.append(Data(" (edited by a caller)".utf8))
        }
        let afterMiss = fetching.data(for: fetched.make(subjectType))
        try require(holdsText(afterMiss, "fetched profile"), "load(\(fetched)) fetched \"fetched profile\" and completed with an NSMutableData that the cache holds too; a caller appended to it, and data(for:) then returned \(show(afterMiss)). Store and hand out an immutable snapshot (data.copy() gives one)")
    }

    static func fetchedDataIsSnapshot(_ subjectType: any SessionCacheSubject.Type) throws {
        let buffer = mutableBytes("fetched v1")
        let fetches = FetchLog(subjectType, .now { _ in buffer })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("ben", "feed", 1)
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "load(\(key)) did not complete within 2 s after the fetcher answered")
        settle()
        let before = subject.data(for: key.make(subjectType))
        try require(holdsText(before, "fetched v1"), "after load(\(key)) fetched \"fetched v1\", data(for:) returned \(show(before)); store what the fetcher delivers")
        // The network layer reuses its buffer for the next response.
        buffer.setData(Data("next response".utf8))
        let after = subject.data(for: key.make(subjectType))
        try require(holdsText(after, "fetched v1"), "the fetcher delivered an NSMutableData and later reused it for another response; data(for: \(key)) then returned \(show(after)) instead of \"fetched v1\". Copy fetched data before storing it, as store(_:for:) does")
    }
}
