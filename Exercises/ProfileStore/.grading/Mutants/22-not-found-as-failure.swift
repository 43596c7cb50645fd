// expect: fail not_found_completes_nil
// why: reports 'no such user' as an error, so the caller retries a request that worked
import Foundation

struct UserNotFound: Error {}

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
                completion(.success(profile))
            case .success(nil):
                completion(.failure(UserNotFound()))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
