import Foundation

/// A small class written for the `grade` end-to-end tests: both layouts, correct, buggy
/// and hostile submissions, and entries that must be skipped.
enum GradeClassFolder {
    /// A straightforward, correct solution: the corpus's plainest correct fixture.
    static let correct: String = {
        let fixture = Cachetutor.packageRoot.appendingPathComponent("Tests/Fixtures/Submissions/ThumbnailCache/correct/01-plain-sync.swift")
        return (try? String(contentsOf: fixture, encoding: .utf8)) ?? ""
    }()

    /// `correct` with `old` replaced; a variant that would silently equal `correct` is a broken fixture.
    private static func correct(replacing old: String, with new: String) -> String {
        precondition(correct.contains(old), "the correct fixture no longer contains \(old)")
        return correct.replacingOccurrences(of: old, with: new)
    }

    /// Correct too, in another style: `import UIKit`, a lazy cache, completion on a queue.
    static let correctAsync = """
    import UIKit

    final class ThumbnailCache {
        private lazy var store: NSCache<NSString, UIImage> = {
            let cache = NSCache<NSString, UIImage>()
            cache.totalCostLimit = 20_971_520
            return cache
        }()
        private let lock = NSLock()
        private let make: (String) -> UIImage?

        init(generator: @escaping (String) -> UIImage?) { make = generator }

        private var cache: NSCache<NSString, UIImage> { lock.withLock { store } }

        func thumbnail(forKey key: String) -> UIImage? { cache.object(forKey: NSString(string: key)) }

        func storeThumbnail(_ image: UIImage, forKey key: String) {
            cache.setObject(image, forKey: NSString(string: key), cost: Int(image.size.width * image.size.height * 4))
        }

        func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
            DispatchQueue.global().async {
                if let hit = self.thumbnail(forKey: key) { return completion(hit) }
                guard let fresh = self.make(key) else { return completion(nil) }
                self.storeThumbnail(fresh, forKey: key)
                completion(fresh)
            }
        }
    }
    """

    /// Correct, with more of its author's own code than the starter asks for: a hit-rate
    /// counter behind a lock and named helpers, so a copy of it is more than the starter.
    static let withStatistics = """
    import Foundation

    final class ThumbnailCache {
        private static let bytesPerPixel = 4
        private let store = NSCache<NSString, UIImage>()
        private let generator: (String) -> UIImage?
        private let counterLock = NSLock()
        private var hitCount = 0
        private var missCount = 0

        init(generator: @escaping (String) -> UIImage?) {
            self.generator = generator
            store.totalCostLimit = 20 * 1024 * 1024
            store.name = "thumbnails"
        }

        var hitRate: Double {
            counterLock.lock()
            defer { counterLock.unlock() }
            let total = hitCount + missCount
            return total == 0 ? 0 : Double(hitCount) / Double(total)
        }

        func thumbnail(forKey key: String) -> UIImage? { store.object(forKey: Self.cacheKey(key)) }

        func storeThumbnail(_ image: UIImage, forKey key: String) {
            store.setObject(image, forKey: Self.cacheKey(key), cost: Self.cost(of: image))
        }

        func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
            if let cached = thumbnail(forKey: key) {
                record(hit: true)
                completion(cached)
                return
            }
            record(hit: false)
            let made = generator(key)
            if let made { storeThumbnail(made, forKey: key) }
            completion(made)
        }

        private func record(hit: Bool) {
            counterLock.lock()
            if hit { hitCount += 1 } else { missCount += 1 }
            counterLock.unlock()
        }

        private static func cacheKey(_ key: String) -> NSString { key as NSString }

        private static func cost(of image: UIImage) -> Int {
            let width = Int(image.size.width)
            let height = Int(image.size.height)
            return width * height * bytesPerPixel
        }
    }
    """

    /// `correct` with one bug: the cost leaves out the 4 bytes per pixel.
    static var wrongCost: String { correct(replacing: "Int(image.size.height) * 4", with: "Int(image.size.height)") }

    /// `correct` with a change of `tag` in a comment, so its bytes (and hash) differ.
    static func variant(_ tag: String) -> String { "// \(tag)\n" + correct }

    /// Prints forged results and leaves before any test can report.
    static let exitsEarly = correct(replacing: "self.generator = generator\n", with: """
    self.generator = generator
            print("PASS uses_nscache\\nPASS cost_whole_sizes\\n{\\"status\\":\\"pass\\"}")
            exit(0)

    """)

    /// Dies in the middle of every test after shouting that it passed, and tries to take the grader with it.
    static let crashes = correct(replacing: "func storeThumbnail(_ image: UIImage, forKey key: String) {\n", with: """
    func storeThumbnail(_ image: UIImage, forKey key: String) {
            print("ok - all tests passed")
            kill(getppid(), SIGKILL)
            let hoard = [UInt8](repeating: 7, count: 1 << 33)
            precondition(hoard.isEmpty, "out of patience")

    """)

    /// Spins forever when asked for one particular key: one test times out, the rest pass.
    static let hangsOnce = correct(replacing: "thumbnails.object(forKey: key as NSString)\n", with: """
    if key == "alpha" { while true {} }
            return thumbnails.object(forKey: key as NSString)

    """)

    /// Not Swift that compiles.
    static let compileError = "final class ThumbnailCache {\n    init(generator: @escaping (String) -> UIImage?) {\n        let cache = NSCach<NSString, UIImage>()\n    }\n}\n"

    /// The class: student → relative path and source; plus what must be skipped.
    static func write(to folder: URL, hang: Bool = false) throws {
        var files: [String: Data] = [
            "alice.swift": Data(correct.utf8),
            "bob/ThumbnailCache.swift": Data(correctAsync.utf8),
            "bob/README.md": Data("my notes\n".utf8),
            "carol.swift": Data(wrongCost.utf8),
            "dave/ThumbnailCache.swift": Data(exitsEarly.utf8),
            "erin.swift": Data(crashes.utf8),
            "frank/Sources/ThumbnailCache.swift": Data(compileError.utf8),
            "gina.swift": Data(),
            "hank.swift": Data([0xFF, 0x00, 0x13, 0x37]),
            "ivy/One.swift": Data(correct.utf8),
            "ivy/Two.swift": Data(correct.utf8),
            "notes.txt": Data("to grade by Friday\n".utf8),
        ]
        if hang { files["jack.swift"] = Data(hangsOnce.utf8) }
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    /// Students graded in `write(to:)` (without the hang).
    static let graded = ["alice", "bob", "carol", "dave", "erin", "frank"]
}
