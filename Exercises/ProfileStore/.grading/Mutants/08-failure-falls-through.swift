// expect: fail failure_is_reported
// why: reports the failure but forgets to return, so the same completion runs again with .success(nil)
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
            if case .failure(let error) = result {
                completion(.failure(error))
            }
            let profile = (try? result.get()) ?? nil
            if let profile {
                cache.setObject(profile, forKey: id as NSString)
            }
            completion(.success(profile))
        }
    }
}
