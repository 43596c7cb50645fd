// expect: fail survives_eviction_foundation
// why: stores the fetched profile, then completes with a second lookup, which misses when the cache has already let the new entry go
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
        client.fetchProfile(id: id) { [self] result in
            switch result {
            case .success(let profile?):
                cache.setObject(profile, forKey: id as NSString)
                completion(.success(cachedProfile(forID: id)))
            default:
                completion(result)
            }
        }
    }
}
