// why: a binary property list and an NSNumber key, signing out by removing the file and taking a missing one as done; written from the README alone in a blind round of learners
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
    private let fileURL: URL
    private let memory = NSCache<NSNumber, User>()
    private static let slot = NSNumber(value: 0)

    init(folder: URL) {
        self.folder = folder
        self.fileURL = folder.appendingPathComponent("signed-in.plist", isDirectory: false)
    }

    func currentUser() -> User? {
        if let hit = memory.object(forKey: Self.slot) { return hit }
        do {
            let bytes = try Data(contentsOf: fileURL)
            let user = try PropertyListDecoder().decode(User.self, from: bytes)
            memory.setObject(user, forKey: Self.slot)
            return user
        } catch {
            return nil
        }
    }

    func save(_ user: User) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(user).write(to: fileURL, options: [.atomic])
        memory.setObject(user, forKey: Self.slot)
    }

    func signOut() throws {
        memory.removeObject(forKey: Self.slot)
        do {
            try FileManager.default.removeItem(at: fileURL)
        } catch let e as CocoaError where e.code == .fileNoSuchFile {
            // nobody was signed in on disk
        }
    }
}
