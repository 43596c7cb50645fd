import Foundation

/// The exercise's API as the hidden tests see it. The adapter compiled with the learner's
/// file maps `ProfileStore` onto it, so the tests (a separate, precompiled module) never
/// depend on a declaration of the submission.
public protocol ProfileStoreSubject: AnyObject {
    /// A fresh `ProfileStore(client:)`.
    init(client: any ProfileFetching)
    /// The learner's `ProfileStore` instance itself, for reflection.
    var instance: AnyObject { get }
    /// `cachedProfile(forID:)`.
    func cachedProfile(forID id: String) -> Profile?
    /// `profile(forID:completion:)`.
    func profile(forID id: String, completion: @escaping (Result<Profile?, Error>) -> Void)
}
