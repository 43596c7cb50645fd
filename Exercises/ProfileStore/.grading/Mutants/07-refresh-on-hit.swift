// expect: fail hit_skips_network hit_completes_once
// why: completes a hit, then fetches anyway 'to keep it fresh' and completes a second time with the new profile
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
        }
        client.fetchProfile(id: id) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
                completion(.success(profile))
            } else if cache.object(forKey: id as NSString) == nil {
                completion(result)
            }
        }
    }
}
