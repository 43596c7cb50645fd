#!/usr/bin/env bash
# Builds a small course the way GitHub Classroom hands it out: one git repository per
# student and exercise, with commits dated around the deadlines, plus a roster and an
# extensions file. Used for the course walk-through in docs/instructors.md and the screenshot of the
# similarity view. Deterministic: the same sources and dates every time.
#
#   Benchmarks/make-course.sh OUT
#     OUT/thumbnails/NAME/   ThumbnailCache repositories (due 2026-11-20T23:59Z)
#     OUT/profiles/NAME/     ProfileStore repositories (due 2026-11-27T23:59Z)
#     OUT/roster.csv         six students; frank has no folder, and zed is not listed
#     OUT/extensions.txt     dave's ThumbnailCache deadline moved to 2026-11-22T23:59Z
set -euo pipefail

out=${1:?usage: make-course.sh OUT}
root=$(cd "$(dirname "$0")/.." && pwd)
thumb="$root/Exercises/ThumbnailCache/.grading"
profile="$root/Exercises/ProfileStore/.grading"
plain="$root/Tests/Fixtures/Submissions/ThumbnailCache/correct/01-plain-sync.swift"

rm -rf "$out"
mkdir -p "$out/thumbnails" "$out/profiles"

# commit FOLDER FILE SOURCE DATE: a one-commit repository holding SOURCE as FILE.
commit() {
    local folder=$1 file=$2 source=$3 date=$4
    mkdir -p "$folder"
    cp "$source" "$folder/$file"
    git -C "$folder" init -q
    git -C "$folder" add "$file"
    GIT_AUTHOR_DATE="$date" GIT_COMMITTER_DATE="$date" \
        git -C "$folder" -c user.name=student -c user.email=student@example.edu commit -q -m "hand in $file"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# alice writes more than the starter asks for (a hit-rate counter, named helpers) ...
cat > "$work/alice.swift" <<'SWIFT'
import Foundation

/// Thumbnails kept in one NSCache, charged by their decoded size.
final class ThumbnailCache {
    private static let megabyte = 1024 * 1024
    private static let bytesPerPixel = 4

    private let store = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let counterLock = NSLock()
    private var hitCount = 0
    private var missCount = 0

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        store.totalCostLimit = 20 * Self.megabyte
        store.name = "thumbnails"
    }

    /// The share of loads answered from the cache.
    var hitRate: Double {
        counterLock.lock()
        defer { counterLock.unlock() }
        let total = hitCount + missCount
        return total == 0 ? 0 : Double(hitCount) / Double(total)
    }

    func thumbnail(forKey key: String) -> UIImage? {
        store.object(forKey: Self.cacheKey(key))
    }

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
        if let made {
            storeThumbnail(made, forKey: key)
        }
        completion(made)
    }

    private func record(hit: Bool) {
        counterLock.lock()
        if hit { hitCount += 1 } else { missCount += 1 }
        counterLock.unlock()
    }

    private static func cacheKey(_ key: String) -> NSString {
        key as NSString
    }

    private static func cost(of image: UIImage) -> Int {
        let width = Int(image.size.width)
        let height = Int(image.size.height)
        return width * height * bytesPerPixel
    }
}
SWIFT
# ... and carol and erin hand it in disguised: names changed, comments added, lines joined.
sed -e 's/\bstore\b/images/g; s/hitCount/hits/g; s/missCount/misses/g; s/counterLock/statsLock/g; s/made/fresh/g; s/cacheKey/nsKey/g' \
    -e 's|^/// Thumbnails.*|// My thumbnail cache for the assignment.|' "$work/alice.swift" > "$work/carol.swift"
sed -e 's/\bstore\b/memo/g; s/hitCount/found/g; s/missCount/notFound/g; s/bytesPerPixel/rgba/g; s/let width =/let w =/; s/let height =/let h =/; s/return width \* height/return w * h/' \
    -e 's|^    func|    // Part of the public API.\n    func|' -e 's|^        record(hit: \(.*\))$|        record(hit: \1) // count it|' "$work/alice.swift" > "$work/erin.swift"
# bob and zed write their own; dave forgets the four bytes per pixel.
sed -e '1,2d' "$plain" > "$work/bob.swift"
sed -e '1,2d; s/ \* 4$//' "$plain" > "$work/dave.swift"
cp "$thumb/Reference/ThumbnailCache.swift" "$work/zed.swift"

commit "$out/thumbnails/alice" ThumbnailCache.swift "$work/alice.swift" "2026-11-20T18:02:11Z"
commit "$out/thumbnails/bob" ThumbnailCache.swift "$work/bob.swift" "2026-11-21T23:59:00Z"
commit "$out/thumbnails/carol" ThumbnailCache.swift "$work/carol.swift" "2026-11-21T00:10:00Z"
commit "$out/thumbnails/dave" ThumbnailCache.swift "$work/dave.swift" "2026-11-22T12:00:00Z"
commit "$out/thumbnails/erin" ThumbnailCache.swift "$work/erin.swift" "2026-11-23T10:00:00Z"
commit "$out/thumbnails/zed" ThumbnailCache.swift "$work/zed.swift" "2026-11-20T09:30:00Z"

# A ProfileStore mutant written out whole from its patch; its path.
cachetutor=${CACHETUTOR:-$root/.build/debug/cachetutor}
[ -x "$cachetutor" ] || { echo "building cachetutor…" >&2; swift build --package-path "$root" >&2; }
mutant() {
    "$cachetutor" exercises mutant ProfileStore "$1" > "$work/$1.swift"
    echo "$work/$1.swift"
}

commit "$out/profiles/alice" ProfileStore.swift "$profile/Reference/ProfileStore.swift" "2026-11-27T20:00:00Z"
commit "$out/profiles/bob" ProfileStore.swift "$(mutant 05-total-cost-limit-50)" "2026-11-27T21:15:00Z"
commit "$out/profiles/carol" ProfileStore.swift "$profile/Reference/ProfileStore.swift" "2026-11-26T08:45:00Z"
commit "$out/profiles/dave" ProfileStore.swift "$(mutant 03-remembers-failures)" "2026-11-28T02:30:00Z"

cat > "$out/roster.csv" <<'CSV'
folder,name,email,lms_id,sis_id,sis_login,section
alice,"Liddell, Alice",alice@example.edu,1001,S1001,aliddell,A1
bob,"Stone, Bob",bob@example.edu,1002,S1002,bstone,A1
carol,"Danvers, Carol",carol@example.edu,1003,S1003,cdanvers,A2
dave,"Lister, Dave",dave@example.edu,1004,S1004,dlister,A2
erin,"Brockovich, Erin",erin@example.edu,1005,S1005,ebrockovich,A1
,"Frankenstein, Victor",victor@example.edu,1006,S1006,vfrank,A2
CSV

cat > "$out/extensions.txt" <<'TXT'
# Dave was ill in the week of the deadline.
dave = 2026-11-22T23:59Z
TXT
