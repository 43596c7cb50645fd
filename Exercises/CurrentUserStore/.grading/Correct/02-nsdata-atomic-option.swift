// why: keeps the encoded bytes in an NSData made with NSData(data:) and writes them with the .atomic option; keys the cache by the file's path
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
    private let path: URL
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {
        path = folder.appendingPathComponent("user.data", isDirectory: false)
    }

    private var key: NSString { path.path as NSString }

    func currentUser() -> User? {
        if let hit = memory.object(forKey: key) {
            return hit
        }
        do {
            let bytes = try Data(contentsOf: path)
            let user = try JSONDecoder().decode(User.self, from: bytes)
            memory.setObject(user, forKey: key)
            return user
        } catch {
            return nil
        }
    }

    func save(_ user: User) throws {
        let encoded = NSData(data: try JSONEncoder().encode(user))
        try encoded.write(to: path, options: .atomic)
        memory.setObject(user, forKey: key)
    }

    func signOut() throws {
        do {
            try FileManager.default.removeItem(at: path)
        } catch CocoaError.fileNoSuchFile {
            // nobody was signed in
        }
        memory.removeObject(forKey: key)
    }
}
