// expect: fail save_is_atomic
// why: writes the file in place with Data.write(to:) and no .atomic option, so a crash mid-write leaves half a user
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
        try JSONEncoder().encode(user).write(to: file)
        memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        memory.removeObject(forKey: "current-user")
    }
}
