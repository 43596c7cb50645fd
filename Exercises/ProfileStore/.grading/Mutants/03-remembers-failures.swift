// expect: fail failure_is_not_cached
// why: remembers failed ids and reports the old failure again without asking the network, so a user stays 'offline' for good
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching
    private var failures: [String: Error] = [:]
    private let failuresLock = NSLock()

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
        failuresLock.lock()
        let knownFailure = failures[id]
        failuresLock.unlock()
        if let knownFailure {
            completion(.failure(knownFailure))
            return
        }
        client.fetchProfile(id: id) { [self] result in
            switch result {
            case .success(let profile?):
                cache.setObject(profile, forKey: id as NSString)
            case .success(nil):
                break
            case .failure(let error):
                failuresLock.lock()
                failures[id] = error
                failuresLock.unlock()
            }
            completion(result)
        }
    }
}
