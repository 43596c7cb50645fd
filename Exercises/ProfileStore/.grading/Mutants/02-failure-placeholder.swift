// expect: fail failure_is_not_cached
// why: caches an empty placeholder profile when the request fails, so the next call serves the placeholder instead of retrying
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
            switch result {
            case .success(let profile?):
                cache.setObject(profile, forKey: id as NSString)
            case .success(nil):
                break
            case .failure:
                cache.setObject(Profile(id: id, name: ""), forKey: id as NSString)
            }
            completion(result)
        }
    }
}
