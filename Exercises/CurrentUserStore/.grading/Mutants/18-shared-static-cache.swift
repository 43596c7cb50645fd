// expect: fail stores_are_isolated
// why: shares one static NSCache between all stores, so a store over one folder answers with another folder's user
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
    private static let memory = NSCache<NSString, User>()
    private let file: URL

    init(folder: URL) {
        file = folder.appendingPathComponent("current-user.json")
    }

    func currentUser() -> User? {
        if let cached = Self.memory.object(forKey: "current-user") { return cached }
        guard let data = try? Data(contentsOf: file),
              let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
        Self.memory.setObject(user, forKey: "current-user")
        return user
    }

    func save(_ user: User) throws {
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        Self.memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
        Self.memory.removeObject(forKey: "current-user")
    }
}
