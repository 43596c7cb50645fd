import Foundation

extension CurrentUserStoreTests {
    static func usesNSCache(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("uses-nscache")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        _ = store.currentUser()
        let caches = try engineCaches(of: store)
        let paths = caches.map(\.path)
        try require(caches.contains { $0.cache.count > 0 }, "CurrentUserStore has an NSCache (\(list(paths))), but after save(_:) and currentUser() it was empty; keep the signed-in user in it, so that reads skip the disk")
    }

    static func survivesMemoryPressure(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("pressure")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let caches = try engineCaches(of: store)
        emptyUnderPressure(caches)
        let found = store.currentUser()
        try require(found != nil, "after critical memory pressure emptied the store's NSCache, currentUser() returned nil: \(People.ada) was signed out by the system. The cache may drop the user at any time; on a miss, read the user from the file")
        try require(found == People.ada, "after critical memory pressure, currentUser() returned \(describe(found)) instead of \(People.ada)")
        emptyUnderPressure(caches)
        let relaunched = subjectType.init(folder: folder).currentUser()
        try require(relaunched == People.ada, "after memory pressure and a relaunch, currentUser() returned \(describe(relaunched)) instead of \(People.ada)")
    }

    /// Point 3's "no other property holds the user", seen through the user's lifetime: a
    /// copy that is kept but never read (a `current` or `lastSaved` property) answers no
    /// call wrongly, yet frees nothing when memory is short. Once the cache has let go,
    /// the `User` object it held must die.
    static func keepsNoCopyOfItsOwn(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("no-copy")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let caches = try engineCaches(of: store)
        weak var cached: AnyObject?
        do { cached = caches.lazy.flatMap(\.cache.heldObjects).first }
        guard cached != nil else {
            throw TestFailure("right after save(_:) of \(People.ada), the store's NSCache held nothing; put the saved user in it (see save_fills_cache)")
        }
        emptyUnderPressure(caches)
        let deadline = Date().addingTimeInterval(1)
        while cached != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        try require(cached == nil, "after critical memory pressure made the NSCache let go of \(People.ada), the object it had held was still alive: the store keeps another strong reference to the user (a property such as `current` or `lastSaved`, a dictionary, an array?). Keep the user in the NSCache and nowhere else in memory, so that memory pressure can free it")
    }

    static func pressureRereadsFile(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let grace = try UserFile(for: People.grace, subjectType: subjectType)
        let adaName = try UserFile(for: People.ada, subjectType: subjectType).name
        try require(adaName == grace.name, "this test replaces the store's file behind its back, but your file's name changes with the user (`\(adaName)` for \(People.ada), `\(grace.name)` for \(People.grace)), so the store never reads the file the test wrote; give the file one fixed name first (see writes_file_in_folder)")
        let folder = try makeFolder("pressure-rereads")
        let store = subjectType.init(folder: folder)
        // The app still shows the user it saved, so that object stays alive: a copy the
        // store holds weakly would still answer, which only the file may do now.
        let shown = try save(People.ada, to: store)
        let caches = try engineCaches(of: store)
        try grace.place(in: folder)
        emptyUnderPressure(caches)
        let watch = FolderWatch(folder: folder)
        watch?.reset()
        let found = withExtendedLifetime(shown) { store.currentUser() }
        let opened = watch.map { $0.opens(of: grace.name) > 0 }
        if found == People.ada {
            throw TestFailure("after memory pressure emptied the store's NSCache, currentUser() still returned \(People.ada), although the test had meanwhile written \(People.grace) into the file: the store keeps the user in memory outside the NSCache (a property, a dictionary, a weak reference that the app's own copy keeps alive?). Let the NSCache be the only copy in memory, so the system can take it back, and let the file answer once it has")
        }
        if found == nil, opened == true {
            throw TestFailure("after memory pressure emptied the store's NSCache, currentUser() opened `\(grace.name)` and still returned nil. That file holds \(People.grace): your own save(_:) wrote it in a store over another folder, and the test copied it here. The file has to describe the user alone (the README says so under \"What the hidden tests can see\"): if it records the folder or anything else about the store that wrote it, do not check that when reading it back")
        }
        try require(found != nil, "after memory pressure emptied the store's NSCache, currentUser() returned nil although the file holds \(People.grace)\(opened == false ? " and it never opened the file" : ""); on a miss, read the file")
        try require(found == People.grace, "after memory pressure, with \(People.grace) in the file, currentUser() returned \(describe(found))")
    }

    static func saveFillsCache(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let grace = try UserFile(for: People.grace, subjectType: subjectType)
        let folder = try makeFolder("save-fills")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        try grace.place(in: folder)
        let found = store.currentUser()
        if found == People.grace {
            throw TestFailure("right after save(_:) of \(People.ada), currentUser() returned \(People.grace), whom the test had written into the file behind the store's back: it read the file although the user had just been saved. save(_:) should put the user in the NSCache, and a hit should come from there without reading the file")
        }
        try require(found == People.ada, "right after save(_:) of \(People.ada), currentUser() returned \(describe(found)); it should return the saved user from the NSCache")
    }

    static func missFillsCache(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let grace = try UserFile(for: People.grace, subjectType: subjectType)
        let folder = try makeFolder("miss-fills")
        try save(People.ada, to: subjectType.init(folder: folder))
        let relaunched = subjectType.init(folder: folder)
        let first = relaunched.currentUser()
        try require(first == People.ada, "after a relaunch, the first currentUser() returned \(describe(first)) instead of \(People.ada), who is in the file")
        try grace.place(in: folder)
        let second = relaunched.currentUser()
        if second == People.grace {
            throw TestFailure("after a relaunch, currentUser() read \(People.ada) from the file, but the next call returned \(People.grace), whom the test had written into the file in between: it read the file again. When a miss reads the user from the file, put the user in the NSCache, so the next call is a hit")
        }
        try require(second == People.ada, "the second currentUser() after a relaunch returned \(describe(second)) instead of \(People.ada), whom the first call had read")
    }

    static func hitDoesNotOpenFile(_ subjectType: any CurrentUserStoreSubject.Type) throws {
        let folder = try makeFolder("hit-no-open")
        let store = subjectType.init(folder: folder)
        try save(People.ada, to: store)
        let name = try userFile(in: folder, after: "save(_:) of \(People.ada)").lastPathComponent
        let first = store.currentUser()
        try require(first == People.ada, "right after save(_:) of \(People.ada), currentUser() returned \(describe(first)); the user just saved is the one signed in")
        // The file changes behind the store's back: a store that looks at it on a hit (even
        // only at its date, without opening it) reads the new user.
        let grace = try UserFile(for: People.grace, subjectType: subjectType)
        guard let watch = FolderWatch(folder: folder) else {
            // No inotify here: the changed file is what a store that reads it notices.
            try grace.place(in: folder)
            for _ in 0..<3 {
                let found = store.currentUser()
                try require(found == People.ada, "on a hit, currentUser() returned \(describe(found)), not the cached \(People.ada): it read the file, which the test had changed; a hit should come from the NSCache alone")
            }
            return
        }
        try grace.place(in: folder)
        watch.reset()
        var opening = 0
        for _ in 0..<3 {
            let found = store.currentUser()
            try require(found == People.ada, "on a hit, currentUser() returned \(describe(found)) instead of the cached \(People.ada): the test had changed the file, and a hit comes from the NSCache alone, without looking at the file, not even to check it")
            // Checked after each call: the kernel merges identical events still unread.
            if watch.opens(of: name) > 0 { opening += 1 }
        }
        try require(opening == 0, "after \(People.ada) had been saved and read once, \(opening == 3 ? "each" : "\(opening)") of three more calls to currentUser() opened `\(name)`: with the user in the NSCache, a hit returns it without opening or reading the file, not even to check it (the test watches every open in the folder)")
        // Another process removes the file: the cached user is still the answer of a hit.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        let afterRemoval = store.currentUser()
        try require(afterRemoval == People.ada, "with \(People.ada) in the NSCache, the file was removed behind the store's back and currentUser() returned \(describe(afterRemoval)): a hit comes from the NSCache alone, without asking the disk whether the file is still there")
    }
}
