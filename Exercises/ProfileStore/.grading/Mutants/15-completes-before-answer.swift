// expect: fail miss_completes_once miss_stores_before_completion
// why: treats the client as synchronous: reads the answer right after asking, before a late answer has arrived, and completes with nil
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
        var answer: Result<Profile?, Error> = .success(nil)
        client.fetchProfile(id: id) { result in
            answer = result
        }
        if case .success(let profile?) = answer {
            cache.setObject(profile, forKey: id as NSString)
        }
        completion(answer)
    }
}
