// expect: fail corrupt_file_is_miss miss_not_remembered recovers_after_corrupt_file
// why: decodes with try!, so a corrupt file crashes the app at launch instead of counting as a miss
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
        guard let data = try? Data(contentsOf: file) else { return nil }
        let user = try! JSONDecoder().decode(User.self, from: data)
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
