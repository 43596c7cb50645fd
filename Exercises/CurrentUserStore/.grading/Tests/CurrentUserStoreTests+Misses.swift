import Foundation

extension CurrentUserStoreTests {
    static func noFileIsNil(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("no-file")
        let store = subjectType.init(folder: folder)
        for attempt in ["first", "second"] {
            let found = store.currentUser()
            try require(found == nil, "with an empty folder, the \(attempt) currentUser() returned \(describe(found)); nobody has signed in, so it should return nil")
        }
    }

    static func missNotRemembered(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let grace = try UserFile(for: People.grace, subjectType: subjectType)

        let emptyFolder = try makeFolder("miss-later")
        let store = subjectType.init(folder: emptyFolder)
        let before = store.currentUser()
        try require(before == nil, "with an empty folder, currentUser() returned \(describe(before)); it should return nil")
        try grace.place(in: emptyFolder)
        let watch = FolderWatch(folder: emptyFolder)
        watch?.reset()
        let after = store.currentUser()
        if after == nil, let watch, watch.opens(of: grace.name) > 0 {
            throw TestFailure("currentUser() returned nil for an empty folder; then the test copied in `\(grace.name)`, which your own save(_:) of \(People.grace) had written in a store over another folder, and currentUser() opened it and still returned nil. The file has to describe the user alone (the README says so under \"What the hidden tests can see\"): if it records the folder or anything else about the store that wrote it, do not check that when reading it back")
        }
        try require(after == People.grace, "currentUser() returned nil for an empty folder, then \(describe(after)) once the user's file for \(People.grace) had appeared there (as another process signing in would write it): the store remembered the miss. Cache users only, never \"nobody\", so each miss looks at the file again")

        let brokenFolder = try makeFolder("miss-after-corrupt")
        try Data([0xFF, 0x00, 0x13]).write(to: brokenFolder.appendingPathComponent(grace.name))
        let repaired = subjectType.init(folder: brokenFolder)
        let broken = repaired.currentUser()
        try require(broken == nil, "with a corrupt user file (3 bytes of binary), currentUser() returned \(describe(broken)); a file that does not decode is a miss: return nil")
        try grace.place(in: brokenFolder)
        let fixed = repaired.currentUser()
        try require(fixed == People.grace, "after a corrupt file was replaced by a good one for \(People.grace), currentUser() returned \(describe(fixed)): the store remembered the failure. Keep no \"broken\" marker; each miss reads the file again")
    }

    static func corruptFileIsMiss(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let ada = try UserFile(for: People.ada, subjectType: subjectType)
        let corruptions: [(what: String, bytes: Data)] = [
            ("an empty file", Data()),
            ("bytes that are not text", Data([0xFF, 0xFE, 0x00, 0x7B, 0x22, 0xC3, 0x28, 0x00, 0x80, 0x9F])),
            ("the first half of a file your save wrote", ada.bytes.prefix(ada.bytes.count / 2)),
            // Well-formed text of the wrong shape: a decoder that fills missing fields with
            // empty strings makes a user out of it.
            ("an empty JSON object, {}", Data("{}".utf8)),
            ("a JSON object with an id and no name", Data(#"{"id":"u-1"}"#.utf8)),
            ("a JSON object of other fields", Data(#"{"foo":1,"bar":[true]}"#.utf8)),
        ]
        for corruption in corruptions {
            let folder = try makeFolder("corrupt")
            try corruption.bytes.write(to: folder.appendingPathComponent(ada.name))
            let store = subjectType.init(folder: folder)
            let found = store.currentUser()
            try require(found == nil, "with a corrupt user file (\(corruption.what)), currentUser() returned \(describe(found)); a file that does not decode is a miss: return nil")
        }
    }

    static func recoversAfterCorruptFile(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let name = try UserFile(for: People.ada, subjectType: subjectType).name
        let folder = try makeFolder("recovers")
        try Data("{\"this is\": not a user".utf8).write(to: folder.appendingPathComponent(name))
        let store = subjectType.init(folder: folder)
        let broken = store.currentUser()
        try require(broken == nil, "with a corrupt user file (text that is not a user), currentUser() returned \(describe(broken)); a file that does not decode is a miss: return nil")
        try save(People.grace, to: store, "a folder whose user file was corrupt")
        let found = store.currentUser()
        try require(found == People.grace, "after a corrupt file, save(_:) of \(People.grace) succeeded but currentUser() returned \(describe(found)); the save replaces the broken file and fills the cache")
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == People.grace, "after a corrupt file and a save(_:) of \(People.grace), a relaunch returned \(describe(relaunched)); the save should have replaced the broken file")
    }
}
