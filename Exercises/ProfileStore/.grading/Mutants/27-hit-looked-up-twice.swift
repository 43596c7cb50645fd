// expect: fail eviction_between_lookups
// why: checks for a hit with one lookup and completes with a second, so an eviction in between completes a hit with .success(nil), as if the user did not exist
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
        profiles.object(forKey: id as NSString)
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        if cachedProfile(forID: id) != nil {
            completion(.success(cachedProfile(forID: id)))
            return // A hit ends the request: without this, the network runs and completion runs twice.
        }
        client.fetchProfile(id: id) { [profiles] result in
            // Only a real profile is worth keeping. "No such user" and a failed request
            // describe this moment only: the user may sign up, the network may come back,
            // so the next call asks again.
            if case .success(let profile?) = result {
                profiles.setObject(profile, forKey: id as NSString)
            }
            // Pass on the client's answer as it is: the object it sent (the cache may
            // already have let it go, so no second lookup), its nil, or its own error.
            completion(result)
        }
    }
}
