// ProfileStore: the contract is in Exercises/ProfileStore/README.md.
// Check your work with:  cachetutor check exercises/ProfileStore.swift
//
// The course provides these two; use them, do not declare them again:
//
//     final class Profile: NSObject {
//         let id: String
//         let name: String
//         init(id: String, name: String)
//     }
//
//     protocol ProfileFetching {
//         func fetchProfile(id: String, completion: @escaping (Result<Profile?, Error>) -> Void)
//     }
import Foundation

final class ProfileStore {
    private let client: ProfileFetching

    // TODO (1): keep the profiles in an NSCache<NSString, Profile>, and nowhere else.

    init(client: ProfileFetching) {
        self.client = client
        // TODO (2): let the cache hold at most 50 profiles (countLimit).
    }

    /// The profile cached for `id`, or nil. Only looks: never asks the network.
    func cachedProfile(forID id: String) -> Profile? {
        // TODO (3): look `id` up in the cache, exactly as given.
        return nil
    }

    /// Hands `completion` the profile for `id`: `.success(profile)`, `.success(nil)` when
    /// there is no such user, or `.failure(error)` when the request failed.
    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void) {
        // TODO (4): on a hit, complete with .success(cached profile) and return at once.
        // TODO (5): on a miss, call client.fetchProfile(id:completion:) once. When it
        //           answers with a profile, store it, then complete with it.
        // TODO (6): when it answers .success(nil), store nothing; complete with .success(nil).
        // TODO (7): when it fails, store nothing; complete with .failure and its error.
        // Every path calls completion exactly once. (8 and 9 need no extra code if
        // the cache is the only state you keep.)
        completion(.success(nil))
    }
}
