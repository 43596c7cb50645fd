import Foundation

extension CurrentUserStoreTests {
    static func saveReplacesUser(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("replaces")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        _ = store.currentUser()
        try save(People.grace, to: store, "a folder that already holds a user")
        let found = store.currentUser()
        try require(found == People.grace, "after save(_:) of \(People.ada) and then of \(People.grace), currentUser() returned \(describe(found)); the latest save replaces the cached user")
        _ = try userFile(in: folder, after: "two saves")
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == People.grace, "after save(_:) of \(People.ada) and then of \(People.grace), a relaunch returned \(describe(relaunched)); the latest save replaces the file too")
        try save(People.graceRenamed, to: store, "a folder that holds the same user under a shorter name")
        let renamed = store.currentUser()
        try require(renamed == People.graceRenamed, "after save(_:) of \(People.graceRenamed), the same id as the user signed in, currentUser() returned \(describe(renamed)); every save replaces the user, whatever the id")
        let renamedAfterRelaunch = subjectType.init(folder: folder).currentUser()
        try require(renamedAfterRelaunch == People.graceRenamed, "after save(_:) of \(People.graceRenamed), the same id as the user signed in, a relaunch returned \(describe(renamedAfterRelaunch)); every save writes the file, whatever the id")

        // Saving the very user already in the cache writes the file too.
        let file = try userFile(in: folder, after: "three saves")
        try plantFile(of: People.alan, at: file, subjectType: subjectType)
        try save(People.graceRenamed, to: store, "a folder whose file another process had replaced with \(People.alan)'s")
        let same = subjectType.init(folder: folder).currentUser()
        try require(same == People.graceRenamed, "save(_:) of \(People.graceRenamed), the user already in the cache, left the file as it was (a relaunch found \(describe(same)), whose file the test had put there meanwhile): every save writes the file, even of the same user")
    }

    static func signOutRemovesFile(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("sign-out-file")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        _ = try userFile(in: folder, after: "save(_:) of \(People.ada)")
        try signOut(store, "right after a save")
        let left = entries(of: folder)
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == nil, "after signOut(), a relaunch found \(describe(relaunched)) still signed in (the folder holds \(list(left))); signing out must remove the user's file, or the next launch signs them back in")
        try require(left.isEmpty, "after signOut(), the folder still holds \(list(left)); remove the user's file")
        // A store that never read the file (just launched, or after memory pressure) signs
        // the user out all the same.
        try save(People.grace, to: store)
        try signOut(subjectType.init(folder: folder), "from a store just launched over a folder that holds a user")
        let stillThere = entries(of: folder)
        try require(stillThere.isEmpty, "signOut() on a store just launched, whose cache was still empty, left \(list(stillThere)) in the folder, so the user stays signed in; remove the file whether or not the user is in the cache")
    }

    static func signOutClearsCache(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("sign-out-cache")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let before = store.currentUser()
        try require(before == People.ada, "right after save(_:) of \(People.ada), currentUser() returned \(describe(before)); the user just saved is the one signed in")
        try signOut(store, "right after a save")
        let found = store.currentUser()
        if found != nil && !entries(of: folder).isEmpty {
            throw TestFailure("after signOut(), the same store's currentUser() still returned \(describe(found)), and the user's file is still in the folder; remove the file and the cached user")
        }
        try require(found == nil, "after signOut(), the same store's currentUser() still returned \(describe(found)) although the file is gone: the cached copy outlived the sign-out. Remove the user from the NSCache as well as the file")
        try save(People.grace, to: store, "a folder whose user had signed out")
        let next = store.currentUser()
        try require(next == People.grace, "after signOut() and a save(_:) of \(People.grace), currentUser() returned \(describe(next))")
    }

    /// The file can go without the store: another process signs out, or the user clears
    /// the app's files. A `signOut()` that clears the cache only when it removed a file
    /// leaves that user signed in in memory.
    static func signOutWithoutFileClearsCache(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("sign-out-no-file")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let before = store.currentUser()
        try require(before == People.ada, "right after save(_:) of \(People.ada), currentUser() returned \(describe(before)); the user just saved is the one signed in")
        for name in entries(of: folder) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try signOut(store, "after the user's file had been removed behind the store's back")
        let found = store.currentUser()
        try require(found == nil, "the user's file was removed behind the store's back (another process signing out, say), then signOut() ran, and currentUser() still returned \(describe(found)): signOut() left the cached user in place because there was no file to remove. Remove the cached user whether or not there was a file")
    }

    static func signOutWhenSignedOut(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("sign-out-twice")
        let store = subjectType.init(folder: folder)
        try signOut(store, "in an empty folder, with nobody signed in")
        try require(store.currentUser() == nil, "after signOut() in an empty folder, currentUser() returned a user")
        try save(People.ada, to: store, "a folder where signOut() had run")
        try signOut(store, "after a save")
        try signOut(store, "a second time in a row, with nobody signed in any more")
        let found = store.currentUser()
        try require(found == nil, "after a save(_:) and two signOut() calls, currentUser() returned \(describe(found)); nobody is signed in any more: signOut() removes the file and the cached user")
        try require(entries(of: folder).isEmpty, "after signing out twice, the folder holds \(list(entries(of: folder))); it should be empty")
    }
}
