// expect: fail pressure_rereads_file
// why: writes the folder's path into the file beside the user and refuses a file whose path does not match, so a user file copied from another folder (a restored backup, a migration) reads as nobody
import Foundation

/// The signed-in user. Codable, so JSONEncoder and JSONDecoder turn it into bytes and back;
/// an NSObject subclass, so NSCache can hold it as it is.
final class User: NSObject, Codable {
    let id: String
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the file holds: the user and the folder the file was written in.
private struct Record: Codable {
    let user: User
    let folder: String
}

/// Who is signed in, kept in one file (the truth) with an NSCache in front (the speed-up).
///
/// Written for one thread at a time. With several threads, a read that misses could put the
/// user back into the cache just after a sign-out cleared it; a lock around each method
/// would close that gap.
final class CurrentUserStore {
    /// One fixed name: after a relaunch the store must find the file before it knows the user.
    private static let fileName = "current-user.json"
    /// The cache holds at most this one entry.
    private static let key: NSString = "current-user"

    private let file: URL
    /// Never the only copy: the system may empty it at any moment, and it is gone at exit.
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {
        file = folder.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// The signed-in user, or nil when nobody is. A hit never touches the disk; a miss reads
    /// the file every time, so nothing about "nobody" or "broken" is remembered.
    func currentUser() -> User? {
        if let cached = memory.object(forKey: Self.key) {
            return cached
        }
        // A missing file, a folder in its place or bytes that do not decode: all a miss.
        guard let data = try? Data(contentsOf: file),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              record.folder == file.deletingLastPathComponent().path
        else { return nil }
        let user = record.user
        memory.setObject(user, forKey: Self.key)
        return user
    }

    /// Makes `user` the signed-in user: first on disk, then in memory. When the write
    /// throws, the cache is untouched, so it never claims a user the disk does not have.
    func save(_ user: User) throws {
        let data = try JSONEncoder().encode(Record(user: user, folder: file.deletingLastPathComponent().path))
        // .atomic writes a temporary file and renames it over the old one: a reader, or a
        // crash, sees the old user or the new one, never half of one.
        try data.write(to: file, options: .atomic)
        memory.setObject(user, forKey: Self.key)
    }

    /// Signs out, on disk and in memory. With nobody signed in there is nothing to do, and
    /// that is not an error.
    func signOut() throws {
        do {
            try FileManager.default.removeItem(at: file)
        } catch let error as CocoaError where error.code == .fileNoSuchFile {
            // Already signed out.
        }
        // After the file: if removing it failed, the cached user still matches the disk.
        memory.removeObject(forKey: Self.key)
    }
}
