// why: guards its own state with a DispatchSemaphore(value: 1) used as a lock, which the race detector must see through libdispatch (a blind round of learners found it reported racing)
import Foundation

final class ProfileStore {
    private let client: ProfileFetching
    private let profiles: NSCache<NSString, Profile>
    private let gate = DispatchSemaphore(value: 1)
    private var requestsInFlight: [String: Int] = [:]

    init(client: ProfileFetching) {
        self.client = client
        let c = NSCache<NSString, Profile>()
        c.countLimit = 50
        c.name = "profiles"
        self.profiles = c
    }

    func cachedProfile(forID id: String) -> Profile? {
        profiles.object(forKey: NSString(string: id))
    }

    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        let key = NSString(string: id)
        guard let cached = profiles.object(forKey: key) else {
            gate.wait(); requestsInFlight[id, default: 0] += 1; gate.signal()
            client.fetchProfile(id: id) { result in
                if case .success(let p) = result, let p {
                    self.profiles.setObject(p, forKey: key)
                }
                self.gate.wait()
                self.requestsInFlight[id, default: 1] -= 1
                if self.requestsInFlight[id] == 0 { self.requestsInFlight[id] = nil }
                self.gate.signal()
                completion(result)
            }
            return
        }
        completion(.success(cached))
    }
}
