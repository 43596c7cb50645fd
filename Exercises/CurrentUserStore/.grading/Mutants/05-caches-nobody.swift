// expect: fail miss_not_remembered
// why: caches an empty box after a miss to save the next disk read, so a user whose file appears later is never seen
import Foundation

final class User: NSObject, Codable {
    let id: String
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Holds a user, or remembers that nobody was found.
final class UserBox {
    let user: User?
    init(_ user: User?) { self.user = user }
}

final class CurrentUserStore {
    private let file: URL
    private let memory = NSCache<NSString, UserBox>()

    init(folder: URL) {
        file = folder.appendingPathComponent("current-user.json")
    }

    func currentUser() -> User? {
        if let box = memory.object(forKey: "current-user") { return box.user }
        var found: User?
        if let data = try? Data(contentsOf: file) {
            found = try? JSONDecoder().decode(User.self, from: data)
        }
        memory.setObject(UserBox(found), forKey: "current-user")
        return found
    }

    func save(_ user: User) throws {
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        memory.setObject(UserBox(user), forKey: "current-user")
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        memory.removeObject(forKey: "current-user")
    }
}
