// expect: fail not_found_is_not_cached
// why: caches a sentinel profile for 'no such user' to save the next request, so a user who signs up later is never found
import Foundation

final class ProfileStore {
    private static let nobody = Profile(id: "", name: "nobody")
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        let found = cache.object(forKey: id as NSString)
        return found === Self.nobody ? nil : found
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cache.object(forKey: id as NSString) {
            completion(.success(cached === Self.nobody ? nil : cached))
            return
        }
        client.fetchProfile(id: id) { [cache] result in
            switch result {
            case .success(let profile?):
                cache.setObject(profile, forKey: id as NSString)
            case .success(nil):
                cache.setObject(Self.nobody, forKey: id as NSString)
            case .failure:
                break
            }
            completion(result)
        }
    }
}
