import Testing
@testable import TutorGradebook

@Suite struct SimilarityTests {
    let original = """
    import UIKit

    /// Alice's cache.
    final class ThumbnailCache {
        private let store = NSCache<NSString, UIImage>()
        private let generator: (String) -> UIImage?

        init(generator: @escaping (String) -> UIImage?) {
            self.generator = generator
            store.totalCostLimit = 20 * 1024 * 1024
        }

        func thumbnail(forKey key: String) -> UIImage? { store.object(forKey: key as NSString) }

        func storeThumbnail(_ image: UIImage, forKey key: String) {
            let cost = Int(image.size.width) * Int(image.size.height) * 4
            store.setObject(image, forKey: key as NSString, cost: cost)
        }

        func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
            if let hit = thumbnail(forKey: key) { completion(hit); return }
            guard let made = generator(key) else { completion(nil); return }
            storeThumbnail(made, forKey: key)
            completion(made)
        }
    }
    """

    /// The same code with every name changed, comments rewritten and the layout redone.
    let disguised = """
    import UIKit
    // my own work!!
    final class ThumbnailCache
    {
        private let c = NSCache<NSString, UIImage>()   /* the cache */
        private let g: (String) -> UIImage?
        init(generator: @escaping (String) -> UIImage?) { self.g = generator; c.totalCostLimit = 20 * 1024 * 1024 }
        func thumbnail(forKey k: String) -> UIImage? { c.object(forKey: k as NSString) }
        func storeThumbnail(_ i: UIImage, forKey k: String) {
            let bytes = Int(i.size.width) * Int(i.size.height) * 4
            c.setObject(i, forKey: k as NSString, cost: bytes)
        }
        func loadThumbnail(forKey k: String, completion done: @escaping (UIImage?) -> Void) {
            if let x = thumbnail(forKey: k) { done(x); return }
            guard let y = g(k) else { done(nil); return }
            storeThumbnail(y, forKey: k)
            done(y)
        }
    }
    """

    /// A different design: a queue, a lock, and the work split differently.
    let different = """
    import Foundation
    final class ThumbnailCache {
        let cache: NSCache<NSString, UIImage> = {
            let made = NSCache<NSString, UIImage>()
            made.totalCostLimit = 20_971_520
            return made
        }()
        let queue = DispatchQueue(label: "thumbs")
        let makeImage: (String) -> UIImage?
        init(generator: @escaping (String) -> UIImage?) { makeImage = generator }
        func thumbnail(forKey key: String) -> UIImage? {
            return cache.object(forKey: NSString(string: key))
        }
        func storeThumbnail(_ image: UIImage, forKey key: String) {
            let area = image.size.width * image.size.height
            cache.setObject(image, forKey: NSString(string: key), cost: Int(area * 4))
        }
        func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
            queue.async { [weak self] in
                guard let self else { return }
                switch self.thumbnail(forKey: key) {
                case let cached?:
                    completion(cached)
                case nil:
                    let fresh = self.makeImage(key)
                    if let fresh { self.storeThumbnail(fresh, forKey: key) }
                    completion(fresh)
                }
            }
        }
    }
    """

    @Test func namesCommentsAndLayoutDoNotChangeTheTokens() {
        #expect(SwiftTokenizer.tokens(of: "let total = width * 4 // bytes") == ["let", "id", "=", "id", "*", "num"])
        #expect(SwiftTokenizer.tokens(of: "let a = \"x \\(b + \"y\") z\" /* c /* nested */ */ ; f(#\"raw\"#)") == ["let", "id", "=", "str", ";", "id", "(", "str", ")"])
        #expect(SwiftTokenizer.tokens(of: "x = \"\"\"\n  many \"quoted\" lines\n  \"\"\"\ny = 0x1F + 1.5e3") == ["id", "=", "str", "id", "=", "num", "+", "num"])
        #expect(SwiftTokenizer.tokens(of: "f(@escaping $0) ?? `class`") == ["id", "(", "@escaping", "id", ")", "??", "id"])
        #expect(SwiftTokenizer.tokens(of: original) == SwiftTokenizer.tokens(of: original.replacingOccurrences(of: "store", with: "box")))
    }

    @Test func theTokenizerNeverFailsOnBrokenInput() {
        #expect(SwiftTokenizer.tokens(of: "") == [])
        #expect(SwiftTokenizer.tokens(of: "\"unterminated") == ["str"], "an open string runs to the end")
        #expect(SwiftTokenizer.tokens(of: "/* open comment") == [], "an open comment hides the rest")
        for text in ["#\"raw", "`tick", "\u{0}\u{1}é🙂"] {
            #expect(SwiftTokenizer.tokens(of: text).count <= text.count, "\(text)")
        }
    }

    @Test func winnowingFindsEverySharedRunLongEnough() {
        let winnowing = Winnowing(k: 4, window: 3)
        let shared = (0 ..< 6).map { "s\($0)" }   // k + window - 1 = 6 tokens in common
        let a = (0 ..< 30).map { "a\($0)" } + shared + (0 ..< 30).map { "b\($0)" }
        let b = (0 ..< 25).map { "c\($0)" } + shared + (0 ..< 20).map { "d\($0)" }
        #expect(!winnowing.fingerprints(of: a).isDisjoint(with: winnowing.fingerprints(of: b)))
        #expect(winnowing.fingerprints(of: ["too", "few"]).isEmpty)
    }

    @Test func flagsADisguisedCopyAndNotAnIndependentSolution() {
        let pairs = SimilarityChecker(threshold: 0.5).pairs(["alice": original, "bob": disguised, "carol": different])
        #expect(pairs.map { "\($0.first)-\($0.second)" } == ["alice-bob"])
        #expect(pairs[0].score > 0.75)
        let all = SimilarityChecker(threshold: 0).pairs(["alice": original, "bob": disguised, "carol": different])
        #expect(all.filter { $0.first != "alice" || $0.second != "bob" }.allSatisfy { $0.score < 0.2 })
    }

    @Test func theStarterFileNeverCountsAsCopied() {
        // Two students who only filled in a few lines of a long starter are not alike.
        let starter = original
        let pairs = SimilarityChecker(threshold: 0.5, starter: starter).pairs([
            "alice": original + "\nfunc extra() { let v = [1, 2, 3].map { $0 * 2 }; print(v) }\n",
            "bob": original + "\nstruct Other { var name = \"x\"; var count: Int? = nil }\n",
        ])
        #expect(pairs.isEmpty)
        let without = SimilarityChecker(threshold: 0.5).pairs(["alice": original + "\nfunc extra() {}\n", "bob": original + "\nstruct Other {}\n"])
        #expect(without.count == 1)
    }
}
