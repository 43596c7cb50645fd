// expect: fail keys_are_exact
// why: lowercases ids 'to be safe', so "Ada" and "ada", two different users, share one entry
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: id.lowercased() as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: id) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id.lowercased() as NSString)
            }
            completion(result)
        }
    }
}
