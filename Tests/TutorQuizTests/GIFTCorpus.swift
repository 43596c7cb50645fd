import Foundation
import TutorTestSupport

/// The shared GIFT conformance corpus: gift-pegjs's question files with their expected
/// JSON, and malformed files in `errors/`. It lives beside the package, not in it.
enum GIFTCorpus {
    static let packageRoot = PackageRoot.url

    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/gift-corpus")

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("SOURCES.txt").path)
    }

    /// The `.gift` files of `folder` (or of `errors/`), sorted by name.
    static func giftFiles(in subfolder: String? = nil) throws -> [URL] {
        let base = subfolder.map { folder.appendingPathComponent($0) } ?? folder
        return try FileManager.default.contentsOfDirectory(at: base, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "gift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
