/// A group of extra hidden tests, written by an instructor and added with
/// `cachetutor grade --tests DIR`.
///
/// Each Swift file in DIR declares one or more conforming types; the grader finds them
/// by name and runs their tests after the built-in ones, in the same sandbox, each in
/// its own process. The files are compiled into the harness itself, beside the exercise's
/// own tests, so they can use everything those use (for ThumbnailCache: `makeImage`,
/// `require`, `GeneratorLog`, …).
///
///     enum CourseRules: HiddenTestGroup {
///         static let tests = [
///             HiddenTest("keeps_small_images", "an image of 1×1 is cached too", lesson: "04-cost") { subjectType in
///                 let subject = subjectType.init(generator: { _ in nil })
///                 let image = makeImage(1, 1)
///                 subject.storeThumbnail(image, forKey: "dot")
///                 try require(subject.thumbnail(forKey: "dot") === image, "a 1×1 image was not kept")
///             },
///         ]
///     }
protocol HiddenTestGroup {
    /// The group's tests, in report order; names must differ from every other test's.
    static var tests: [HiddenTest] { get }
}
