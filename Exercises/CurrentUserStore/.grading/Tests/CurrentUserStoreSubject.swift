import Foundation

/// The exercise's API as the hidden tests see it: the prelude compiled with the learner's
/// file adapts `CurrentUserStore` and its `User` to it, so the tests (a separate,
/// precompiled module) never see a declaration of the submission.
public protocol CurrentUserStoreSubject: AnyObject {
    /// A fresh `CurrentUserStore(folder:)`.
    init(folder: URL)
    /// The learner's `CurrentUserStore` instance itself, for reflection.
    var instance: AnyObject { get }
    /// `save(_:)` with `User(id:name:)`; the `User` saved, for a test that holds on to it
    /// as an app's screen would.
    @discardableResult
    func save(id: String, name: String) throws -> AnyObject
    /// `currentUser()`, read back as plain values.
    func currentUser() -> StoredUser?
    /// `signOut()`.
    func signOut() throws
}

/// A user as the tests compare them: the two fields of the learner's `User`.
public struct StoredUser: Equatable, CustomStringConvertible, Sendable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// `Ada Lovelace (u-1815)`, for messages.
    public var description: String { "\(name) (\(id))" }
}
