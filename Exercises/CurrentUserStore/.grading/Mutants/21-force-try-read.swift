// expect: fail no_file_is_nil miss_not_remembered sign_out_removes_file sign_out_clears_cache sign_out_when_signed_out
// why: reads the file with try!, so with nobody signed in, the first look for a user crashes the app
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
        let data = try! Data(contentsOf: file)
        guard let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
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
