// expect: fail failure_is_reported
// why: returns early when the request fails without calling completion, so the caller waits forever
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
            guard case .success(let profile) = result else { return }
            if let profile {
                cache.setObject(profile, forKey: id as NSString)
            }
            completion(.success(profile))
        }
    }
}
