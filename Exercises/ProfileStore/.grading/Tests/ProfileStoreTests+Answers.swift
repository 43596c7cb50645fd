import CacheEngine
import Foundation

extension ProfileStoreTests {
    // MARK: No such user

    static func notFoundCompletesNil(_ subjectType: any ProfileStoreSubject.Type) throws {
        for timing in [AnswerTiming.atOnce, .later] {
            let client = FakeClient(timing) { _ in .success(nil) }
            let subject = subjectType.init(client: client)
            let log = try load(subject, "nobody")
            settle()
            try requireAskedOnce(client, for: "nobody", answer: ".success(nil)", note: timing.note)
            let calls = log.calls
            try require(!calls.isEmpty, "completion was not called within 2 s after the client answered .success(nil), 'no such user' (\(timing.note)); call it once with .success(nil)")
            try require(calls.count == 1, "completion ran \(times(calls.count)) after the client answered .success(nil): \(calls.map(describe).joined(separator: ", then ")) (\(timing.note)); it should run once")
            switch calls[0] {
            case .success(nil):
                continue
            case .failure:
                throw TestFailure("completion received \(describe(calls[0])) although the client answered .success(nil); 'no such user' is an answer, not an error: pass .success(nil) on")
            case let .success(profile?):
                throw TestFailure("completion received a profile (\(profile)) although the client answered .success(nil), 'no such user'; pass .success(nil) on, and never make up a placeholder profile")
            }
        }
    }

    static func notFoundIsNotCached(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = FakeClient(.later) { _ in .success(nil) }
        let subject = subjectType.init(client: client)
        let cache = optionalProfileCache(of: subject)
        let first = try load(subject, "newcomer")
        settle()
        try require(first.calls.first.map(describe) == ".success(nil)", "the first profile(forID: \"newcomer\") completed with \(first.calls.first.map(describe) ?? "nothing within 2 s") although the client answered .success(nil) (see not_found_completes_nil)")
        if let cache {
            try require(cache.count == 0, "after the client answered 'no such user' for \"newcomer\", the NSCache holds \(cache.count) object(s); store nothing for a nil answer: a placeholder takes one of the 50 places and hides a user who signs up later")
        }
        try require(subject.cachedProfile(forID: "newcomer") == nil, "after the client answered 'no such user', cachedProfile(forID: \"newcomer\") returned a profile; store nothing for a nil answer")

        // The user signs up.
        let signedUp = Profile(id: "newcomer", name: "Newcomer")
        client.answerFromNowOn { _ in .success(signedUp) }
        let second = try load(subject, "newcomer")
        settle()
        let asked = client.requests.count
        try require(asked == 2, asked < 2
            ? "the second profile(forID: \"newcomer\") did not ask the client again after 'no such user' (it completed with \(second.calls.first.map(describe) ?? "nothing")); a nil answer is not cached, so a user who signs up later is found on the next call"
            : "the client was asked for \"newcomer\" \(times(asked)) in two calls; each miss should ask once")
        let received = second.calls.first.flatMap(profile(in:))
        try require(received === signedUp, "once the user had signed up, profile(forID: \"newcomer\") completed with \(second.calls.first.map(describe) ?? "nothing within 2 s"); it should pass on the profile the client now sends")
    }

    // MARK: Failed requests

    static func failureIsReported(_ subjectType: any ProfileStoreSubject.Type) throws {
        for (round, timing) in [AnswerTiming.atOnce, .later].enumerated() {
            let failure = NetworkError(number: 40 + round)
            let client = FakeClient(timing) { _ in .failure(failure) }
            let subject = subjectType.init(client: client)
            let log = try load(subject, "offline")
            settle()
            let calls = log.calls
            try require(!calls.isEmpty, "completion was not called within 2 s after the client failed with \(failure) (\(timing.note)); a failure must be reported too: call completion once with .failure(error)")
            try require(calls.count == 1, "completion ran \(times(calls.count)) after the client failed: \(calls.map(describe).joined(separator: ", then ")) (\(timing.note)); it should run once, with .failure")
            switch calls[0] {
            case .success(nil):
                throw TestFailure("the client failed with \(failure), and completion received .success(nil), which tells the caller there is no such user; report .failure(error) so the caller can tell 'not found' from 'try again later'")
            case let .success(profile?):
                throw TestFailure("the client failed with \(failure), and completion received a profile (\(profile)); report .failure(error), never a placeholder")
            case let .failure(error):
                let passedOn = (error as? NetworkError)?.number == failure.number
                try require(passedOn, "the client failed with \(failure), and completion received .failure(\(error)); pass the client's own error on unchanged")
            }
            try requireAskedOnce(client, for: "offline", answer: ".failure(\(failure))", note: timing.note)
        }

        // An id that loaded before, then left the cache: a failure now is still a failure,
        // whatever the store remembers of the earlier answer.
        let known = Profile(id: "known", name: "Known Before")
        let client = FakeClient(.atOnce) { _ in .success(known) }
        let subject = subjectType.init(client: client)
        _ = try load(subject, "known")
        guard let cache = optionalProfileCache(of: subject) else { return }
        cache.simulateMemoryPressure(.critical)
        let failure = NetworkError(number: 49)
        client.answerFromNowOn { _ in .failure(failure) }
        let again = try load(subject, "known")
        settle()
        let answer = again.calls.first
        guard case let .failure(error)? = answer, (error as? NetworkError)?.number == failure.number else {
            throw TestFailure("\"known\" had loaded once and the cache had let it go; then the client failed with \(failure), and completion received \(answer.map(describe) ?? "nothing within 2 s"): a failure is reported as .failure with the client's own error, whatever the store knew of that id before (keep nothing of a profile beside the cache)")
        }
    }

    static func failureIsNotCached(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = FakeClient(.later) { _ in .failure(NetworkError(number: 50)) }
        let subject = subjectType.init(client: client)
        let cache = optionalProfileCache(of: subject)
        let first = try load(subject, "flaky")
        settle()
        guard let firstResult = first.calls.first, case .failure = firstResult else {
            throw TestFailure("the first profile(forID: \"flaky\") completed with \(first.calls.first.map(describe) ?? "nothing within 2 s") although the client failed (see failure_is_reported)")
        }
        if let cache {
            try require(cache.count == 0, "after the client failed for \"flaky\", the NSCache holds \(cache.count) object(s); cache nothing for a failure: a placeholder would be served as if it were the user's profile")
        }
        try require(subject.cachedProfile(forID: "flaky") == nil, "after the client failed, cachedProfile(forID: \"flaky\") returned a profile; cache nothing for a failure")

        // The network is back.
        let recovered = Profile(id: "flaky", name: "Flaky")
        client.answerFromNowOn { _ in .success(recovered) }
        let second = try load(subject, "flaky")
        settle()
        let asked = client.requests.count
        try require(asked == 2, asked < 2
            ? "the second profile(forID: \"flaky\") did not ask the client again after a failure (it completed with \(second.calls.first.map(describe) ?? "nothing")); a failure is not remembered in this store: the next call tries the network again"
            : "the client was asked for \"flaky\" \(times(asked)) in two calls; each miss should ask once")
        let received = second.calls.first.flatMap(profile(in:))
        try require(received === recovered, "once the network was back, profile(forID: \"flaky\") completed with \(second.calls.first.map(describe) ?? "nothing within 2 s"); it should pass on the profile the client now sends")
        if let cache {
            try require(holds(cache, recovered), "once the network was back, the profile fetched for \"flaky\" was not stored in the NSCache; store it as on any other miss")
        }
    }
}
