// expect: fail writes_file_in_folder survives_relaunch survives_memory_pressure sign_out_removes_file
// why: keeps the signed-in user in the NSCache alone and writes nothing, so pressure or a relaunch signs them out
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
    private let memory = NSCache<NSString, User>()

    init(folder: URL) {}

    func currentUser() -> User? {
        memory.object(forKey: "current-user")
    }

    func save(_ user: User) throws {
        memory.setObject(user, forKey: "current-user")
    }

    func signOut() throws {
        memory.removeObject(forKey: "current-user")
    }
}
