// expect: fail uses_nscache count_limit_50 lookup_only_looks hit_skips_network miss_stores_before_completion
// why: declares the cache as a computed property, so every use makes a new, empty cache and nothing is ever kept
import Foundation

final class ProfileStore {
    private var cache: NSCache<NSString, Profile> {
        let fresh = NSCache<NSString, Profile>()
        fresh.countLimit = 50
        return fresh
    }
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: id as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: id) { [self] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
            }
            completion(result)
        }
    }
}
