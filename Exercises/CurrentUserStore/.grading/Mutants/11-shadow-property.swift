// expect: fail pressure_rereads_file
// why: also keeps the user in a plain property 'for speed', so memory pressure frees nothing and the file is never asked again
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
    private var lastUser: User?

    init(folder: URL) {
        file = folder.appendingPathComponent("current-user.json")
    }

    func currentUser() -> User? {
        if let cached = memory.object(forKey: "current-user") { return cached }
        if let lastUser { return lastUser }
        guard let data = try? Data(contentsOf: file),
              let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
        memory.setObject(user, forKey: "current-user")
        lastUser = user
        return user
    }

    func save(_ user: User) throws {
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        memory.setObject(user, forKey: "current-user")
        lastUser = user
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        memory.removeObject(forKey: "current-user")
        lastUser = nil
    }
}
