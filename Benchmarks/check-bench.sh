#!/usr/bin/env bash
# Measures `cachetutor check` against the two ways an Exercism-style runner would grade
# the same file, side by side in one hyperfine run:
#
#   check (warm)          the harness is cached: compile the learner file, link, run 19 sandboxed tests
#   check (cold)          the first check ever: builds the harness (engine, UIKit stand-in, tests) first
#   swift test (fresh)    a fresh SwiftPM package with the submission and an XCTest suite, from clean
#   swift test (swapped)  that package pre-built, only the submission changed (incremental)
#
# Usage: Benchmarks/check-bench.sh [RUNS]     (needs hyperfine; run from anywhere)
# Prints hyperfine's table and the ratios; writes the raw JSON to $TMPDIR/check-bench.json.
set -euo pipefail

runs="${1:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/check-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
submission="$root/Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"

echo "building cachetutor (release)…" >&2
swift build -c release --package-path "$root" --product cachetutor >&2
cachetutor="$(swift build -c release --package-path "$root" --show-bin-path)/cachetutor"

# The Exercism-style package: the engine, the UIImage stand-in, the submission with the
# same prelude typealiases, and an XCTest suite over the same API.
package="$work/exercism"
mkdir -p "$package/Sources/CacheEngine" "$package/Sources/UIKit" "$package/Sources/ThumbnailCache" "$package/Tests/ThumbnailCacheTests"
cp "$root"/Sources/CacheEngine/*.swift "$package/Sources/CacheEngine/"
cp "$root"/Sources/Harness/UIKit/*.swift "$package/Sources/UIKit/"
cp "$submission" "$package/Sources/ThumbnailCache/ThumbnailCache.swift"
cat > "$package/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Exercise",
    targets: [
        .target(name: "CacheEngine", swiftSettings: [.unsafeFlags(["-package-name", "cachetutor"])]),
        .target(name: "UIKit"),
        .target(name: "ThumbnailCache", dependencies: ["CacheEngine", "UIKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "ThumbnailCacheTests", dependencies: ["ThumbnailCache", "UIKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
SWIFT
cat > "$package/Sources/ThumbnailCache/Prelude.swift" <<'SWIFT'
import CacheEngine
import UIKit
typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias UIImage = UIKit.UIImage
SWIFT
cat > "$package/Tests/ThumbnailCacheTests/ThumbnailCacheTests.swift" <<'SWIFT'
import UIKit
import XCTest
@testable import ThumbnailCache

final class ThumbnailCacheTests: XCTestCase {
    func testReturnsStoredImage() {
        let cache = ThumbnailCache(generator: { _ in nil })
        let image = UIImage(size: CGSize(width: 10, height: 10))
        cache.storeThumbnail(image, forKey: "a")
        XCTAssertTrue(cache.thumbnail(forKey: "a") === image)
    }

    func testMissReturnsNil() {
        XCTAssertNil(ThumbnailCache(generator: { _ in nil }).thumbnail(forKey: "missing"))
    }

    func testMissGeneratesOnce() {
        var calls = 0
        let cache = ThumbnailCache(generator: { _ in calls += 1; return UIImage(size: CGSize(width: 2, height: 2)) })
        let done = expectation(description: "completion")
        cache.loadThumbnail(forKey: "k") { _ in done.fulfill() }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(calls, 1)
    }

    func testHitSkipsGenerator() {
        var calls = 0
        let cache = ThumbnailCache(generator: { _ in calls += 1; return nil })
        cache.storeThumbnail(UIImage(size: CGSize(width: 2, height: 2)), forKey: "k")
        let done = expectation(description: "completion")
        cache.loadThumbnail(forKey: "k") { _ in done.fulfill() }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(calls, 0)
    }
}
SWIFT
echo "pre-building the Exercism-style package…" >&2
swift build --build-tests --package-path "$package" >&2

warm="$work/warm-cache"
cold="$work/cold-cache"
home="$work/home"
mkdir -p "$home"
XDG_CACHE_HOME="$warm" CACHETUTOR_HOME="$home" "$cachetutor" check "$submission" >/dev/null

hyperfine --style basic --export-json "$work/check-bench.json" --export-markdown "$work/check-bench.md" \
    --runs "$runs" --warmup 1 \
    --command-name "check (warm)" --prepare "true" \
    "XDG_CACHE_HOME=$warm CACHETUTOR_HOME=$home $cachetutor check $submission" \
    --command-name "check (cold, harness build)" --prepare "rm -rf $cold" \
    "XDG_CACHE_HOME=$cold CACHETUTOR_HOME=$home $cachetutor check $submission" \
    --command-name "swift test (fresh package)" --prepare "rm -rf $package/.build" \
    "swift test --package-path $package" \
    --command-name "swift test (submission swapped)" --prepare "touch $package/Sources/ThumbnailCache/ThumbnailCache.swift" \
    "swift test --package-path $package"

cp "$work/check-bench.json" "${TMPDIR:-/tmp}/check-bench.json"
echo
cat "$work/check-bench.md"
python3 - "$work/check-bench.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
warm = results["check (warm)"]["median"]
fresh = results["swift test (fresh package)"]["median"]
swapped = results["swift test (submission swapped)"]["median"]
cold = results["check (cold, harness build)"]["median"]
print(f"\nmedians: check warm {warm:.3f} s, check cold {cold:.1f} s, swift test fresh {fresh:.1f} s, swift test swapped {swapped:.3f} s")
print(f"fresh swift test / warm check: {fresh / warm:.1f}x   swapped swift test / warm check: {swapped / warm:.2f}x")
PY
