import Testing

/// The lessons promise that their examples compile unchanged on an iPhone. The nearest
/// check on Linux: every ```` ```swift compile ```` block also type-checks against
/// Foundation's own `NSCache` and `NSCacheDelegate` (swift-corelibs-foundation), with only
/// the `UIImage` stand-in added, so no example leans on something only the engine has
/// (a delegate that is not an `NSObject`, the engine's policies or statistics).
@Suite(.serialized) struct FoundationExamplesTests {
    @Test(.enabled(if: CompilableExamplesTests.findSwiftc() != nil, "no swiftc on the PATH"))
    func everyCompileBlockTypeChecksAgainstFoundation() throws {
        try CompilableExamplesTests.typeCheckEveryLesson(against: .foundation)
    }
}
