// expect: fail uses_nscache count_limit_50 survives_eviction_lru survives_memory_pressure
// why: writes Foundation.NSCache with its module name, bypassing the course's cache that the tests inspect
import Foundation

final class ProfileStore {
    private let cache = Foundation.NSCache<NSString, Profile>()
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
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
            }
            completion(result)
        }
    }
}
