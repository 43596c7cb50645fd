// expect: fail failure_is_reported
// why: turns a failed request into .success(nil) with try?, telling the caller the user does not exist
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: id as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: id) { [cache] result in
            let profile = (try? result.get()) ?? nil
            if let profile {
                cache.setObject(profile, forKey: id as NSString)
            }
            completion(.success(profile))
        }
    }
}
