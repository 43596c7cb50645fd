import Foundation

extension SessionCacheTests {
    /// Point 8: the check "is this load still wanted?" and the write after it are one step
    /// under the lock `signOut()` takes. The course engine runs a hook just before every
    /// store; here it signs out on another thread at that moment (between the check and
    /// the write) and waits a little for the sign-out to return. A store that holds the
    /// sign-out's lock holds the sign-out back, and the sign-out then empties the cache; a
    /// store outside that lock lets the sign-out finish first and then writes data of an
    /// ended session. The moment is made certain, so the race is caught on every run.
    static func signOutBetweenCheckAndWrite(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .hold)
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let key = KeyFields("anna", "statement", 3)
        let view = try engineView(of: subject)
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(fetches.waitForCall(), "load(\(key)) did not call the fetcher within 2 s for a key that was not cached; on a miss, call the fetcher")

        let signedOut = DispatchSemaphore(value: 0)
        let armed = SignOutTrigger()
        let target = SubjectBox(subject)
        view.beforeEveryStore {
            guard armed.fire() else { return }
            let thread = Thread {
                target.subject.signOut()
                signedOut.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
            // Long enough for a sign-out that nothing holds back; a sign-out that waits for
            // the storing thread's lock goes on once that thread lets go.
            if signedOut.wait(timeout: .now() + .milliseconds(150)) == .success {
                armed.noteReturnedBeforeWrite()
                signedOut.signal()
            }
        }
        try fetches.release(0, with: bytes("anna's statement"))
        _ = completion.waitForFirstCall()
        view.beforeEveryStore(nil)
        guard armed.fired else {
            // No store at all: the result was dropped, which is allowed only after a sign-out.
            return
        }
        try require(signedOut.wait(timeout: .now() + .seconds(2)) == .success, "signOut(), called while a fetched result was being stored, did not return within 2 s; does the write wait for something signOut() holds?")
        settle()
        let found = subject.data(for: key.make(subjectType))
        try require(found == nil && !view.holds(Data("anna's statement".utf8)), armed.returnedBeforeWrite
            ? "a fetch for \(key) delivered, the load checked that its session was still current, and signOut() ran on another thread right then, before the write: it returned at once, and the write that followed put the ended session's data into the emptied cache (data(for:) now returns \(show(found))). Make the check and the write one step under the lock signOut() takes, so a sign-out waits for the write or the write sees the sign-out"
            : "after a fetch for \(key) was stored while signOut() ran on another thread, data(for:) returns \(show(found)); once signOut() has returned, data of the ended session must be gone")
    }
}

/// Fires once, and remembers whether the sign-out it started returned before the write.
final class SignOutTrigger: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    private var early = false

    func fire() -> Bool {
        lock.withLock {
            defer { didFire = true }
            return !didFire
        }
    }

    var fired: Bool { lock.withLock { didFire } }
    func noteReturnedBeforeWrite() { lock.withLock { early = true } }
    var returnedBeforeWrite: Bool { lock.withLock { early } }
}

/// Lets a hook that runs on the storing thread reach the subject.
final class SubjectBox: @unchecked Sendable {
    let subject: any SessionCacheSubject
    init(_ subject: any SessionCacheSubject) { self.subject = subject }
}
