import Foundation

extension SessionCacheTests {
    static func signOutClears(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        let keys = [KeyFields("anna", "balance", 1), KeyFields("anna", "inbox", 4), KeyFields("ben", "balance", 2), KeyFields("", "shared", 0)]
        for key in keys { subject.store(bytes("data of \(key.account)/\(key.resource)"), for: key.make(subjectType)) }
        for key in keys {
            let before = subject.data(for: key.make(subjectType))
            try require(before != nil, "before any sign-out, data(for: \(key)) returned nil right after storing under it (see fresh_key_hits)")
        }
        subject.signOut()
        for key in keys {
            let found = subject.data(for: key.make(subjectType))
            try require(found == nil, "after signOut(), data(for: \(key)) still returned \(show(found)); signing out must clear every cached entry, whichever account it belongs to")
        }
        if let view = optionalEngineView(of: subject) {
            try require(view.count == 0, "after signOut(), the NSCache still holds \(view.count) entr\(view.count == 1 ? "y" : "ies"); clear it (removeAllObjects())")
        }
        let next = KeyFields("ben", "balance", 3)
        subject.store(bytes("ben's balance"), for: next.make(subjectType))
        let found = subject.data(for: next.make(subjectType))
        try require(holdsText(found, "ben's balance"), "after signOut(), storing under \(next) and looking it up returned \(show(found)); the cache must keep working for the next session")
    }

    static func signOutAdvancesGeneration(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .now { _ in bytes("fetched") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let start = subject.generation
        let key = KeyFields("anna", "card", 1)
        subject.store(bytes("card"), for: key.make(subjectType))
        _ = subject.data(for: key.make(subjectType))
        let completion = CompletionLog()
        try callLoad(on: subject, KeyFields("anna", "feed", 1), completion: completion.handler)
        _ = completion.waitForFirstCall()
        settle()
        try require(subject.generation == start, "generation went from \(start) to \(subject.generation) without a sign-out; only signOut() changes it")
        subject.signOut()
        let once = subject.generation
        try require(once == start + 1, "after one signOut(), generation went from \(start) to \(once); each sign-out raises it by exactly one")
        subject.signOut()
        subject.signOut()
        let thrice = subject.generation
        try require(thrice == start + 3, "after three signOut() calls, generation went from \(start) to \(thrice); each sign-out raises it by exactly one")

        // Another SessionCache's sign-out is not this one's.
        let other = subjectType.init(fetcher: fetches.fetcher)
        let otherStart = other.generation
        subject.signOut()
        try require(other.generation == otherStart, "signOut() on one SessionCache moved another SessionCache's generation from \(otherStart) to \(other.generation): the generation is shared (a static?). Each cache keeps its own, and only its own signOut() changes it")
    }

    /// Starts a load for `key` whose fetch the test holds back, and waits for the fetcher.
    private static func startHeldLoad(_ subject: any SessionCacheSubject, _ fetches: FetchLog, _ key: KeyFields, _ completion: CompletionLog) throws {
        try callLoad(on: subject, key, completion: completion.handler)
        try require(fetches.waitForCall(), "load(\(key)) did not call the fetcher within 2 s for a key that was not cached; on a miss, call the fetcher")
    }

    static func lateLoadNeverWrites(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .hold)
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "balance", 7)
        let completion = CompletionLog()
        try startHeldLoad(subject, fetches, key, completion)
        subject.signOut()
        try fetches.release(0, with: mutableBytes("anna's balance"))
        _ = completion.waitForFirstCall()
        settle()
        let found = subject.data(for: key.make(subjectType))
        try require(found == nil, "a fetch for \(key) started before signOut() and delivered \"anna's balance\" after it, and data(for:) now returns \(show(found)): the late result was written into the signed-out cache. Note the generation when a load starts, and drop the result if it has changed by the time the data arrives")
        if let view = optionalEngineView(of: subject) {
            try require(!view.holds(Data("anna's balance".utf8)), "a fetch that started before signOut() delivered \"anna's balance\" after it, and the NSCache now holds those bytes; a load from an ended session must not write")
        }
    }

    static func lateLoadCompletesWithNil(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .hold)
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "inbox", 2)
        // The caller's completion uses the cache at once, as point 5 allows, whether it runs
        // at the sign-out or when the fetch comes back.
        let completion = CompletionLog { _ in
            _ = subject.generation
            _ = subject.data(for: key.make(subjectType))
        }
        try startHeldLoad(subject, fetches, key, completion)
        let signedOut = DispatchSemaphore(value: 0)
        let caller = Thread {
            subject.signOut()
            signedOut.signal()
        }
        caller.stackSize = 8 << 20
        caller.start()
        let deadlock = "signOut() never returns while a cut-off load's completion reads generation: the completion runs while SessionCache holds the lock that generation takes, so that read waits for itself (a deadlock). Collect the cut-off completions under the lock, unlock, then call them"
        try BoundedWait.require(signedOut, within: completionTimeout, timedOut: deadlock, stuck: deadlock)
        try fetches.release(0, with: bytes("anna's inbox"))
        try require(completion.waitForFirstCall(), "a load for \(key) was cut off by signOut(); its completion was not called within 2 s after the fetch came back. Call it once, with nil, so the caller stops waiting")
        settle()
        let calls = completion.calls
        try require(calls[0] == nil, "a load for \(key) started before signOut(), and its completion received \(show(calls[0])) after the sign-out; that session has ended and the screen may already belong to someone else: complete with nil")
        try require(calls.count == 1, "the completion of a load cut off by signOut() ran \(times(calls.count)); it should run exactly once, with nil")
    }

    static func lateLoadKeepsNewerData(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .hold)
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "balance", 9)
        let old = CompletionLog()
        try startHeldLoad(subject, fetches, key, old)
        subject.signOut()

        // Anna signs in again and the same key is loaded in the new session.
        let new = CompletionLog()
        try callLoad(on: subject, key, completion: new.handler)
        try require(fetches.waitForCall(), "after signOut(), load(\(key)) did not call the fetcher within 2 s; a load in the new session must fetch for itself, not wait for a fetch of the old one")
        try fetches.release(1, with: bytes("balance after sign-in"))
        try require(new.waitForFirstCall(), "a load started after signOut() did not complete within 2 s after its fetch came back")
        settle()
        let fresh = new.calls.first ?? nil
        try require(holdsText(fresh, "balance after sign-in"), "a load started after signOut() completed with \(show(fresh)) instead of its fetched \"balance after sign-in\"; only loads from before the sign-out are dropped (compare with the generation the load started in, not the first one)")
        let stored = subject.data(for: key.make(subjectType))
        try require(holdsText(stored, "balance after sign-in"), "a load started after signOut() fetched \"balance after sign-in\", but data(for: \(key)) then returned \(show(stored)); loads of the new session store normally")

        try fetches.release(0, with: bytes("stale balance"))
        _ = old.waitForFirstCall()
        settle()
        let after = subject.data(for: key.make(subjectType))
        try require(holdsText(after, "balance after sign-in"), "the fetch that started before signOut() came back last with \"stale balance\", and data(for: \(key)) now returns \(show(after)) instead of \"balance after sign-in\": the old session's result overwrote the new session's data")
        let handed = old.calls
        try require(handed.count == 1 && handed[0] == nil, "the load cut off by signOut() completed with [\(handed.map(show).joined(separator: ", "))] when its fetch came back; it should receive nil, once: neither its own stale bytes nor what the new session has cached since (\"balance after sign-in\" belongs to whoever signed in after)")
    }
}
