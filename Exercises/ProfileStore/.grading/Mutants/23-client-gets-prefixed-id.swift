// expect: fail miss_fetches_once
// why: reuses its cache key ("profile/" + id) as the id it sends to the client, which asks the server for a user that does not exist
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: "profile/\(id)" as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        let key = "profile/\(id)"
        if let cached = cache.object(forKey: key as NSString) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: key) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: key as NSString)
            }
            completion(result)
        }
    }
}
