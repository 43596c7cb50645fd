// expect: fail keys_are_exact
// why: trims spaces off every id before using it as the key, so "ada " finds the profile of "ada"
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    private func key(_ id: String) -> NSString {
        id.trimmingCharacters(in: .whitespaces) as NSString
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: key(id))
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return
        }
        client.fetchProfile(id: id) { [cache] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: self.key(id))
            }
            completion(result)
        }
    }
}
