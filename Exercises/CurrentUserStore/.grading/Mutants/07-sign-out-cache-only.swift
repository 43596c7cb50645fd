// expect: fail sign_out_removes_file sign_out_clears_cache
// why: signs out by emptying the cache only, so the file signs the user back in at the next launch
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
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        memory.removeAllObjects()
    }
}
