import Foundation

extension SessionCacheTests {
    static func loadHitSkipsFetcher(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .now { _ in bytes("fetched") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "balance", 1)
        subject.store(bytes("cached balance"), for: key.make(subjectType))
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "load(\(key)) did not complete within 2 s although the key was in the cache; on a hit, call completion with the cached data")
        settle()
        let fetched = fetches.calls.count
        try require(fetched == 0, "load(\(key)) called the fetcher \(times(fetched)) although the key was in the cache; on a hit, complete with the cached data and return")
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one hit; it should run once (is there a `return` after completing with the cached data?)")
        try require(holdsText(calls[0], "cached balance"), "on a hit, completion received \(show(calls[0])) instead of the cached \"cached balance\"")

        // An empty NSData is a value (point 3), so loading it is a hit like any other.
        let empty = KeyFields("anna", "drafts", 1)
        subject.store(NSData(), for: empty.make(subjectType))
        let emptyCompletion = CompletionLog()
        try callLoad(on: subject, empty, completion: emptyCompletion.handler)
        try require(emptyCompletion.waitForFirstCall(), "load(\(empty)) did not complete within 2 s although an empty NSData was cached under it; empty data is a hit like any other")
        settle()
        let emptyFetched = fetches.calls.count
        try require(emptyFetched == 0, "load(\(empty)) called the fetcher although an empty NSData was cached under it; empty data is a value, not a miss: test the lookup for nil, not for length")
        let emptyCalls = emptyCompletion.calls
        try require(emptyCalls.count == 1 && emptyCalls[0]?.length == 0, "load(\(empty)) with an empty NSData cached completed with [\(emptyCalls.map(show).joined(separator: ", "))]; it should complete once with the empty data")
    }

    static func loadMissFetchesOnce(_ subjectType: any SessionCacheSubject.Type) throws {
        // The fetcher answers later, from another queue, as a network call would.
        let fetches = FetchLog(subjectType, .later(.milliseconds(20)) { _ in bytes("fetched inbox") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("ben", "inbox", 2)
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), fetches.calls.isEmpty
            ? "load(\(key)) never called the fetcher and never completed; on a miss, call the fetcher"
            : "load(\(key)) did not complete within 2 s after the fetcher answered; call completion when the fetched data arrives")
        settle()
        let asked = fetches.calls
        try require(asked.count == 1, asked.isEmpty
            ? "load(\(key)) never called the fetcher for a key that was not cached; on a miss, fetch once"
            : "load(\(key)) called the fetcher \(asked.count) times for one miss; fetch once")
        try require(asked[0] == key, "load(\(key)) asked the fetcher for \(asked[0].map(String.init(describing:)) ?? "an object that is not a SessionKey"); pass it the requested key")
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one miss; it should run once")
        try require(holdsText(calls[0], "fetched inbox"), "after the fetcher delivered \"fetched inbox\", completion received \(show(calls[0])); pass the fetched data on")
        let stored = subject.data(for: key.make(subjectType))
        try require(holdsText(stored, "fetched inbox"), "after load(\(key)) completed, data(for:) returned \(show(stored)); store the fetched data so the next lookup hits")

        // A fetch that has not answered yet must not hold load up: the quickest of three
        // loads whose fetches never answer in time tells a wait from a slow moment.
        fetches.answer = .hold
        var quickest = Double.infinity
        for index in 1...3 {
            let started = DispatchTime.now()
            try callLoad(on: subject, KeyFields("ben", "slow-\(index)", 2), completion: { _ in })
            quickest = min(quickest, Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
        }
        try require(quickest < 0.25, "with a fetch that had not answered yet, load returned only after \(Int(quickest * 1000)) ms at best (three tries): it waits for the fetch. Start the fetch, return at once, and complete when the data arrives")
    }

    static func loadMissStoresBeforeCompletion(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .later(.milliseconds(5)) { _ in bytes("fresh card") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "card", 5)
        let seen = Note()
        // A caller's completion that uses the cache at once: it must find the data, and must
        // not deadlock (completion called while SessionCache holds its own lock would). It
        // reads `generation` too, which a SessionCache guards with the lock signOut() takes
        // even when data(for:) takes none.
        let reachedGeneration = Flag()
        let otherThreadGotThrough = Flag()
        let completion = CompletionLog { _ in
            seen.set(show(subject.data(for: key.make(subjectType))))
            _ = subject.generation
            reachedGeneration.set(true)
            // A completion may hand work to another thread and wait for it. A lock of
            // SessionCache's still held here (a recursive one lets this very thread back
            // in) keeps that thread out.
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = subject.generation
                subject.store(bytes("from another thread"), for: KeyFields("anna", "elsewhere", 5).make(subjectType))
                done.signal()
            }.start()
            if BoundedWait.wait(for: done, timeout: .seconds(1)) == .done { otherThreadGotThrough.set(true) }
        }
        try callLoad(on: subject, key, completion: completion.handler)
        let ran = completion.waitForFirstCall()
        if !ran, seen.value != nil, !reachedGeneration.value {
            throw TestFailure("load(\(key)) called completion, and a completion that reads generation never got past it: completion runs while SessionCache holds the lock that generation takes, so that read waits for itself (a deadlock). Take what you need under the lock, unlock, then call completion")
        }
        try require(ran, "load(\(key)) did not complete within 2 s. If completion runs while SessionCache holds its lock, a completion that calls data(for:) deadlocks: call completion after releasing the lock")
        settle()
        try require(otherThreadGotThrough.value, "completion ran while SessionCache held a lock of its own: from inside completion, another thread that read generation and stored a value was kept waiting for 1 s (a recursive lock lets the completion's own thread back in, but no other). Release every lock before calling completion")
        let inCompletion = seen.value ?? "nil"
        if inCompletion != quoted("fresh card") {
            let later = subject.data(for: key.make(subjectType))
            throw TestFailure(holdsText(later, "fresh card")
                ? "when completion ran, data(for: \(key)) returned \(inCompletion): the fetched data was stored only after completion; store it first, so a caller that looks it up from there hits"
                : "the fetched data was never stored: data(for: \(key)) returned \(inCompletion) inside completion and \(show(later)) afterwards; store a non-nil result before calling completion")
        }
    }

    static func loadNilStoresNothing(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .later(.milliseconds(10)) { _ in nil })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("ben", "missing", 1)
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion was not called within 2 s when the fetch delivered nil; call it once, with nil, so the caller stops waiting")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) when the fetch delivered nil; it should run once")
        try require(calls[0] == nil, "completion received \(show(calls[0])) although the fetch delivered nil; pass nil on")
        let fetched = fetches.calls.count
        try require(fetched == 1, fetched == 0 ? "load(\(key)) never called the fetcher for a key that was not cached; on a miss, fetch once" : "load(\(key)) called the fetcher \(fetched) times; a miss fetches once")
        let stored = subject.data(for: key.make(subjectType))
        try require(stored == nil, "after the fetch delivered nil, data(for: \(key)) returned \(show(stored)); store nothing for a nil result")
        if let view = optionalEngineView(of: subject) {
            try require(view.count == 0, "after the fetch delivered nil, the NSCache holds \(view.count) entr\(view.count == 1 ? "y" : "ies"); store nothing for a nil result")
        }
    }
}
