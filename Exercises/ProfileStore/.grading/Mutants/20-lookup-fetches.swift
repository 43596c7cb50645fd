// expect: fail lookup_only_looks
// why: cachedProfile(forID:) starts a fetch on a miss 'to warm the cache', so a plain lookup costs a network request
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        if let cached = cache.object(forKey: id as NSString) { return cached }
        client.fetchProfile(id: id) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
            }
        }
        return nil
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cache.object(forKey: id as NSString) {
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
