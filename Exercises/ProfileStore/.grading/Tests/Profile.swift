import Foundation

/// A user's profile as the server sends it. A class, because `NSCache` holds objects; an
/// `NSObject`, as a model object of an iOS app often is. Two profiles are the same only
/// when they are the same object: the tests compare with `===`.
///
/// The learner's file sees it as plain `Profile` (the adapter declares the typealias).
public final class Profile: NSObject {
    /// The user's id, as the server knows it.
    public let id: String
    /// The user's display name.
    public let name: String

    /// A profile for `id`.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
        super.init()
    }

    /// `Profile(id: "ada", name: "Ada")`, for messages.
    public override var description: String {
        "Profile(id: \"\(id)\", name: \"\(name)\")"
    }
}

/// The slow part: a network client that asks a server for one profile.
///
/// `fetchProfile(id:completion:)` calls `completion` exactly once, on the calling thread or
/// later on another queue, with one of three answers:
/// - `.success(profile)`: the server knows the user;
/// - `.success(nil)`: the request worked and there is no user with that id;
/// - `.failure(error)`: the request itself failed (offline, timeout, server error).
///
/// The learner's file sees it as plain `ProfileFetching`; the tests hand the store a fake.
public protocol ProfileFetching {
    func fetchProfile(id: String, completion: @escaping (Result<Profile?, Error>) -> Void)
}
