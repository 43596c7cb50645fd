// expect: fail writes_file_in_folder stores_are_isolated
// why: ignores the folder it was given and writes to a relative path, one file in the current directory shared by every store
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
    private let file = URL(fileURLWithPath: "current-user.json")
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {}

    func currentUser() -> User? {
        if let cached = memory.object(forKey: "current-user") { return cached }
        guard let data = try? Data(contentsOf: file),
              let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
        memory.setObject(user, forKey: "current-user")
        return user
    }

    func save(_ user: User) throws {
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        memory.removeObject(forKey: "current-user")
    }
}
