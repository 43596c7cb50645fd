// expect: fail concurrent_access
// why: keeps the id being fetched in one unguarded property, read again when a late answer arrives, so concurrent misses store profiles under each other's ids
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching
    private var pendingID = ""

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
        pendingID = id
        client.fetchProfile(id: id) { [self] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: pendingID as NSString)
            }
            completion(result)
        }
    }
}
