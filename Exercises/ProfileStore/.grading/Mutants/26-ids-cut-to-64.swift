// expect: fail long_ids_are_exact
// why: keys the cache by the first 64 characters of the id 'because ids are never that long', so two long ids that begin alike share one entry
import Foundation

final class ProfileStore {
    /// A profile is a few kilobytes and they are all about the same size, so counting them
    /// bounds memory well enough: no costs needed.
    static let profileLimit = 50

    /// The only owner of the profiles: when it lets one go, the profile is freed.
    private let profiles = NSCache<NSString, Profile>()
    private let client: ProfileFetching

    init(client: ProfileFetching) {
        self.client = client
        profiles.countLimit = Self.profileLimit
    }

    func cachedProfile(forID id: String) -> Profile? {
        // The id as it is: "Ada" and "ada" may be two different users.
        profiles.object(forKey: String(id.prefix(64)) as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if let cached = cachedProfile(forID: id) {
            completion(.success(cached))
            return // A hit ends the request: without this, the network runs and completion runs twice.
        }
        client.fetchProfile(id: id) { [profiles] result in
            // Only a real profile is worth keeping. "No such user" and a failed request
            // describe this moment only: the user may sign up, the network may come back,
            // so the next call asks again.
            if case .success(let profile?) = result {
                profiles.setObject(profile, forKey: String(id.prefix(64)) as NSString)
            }
            // Pass on the client's answer as it is: the object it sent (the cache may
            // already have let it go, so no second lookup), its nil, or its own error.
            completion(result)
        }
    }
}
