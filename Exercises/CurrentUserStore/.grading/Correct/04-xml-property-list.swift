// why: an XML property list written with String.write(atomically:), NSNumber keys (blind round 4)
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
    private let cache = NSCache<NSNumber, User>()
    private static let slot = NSNumber(value: 1)
    private var file: URL { folder.appendingPathComponent("user.plist", isDirectory: false) }

    init(folder: URL) {
        self.folder = folder
    }

    func currentUser() -> User? {
        if let cached = cache.object(forKey: Self.slot) { return cached }
        do {
            let data = try Data(contentsOf: file)
            let user = try PropertyListDecoder().decode(User.self, from: data)
            cache.setObject(user, forKey: Self.slot)
            return user
        } catch {
            return nil
        }
    }

    func save(_ user: User) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let text = String(decoding: try encoder.encode(user), as: UTF8.self)
        try text.write(to: file, atomically: true, encoding: .utf8)
        cache.setObject(user, forKey: Self.slot)
    }

    func signOut() throws {
        defer { cache.removeObject(forKey: Self.slot) }
        do {
            try FileManager.default.removeItem(at: file)
        } catch let error as CocoaError where error.code == .fileNoSuchFile {
            return
        }
    }
}
