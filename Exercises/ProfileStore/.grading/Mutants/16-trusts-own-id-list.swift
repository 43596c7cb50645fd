// expect: fail survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure
// why: keeps a set of ids it has loaded and treats them as hits, so after an eviction it reports an existing user as not found
import Foundation

final class ProfileStore {
    private let cache = NSCache<NSString, Profile>()
    private let client: ProfileFetching
    private var loaded = Set<String>()
    private let loadedLock = NSLock()

    init(client: ProfileFetching) {
        self.client = client
        cache.countLimit = 50
    }

    func cachedProfile(forID id: String) -> Profile? {
        cache.object(forKey: id as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        loadedLock.lock()
        let known = loaded.contains(id)
        loadedLock.unlock()
        if known {
            completion(.success(cachedProfile(forID: id)))
            return
        }
        client.fetchProfile(id: id) { [self] result in
            if case .success(let profile?) = result {
                cache.setObject(profile, forKey: id as NSString)
                loadedLock.lock()
                loaded.insert(id)
                loadedLock.unlock()
            }
            completion(result)
        }
    }
}
