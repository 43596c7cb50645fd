// expect: fail writes_file_in_folder save_replaces_user
// why: names the file after the user's id, so a second sign-in leaves two files and a relaunch must guess which one is current
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
    private let folder: URL
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {
        self.folder = folder
    }

    func currentUser() -> User? {
        if let cached = memory.object(forKey: "current-user") { return cached }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix(".json") }),
              let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
              let user = try? JSONDecoder().decode(User.self, from: data) else { return nil }
        memory.setObject(user, forKey: "current-user")
        return user
    }

    func save(_ user: User) throws {
        let file = folder.appendingPathComponent("\(user.id).json")
        try JSONEncoder().encode(user).write(to: file, options: .atomic)
        memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".json") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        memory.removeObject(forKey: "current-user")
    }
}
