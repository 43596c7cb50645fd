import Foundation

/// A fresh folder under the temporary directory, removed by the caller's `defer`.
func temporaryFolder(_ label: String = "gradebook") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `files` (relative path → text) under `root`, creating folders as needed.
func write(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// A small class folder in both layouts, with skipped entries.
func sampleClass() -> [String: String] {
    [
        "alice.swift": "final class ThumbnailCache {}\n",
        "bob.swift": "final class ThumbnailCache {} // fail: cost_whole_sizes\n// fail: miss_generates_once\n",
        "carol/ThumbnailCache.swift": "final class ThumbnailCache {} // compile error\n",
        "carol/README.md": "my notes\n",
        "dave/Sources/ThumbnailCache.swift": "final class ThumbnailCache {} // crash: returns_stored_image\n",
        "erin.swift": "   \n",
        "frank/A.swift": "struct A {}\n",
        "frank/B.swift": "struct B {}\n",
        "notes.txt": "grading notes\n",
    ]
}
