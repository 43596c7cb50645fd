// expect: fail no_second_strong_copy keeps_at_most_50
// why: also keeps every profile in a dictionary 'in case the cache drops it', so the count limit frees nothing
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching
    private var backup: [String: Profile] = [:]
    private let backupLock = NSLock()

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        if let cached = cache.object(forKey: id as NSString) { return cached }
        backupLock.lock()
        defer { backupLock.unlock() }
        return backup[id]
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: id) { [self] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
                backupLock.lock()
                backup[id] = profile
                backupLock.unlock()
            }
            completion(result)
        }
    }
}
