// expect: fail miss_stores_before_completion
// why: calls completion first and stores the profile afterwards, so a caller that looks it up from its completion misses
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
            completion(result)
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
            }
        }
    }
}
