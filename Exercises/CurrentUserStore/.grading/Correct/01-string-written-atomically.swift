// why: writes the JSON as a String with write(to:atomically: true, encoding:), which Foundation on Linux turns into a temporary file renamed over the old one; the cache is created lazily
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
    private let location: URL
    private lazy var users: NSCache<NSString, User> = {
        let cache = NSCache<NSString, User>()
        cache.countLimit = 1
        return cache
    }()

    init(folder: URL) {
        location = folder.appendingPathComponent("signed-in.json")
    }

    func currentUser() -> User? {
        if let user = users.object(forKey: "me") { return user }
        guard let text = try? String(contentsOf: location, encoding: .utf8) else { return nil }
        guard let user = try? JSONDecoder().decode(User.self, from: Data(text.utf8)) else { return nil }
        users.setObject(user, forKey: "me")
        return user
    }

    func save(_ user: User) throws {
        let json = String(decoding: try JSONEncoder().encode(user), as: UTF8.self)
        try json.write(to: location, atomically: true, encoding: .utf8)
        users.setObject(user, forKey: "me")
    }

    func signOut() throws {
        if FileManager.default.fileExists(atPath: location.path) {
            try FileManager.default.removeItem(at: location)
        }
        users.removeAllObjects()
    }
}
