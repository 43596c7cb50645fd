// expect: fail failure_is_reported
// why: replaces the client's error with one of its own, so the caller loses what actually went wrong
import Foundation

enum ProfileStoreError: Error {
    case requestFailed
}

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
            case .success(let profile):
                if let profile {
                    cache.setObject(profile, forKey: id as NSString)
                }
                completion(.success(profile))
            case .failure:
                completion(.failure(ProfileStoreError.requestFailed))
            }
        }
    }
}
