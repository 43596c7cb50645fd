// expect: fail miss_completes_once
// why: completes at once with .success(nil) 'while loading', then a second time with the real answer
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
        completion(.success(nil))
        client.fetchProfile(id: id) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
                completion(.success(profile))
            }
        }
    }
}
