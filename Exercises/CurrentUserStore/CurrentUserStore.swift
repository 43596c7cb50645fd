// CurrentUserStore: the contract is in Exercises/CurrentUserStore/README.md.
// Check your work with:  cachetutor check exercises/CurrentUserStore.swift
import Foundation

/// The signed-in user. Keep this class as it is: the tests make users with
/// `User(id:name:)` and read `id` and `name`. It is Codable, so `JSONEncoder` and
/// `JSONDecoder` turn it into bytes and back.
final class User: NSObject, Codable {
    let id: String
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

final class CurrentUserStore {
    private let folder: URL

    // TODO (3): keep the user in memory in an NSCache, and nowhere else in memory.

    init(folder: URL) {
        self.folder = folder
        // TODO (1): pick one file in `folder` for the user, with a name that never changes.
    }

    /// The signed-in user, or nil when nobody is signed in.
    func currentUser() -> User? {
        // TODO (4): when the cache holds the user, return it without touching the file.
        // TODO (5): otherwise read the file, every time; put the user it holds in the cache.
        // TODO (6): a missing file, or one that does not decode, means nil, never a crash.
        return nil
    }

    /// Makes `user` the signed-in user, now and after a relaunch.
    func save(_ user: User) throws {
        // TODO (1, 2): write the user to the file atomically; if that throws, change nothing.
        // TODO (4, 7): once the file is written, put the user in the cache.
    }

    /// Afterwards nobody is signed in, now or after a relaunch.
    func signOut() throws {
        // TODO (7): remove the file and the cached user; with nobody signed in, just return.
    }
}
