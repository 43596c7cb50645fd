// expect: fail failed_save_changes_nothing
// why: puts the user in the cache before writing the file, so a failed write leaves a user signed in who is not on disk
import Foundation

final class User: NSObject, Codable {
    let id: String
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

final class CurrentUserStore {
    private let file: URL
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {
        file = folder.appendingPathComponent("current-user.json")
    }

    func currentUser() -> User? {
        if let cached = memory.object(forKey: "current-user") { return cached }
        guard let data = try? Data(contentsOf: file),
              let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
        memory.setObject(user, forKey: "current-user")
        return user
    }

    func save(_ user: User) throws {
        memory.setObject(user, forKey: "current-user")
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        memory.removeObject(forKey: "current-user")
    }
}
