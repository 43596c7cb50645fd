import Foundation

/// The users the tests sign in; each test says which it saved, so a wrong answer names
/// whose user came back.
enum People {
    static let ada = StoredUser(id: "u-1815", name: "Ada Lovelace")
    static let grace = StoredUser(id: "u-1906", name: "Grace Hopper")
    /// Capitals, a slash and spaces at both ends of the id: "exactly as saved" is every
    /// character of it.
    static let emilie = StoredUser(id: " U-1706/Émilie ", name: "Émilie du Châtelet")
    /// Grace under her whole name: the same id, so a second save that skips a known id
    /// keeps the old name.
    static let graceRenamed = StoredUser(id: "u-1906", name: "Grace Brewster Hopper")
    static let alan = StoredUser(id: "u-1912", name: "Alan Turing")
    /// Spaces, a tab and a newline around the name: "exactly as saved" keeps them all.
    static let zoe = StoredUser(id: "u-2001", name: "  Zo\u{EB}\tKravitz \n")
    /// Accents written as a letter and a combining mark: equal under Swift's `==` to the
    /// composed form, so "exactly" is checked scalar by scalar.
    static let jose = StoredUser(id: "jose\u{301}-1", name: "Jose\u{301} Rau\u{308}l")
}

/// Puts a copy of the file a store wrote for `user` in a folder of its own where `file`
/// is, as another process signing `user` in would: the store over `file`'s folder did
/// not write it, so only a store that reads the file can know.
func plantFile(of user: StoredUser, at file: URL, subjectType: any CurrentUserStoreSubject.Type) throws {
    let elsewhere = try makeFolder("planted")
    try save(user, to: subjectType.init(folder: elsewhere), "a folder of the test's own")
    let written = try userFile(in: elsewhere, after: "save(_:) of \(user) in a folder of the test's own")
    try Data(contentsOf: written).write(to: file, options: .atomic)
    try FileManager.default.removeItem(at: elsewhere)
}

/// The test's writable working directory: a fresh one per test process.
let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)

/// A new, empty folder under the working directory, for one store.
func makeFolder(_ label: String) throws -> URL {
    let folder = workingDirectory.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The names in `folder`, hidden ones included, sorted.
func entries(of folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

func isDirectory(_ url: URL) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
}

/// `a, b and c`, each in backticks.
func list(_ names: [String]) -> String {
    let quoted = names.map { "`\($0)`" }
    guard quoted.count > 1 else { return quoted.first ?? "nothing" }
    return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
}

/// "nil" or the user, for messages.
func describe(_ user: StoredUser?) -> String {
    user.map { $0.description } ?? "nil"
}

/// The one file the store keeps in `folder`, or a failure that says what the folder holds.
/// `moment` completes "after …" in the message.
func userFile(in folder: URL, after moment: String) throws -> URL {
    let names = entries(of: folder)
    guard !names.isEmpty else {
        let strays = entries(of: workingDirectory).filter { !isDirectory(workingDirectory.appendingPathComponent($0)) }
        if !strays.isEmpty {
            throw TestFailure("after \(moment), the folder given to CurrentUserStore(folder:) is empty, but \(list(strays)) appeared in the current directory, outside it: build the file's URL from that folder, e.g. folder.appendingPathComponent(\"user.json\"), not from a fixed or relative path")
        }
        throw TestFailure("after \(moment), the folder given to CurrentUserStore(folder:) is still empty: nothing was written there, so the user would be gone at the next launch; write the user to one file directly in that folder")
    }
    let files = names.filter { !isDirectory(folder.appendingPathComponent($0)) }
    guard files.count == 1 else {
        if files.isEmpty {
            throw TestFailure("after \(moment), the folder holds only the folder(s) \(list(names)) and no file; write the user to one file directly in the folder given to init(folder:)")
        }
        throw TestFailure("after \(moment), the folder holds \(files.count) files, \(list(files)); keep the user in exactly one file, and leave no temporary or backup file behind")
    }
    return folder.appendingPathComponent(files[0], isDirectory: false)
}

/// What to say when a save failed the way a hand-made "temporary file, then move it over"
/// fails on Linux, or "" for any other error.
func linuxMoveNote(_ error: Error) -> String {
    guard let cocoa = error as? CocoaError else { return "" }
    switch cocoa.code {
    case .fileWriteFileExists:
        return ". FileManager.moveItem(at:to:) never replaces an existing file (Apple documents this, and Foundation on Linux does the same); write with Data.write(to:options: .atomic), which writes a temporary file and renames it over the old one for you"
    case .fileNoSuchFile:
        return ". If save(_:) swaps a temporary file in with FileManager.replaceItemAt(_:withItemAt:): Foundation on Linux can throw this there and delete the old file too; write with Data.write(to:options: .atomic) instead, which writes a temporary file and renames it over the old one for you"
    default:
        return ""
    }
}

/// Calls `save(_:)` and turns an error it throws into a failure that names the situation.
@discardableResult
func save(_ user: StoredUser, to store: any CurrentUserStoreSubject, _ situation: String = "an empty, writable folder") throws -> AnyObject {
    do {
        return try store.save(id: user.id, name: user.name)
    } catch {
        throw TestFailure("save(_:) threw \(describe(error)) when saving \(user) into \(situation); it should succeed there\(linuxMoveNote(error))")
    }
}

/// Calls `signOut()` and turns an error it throws into a failure.
func signOut(_ store: any CurrentUserStoreSubject, _ situation: String) throws {
    do {
        try store.signOut()
    } catch {
        throw TestFailure("signOut() threw \(describe(error)) \(situation); it should succeed")
    }
}

/// An error as a short quote: Foundation's file errors by their description and code, the
/// learner's own errors as Swift prints them.
func describe(_ error: any Error) -> String {
    let bridged = error as NSError
    if bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain {
        return "\"\(bridged.localizedDescription)\" (\(bridged.domain) \(bridged.code))"
    }
    return "\"\(error)\""
}

/// What the learner's save writes for `user`: the file's name and bytes, made by a store of
/// its own in a folder of its own. The tests copy these bytes into other folders to change
/// what is on disk behind a store's back.
struct UserFile {
    let name: String
    let bytes: Data

    init(for user: StoredUser, subjectType: any CurrentUserStoreSubject.Type) throws {
        do {
            let folder = try makeFolder("fixture")
            let store = subjectType.init(folder: folder)
            try save(user, to: store)
            let url = try userFile(in: folder, after: "save(_:) of \(user)")
            name = url.lastPathComponent
            bytes = try Data(contentsOf: url)
            try require(!bytes.isEmpty, "save(_:) of \(user) left an empty file `\(name)`; write the user's id and name into it")
        } catch let failure as TestFailure {
            throw TestFailure("this test works with the file save(_:) writes, and could not get one: " + failure.message)
        }
    }

    /// Writes these bytes as the user's file in `folder`, the way another process would.
    func place(in folder: URL) throws {
        try bytes.write(to: folder.appendingPathComponent(name, isDirectory: false), options: .atomic)
    }
}
