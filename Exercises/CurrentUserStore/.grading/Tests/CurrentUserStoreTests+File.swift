import Foundation

extension CurrentUserStoreTests {
    static func writesFileInFolder(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        let temporaryBefore = Set(entries(of: temporary))
        let folder = try makeFolder("writes-file")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let file = try userFile(in: folder, after: "save(_:) of \(People.ada)")
        let size = (try? Data(contentsOf: file).count) ?? 0
        try require(size > 0, "save(_:) of \(People.ada) left `\(file.lastPathComponent)` empty; write the user's id and name into it")

        let other = try makeFolder("writes-file-other")
        try save(People.grace, to: subjectType.init(folder: other))
        let otherFile = try userFile(in: other, after: "save(_:) of \(People.grace) in a second folder")
        try require(otherFile.lastPathComponent == file.lastPathComponent, "the user's file is called `\(file.lastPathComponent)` for \(People.ada) in one folder but `\(otherFile.lastPathComponent)` for \(People.grace) in another; after a relaunch the store must know which file to open before it knows the user, and a file copied into another store's folder must be found there, so give the file one fixed name, the same in every folder")
        // Nothing beside the two folders: no copy in the current directory or the temporary one.
        let strays = entries(of: workingDirectory).filter { !isDirectory(workingDirectory.appendingPathComponent($0)) }
        try require(strays.isEmpty, "two saves also wrote \(list(strays)) in the current directory, outside the folders given to CurrentUserStore(folder:); nothing is written to a fixed or relative path")
        let temporaryStrays = Set(entries(of: temporary)).subtracting(temporaryBefore).filter { !isDirectory(temporary.appendingPathComponent($0)) }.sorted()
        try require(temporaryStrays.isEmpty, "two saves also wrote \(list(temporaryStrays)) in the temporary directory, outside the folders given to CurrentUserStore(folder:), where every store would share it; nothing is written to a fixed path")
    }

    static func survivesRelaunch(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("relaunch")
        var first: (any CurrentUserStoreSubject)? = subjectType.init(folder: folder)
        try save(People.emilie, to: first!)
        first = nil
        _ = try userFile(in: folder, after: "save(_:) of \(People.emilie)")
        let second = subjectType.init(folder: folder)
        let found = second.currentUser()
        try require(found != nil, "a new CurrentUserStore over the folder where \(People.emilie) was saved (a relaunch) returned nil from currentUser(); on a miss, read the user from the file")
        try require(found == People.emilie, "after a relaunch, currentUser() returned \(describe(found)); the saved user was \(People.emilie): the file must hold the id and the name exactly, accents included")
        let third = subjectType.init(folder: folder)
        let again = third.currentUser()
        try require(again == People.emilie, "a second relaunch, after the first one had read the file, returned \(describe(again)) instead of \(People.emilie); reading the file must leave it in place")

        // Whitespace around a name is part of it.
        let spaced = try makeFolder("relaunch-spaced")
        try save(People.zoe, to: subjectType.init(folder: spaced))
        let zoe = subjectType.init(folder: spaced).currentUser()
        try require(zoe == People.zoe, "after a relaunch, currentUser() returned \(describe(zoe)); the saved user was \(People.zoe): the file must hold the name exactly, spaces, tab and newline around it included")
        let decomposed = try makeFolder("relaunch-decomposed")
        try save(People.jose, to: subjectType.init(folder: decomposed))
        let jose = subjectType.init(folder: decomposed).currentUser()
        let sameScalars = jose.map { Array($0.id.unicodeScalars) == Array(People.jose.id.unicodeScalars) && Array($0.name.unicodeScalars) == Array(People.jose.name.unicodeScalars) } ?? false
        try require(sameScalars, "after a relaunch, currentUser() returned \(describe(jose)), whose id or name is not the one saved character for character: the saved user wrote its accents as a letter followed by a combining mark, and the file gave them back in another form (or changed them otherwise). Write the id and name as given, without normalising them")

        // Another process signs someone else in: a relaunched store knows only what the
        // file says, whatever a store before it had in its cache.
        let file = try userFile(in: folder, after: "save(_:) of \(People.emilie)")
        try plantFile(of: People.alan, at: file, subjectType: subjectType)
        let fourth = subjectType.init(folder: folder).currentUser()
        try require(fourth == People.alan, "the file in the folder was replaced by one holding \(People.alan) (as another process signing in would), and a store launched after that returned \(describe(fourth)): a new store starts with an empty cache of its own and must read the file. Is the cache shared by every store (static, or kept by folder)?")
    }

    static func storesAreIsolated(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let adaFolder = try makeFolder("isolated-ada")
        let graceFolder = try makeFolder("isolated-grace")
        let adaStore = subjectType.init(folder: adaFolder)
        let graceStore = subjectType.init(folder: graceFolder)
        try save(People.ada, to: adaStore)
        try save(People.grace, to: graceStore)
        func check(_ found: StoredUser?, _ expected: StoredUser, _ which: String) throws {
            guard found != expected else { return }
            let whose = found == nil ? "nil" : found == People.grace || found == People.ada ? "the other folder's user, \(found!)," : describe(found)
            throw TestFailure("two stores over two folders: \(which) returned \(whose) instead of \(expected); each store keeps its user in the folder it was given (no fixed path, no cache shared by all stores)")
        }
        try check(adaStore.currentUser(), People.ada, "the store over Ada's folder")
        try check(graceStore.currentUser(), People.grace, "the store over Grace's folder")
        try check(subjectType.init(folder: adaFolder).currentUser(), People.ada, "a relaunched store over Ada's folder")
        try check(subjectType.init(folder: graceFolder).currentUser(), People.grace, "a relaunched store over Grace's folder")
        try signOut(graceStore, "for Grace")
        try check(subjectType.init(folder: adaFolder).currentUser(), People.ada, "after Grace signed out in her folder, a relaunched store over Ada's folder")
    }

    static func saveIsAtomic(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("atomic")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let file = try userFile(in: folder, after: "save(_:) of \(People.ada)")
        let adaBytes = try Data(contentsOf: file)
        // A reader that opened the file before the next save, like another thread or process.
        let reader = try FileHandle(forReadingFrom: file)
        defer { try? reader.close() }
        let watch = FolderWatch(folder: folder)
        try save(People.grace, to: store, "a folder that already holds a user")
        let seen = try reader.readToEnd() ?? Data()
        if seen != adaBytes {
            throw TestFailure("save(_:) rewrote the existing user's file in place: a reader that had opened it before the save, while it held \(People.ada), found the new bytes under it afterwards. A crash halfway through such a write leaves half a user on disk. Write the new file beside the old one and then move it into place: Data.write(to:options: .atomic) does both")
        }
        // A rename over the old file replaces it in one step; removing it first leaves a
        // moment with no file at all, which a reader or a crash can land in.
        if let watch, watch.deletions(of: file.lastPathComponent) > 0 {
            throw TestFailure("save(_:) removed `\(file.lastPathComponent)` before the new file took its place: until then the folder holds no user, and a crash or a relaunch at that moment finds \(People.ada) signed out. Rename the new file over the old one, which replaces it in one step: Data.write(to:options: .atomic) does that (the test watches every removal in the folder)")
        }
        // Bytes written into the file under its final name, even one just put in place
        // empty, reach a reader half written.
        if let watch, watch.modifications(of: file.lastPathComponent) > 0 {
            throw TestFailure("save(_:) wrote bytes into `\(file.lastPathComponent)` itself, under the name a reader opens (for example FileManager.createFile and then a FileHandle): a reader or a crash can find it empty or half written. Write the complete new file under another name and rename it over the old one: Data.write(to:options: .atomic) does both (the test watches every write in the folder)")
        }
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == People.grace, "after a second save(_:) of \(People.grace), a relaunch returned \(describe(relaunched)); the new file should hold the new user")
    }

    static func failedSaveChangesNothing(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let name = try UserFile(for: People.alan, subjectType: subjectType).name
        let adaName = try UserFile(for: People.ada, subjectType: subjectType).name
        // The obstacle stands where the file goes; a name that changes with the user puts
        // Ada's file elsewhere, and the messages below would then say things that are not so.
        try require(adaName == name, "this test blocks the store's file with a folder of the same name, but your file's name changes with the user (`\(adaName)` for \(People.ada), `\(name)` for \(People.alan)), so it cannot tell what a failed write does; give the file one fixed name first (see writes_file_in_folder)")
        let folder = try makeFolder("failed-save")
        // A folder where the file should go: no write, atomic or not, can put a file there.
        let blocker = folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: blocker.appendingPathComponent("inside"))
        let store = subjectType.init(folder: folder)
        var threw = false
        var thrown: NSError?
        do { try store.save(id: People.ada.id, name: People.ada.name) } catch { threw = true; thrown = error as NSError }
        guard threw else {
            let stillThere = isDirectory(blocker)
            throw TestFailure(stillThere
                ? "save(_:) returned normally although its file could not be written (the test had put a folder where `\(name)` goes); let the write's error out of save(_:) with `try`, not `try?`, so the caller knows the user was not saved"
                : "save(_:) returned normally, and what stood where `\(name)` goes (a folder the test had put there) is gone. Either save(_:) deletes the old file before writing, which an atomic write never needs, or it swaps a temporary file in with FileManager.replaceItemAt(_:withItemAt:), which in Foundation on Linux can delete the original when the swap fails; write with Data.write(to:options: .atomic), and let its error out of save(_:)")
        }
        // The write's own error: Foundation's (a CocoaError) or the system's, not one of the file's.
        if let thrown {
            try require(thrown.domain == NSCocoaErrorDomain || thrown.domain == NSPOSIXErrorDomain,
                        "save(_:) threw \(thrown.domain) \(thrown.code) (\(thrown.localizedDescription)) when its file could not be written: that is an error of your own, not the one the write threw. Let the write's own error out of save(_:) with `try`, so the caller learns what went wrong")
        }
        let found = store.currentUser()
        try require(found == nil, "save(_:) threw because the file could not be written, yet currentUser() then returned \(describe(found)): the cache claims a user the disk does not have, and a relaunch would lose them. Write the file first; put the user in the cache only once the write succeeded")

        try FileManager.default.removeItem(at: blocker)
        try save(People.ada, to: store, "the same folder once the obstacle was gone")
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == People.ada, "once the obstacle was gone, save(_:) of \(People.ada) succeeded but a relaunch returned \(describe(relaunched))")

        // With a user signed in, a failed save leaves that user in memory.
        let file = try userFile(in: folder, after: "save(_:) of \(People.ada)")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: blocker.appendingPathComponent("inside"))
        var threwAgain = false
        do { try store.save(id: People.alan.id, name: People.alan.name) } catch { threwAgain = true }
        try require(threwAgain, "save(_:) of \(People.alan) returned normally although its file could not be written (the test had put a folder where `\(name)` goes); let the write's error out of save(_:)")
        let kept = store.currentUser()
        try require(kept == People.ada, "with \(People.ada) signed in, save(_:) of \(People.alan) threw because the file could not be written, and currentUser() then returned \(describe(kept)): a failed save leaves memory as it was. Write the file first, and touch the cache only once the write succeeded")
    }
}
