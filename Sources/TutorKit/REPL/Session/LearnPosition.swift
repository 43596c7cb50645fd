/// A lesson and a page in it, counted from 1.
public struct LearnPosition: Sendable, Equatable {
    /// The lesson id, `05-eviction`.
    public var lesson: String
    /// The page, from 1.
    public var page: Int

    /// A position.
    public init(lesson: String, page: Int) {
        self.lesson = lesson
        self.page = page
    }
}
