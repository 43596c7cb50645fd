#!/usr/bin/env bash
# Measures `cachetutor check --watch` from save to verdict, warm: the watcher runs without
# a terminal (one report per save), and each save is timed until its report's last line.
#
#   save → verdict   a save (write to a new file, rename over the old one, as editors do),
#                    the watcher's settle time, the compile and the 20 sandboxed tests
#
# Usage: Benchmarks/watch-bench.sh [SAVES]     (run from anywhere; default 10 saves)
# Prints each save's time and the median; the figure in Benchmarks/README.md is the median.
set -euo pipefail

saves="${1:-10}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/watch-bench.XXXXXX")"
trap 'kill "$watcher" 2>/dev/null || true; rm -rf "$work"' EXIT

echo "building cachetutor (release)…" >&2
swift build -c release --package-path "$root" --product cachetutor >&2
cachetutor="$(swift build -c release --package-path "$root" --show-bin-path)/cachetutor"

reference="$root/Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift"
mkdir -p "$work/exercises"
cp "$reference" "$work/exercises/ThumbnailCache.swift"
# Warm the harness for this compiler and these sources.
"$cachetutor" check "$work/exercises/ThumbnailCache.swift" >/dev/null

( cd "$work" && exec "$cachetutor" check --watch exercises/ThumbnailCache.swift >"$work/out.txt" 2>&1 ) &
watcher=$!

reports() { grep -c '^Watching for saves' "$work/out.txt" || true; }
until [ "$(reports)" -ge 1 ]; do sleep 0.05; done

times=()
for i in $(seq 1 "$saves"); do
    before=$(reports)
    # A visible change each time, so the compiler cannot reuse anything.
    { cat "$reference"; echo "// save $i"; } >"$work/exercises/.ThumbnailCache.swift.new"
    start=$(date +%s%N)
    mv "$work/exercises/.ThumbnailCache.swift.new" "$work/exercises/ThumbnailCache.swift"
    until [ "$(reports)" -gt "$before" ]; do sleep 0.01; done
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    times+=("$ms")
    echo "save $i: ${ms} ms"
    sleep 0.3
done
grep -q "20 of 20 passing" "$work/out.txt" || { echo "the watcher did not report a pass" >&2; exit 1; }
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
echo "median save → verdict: ${median} ms over $saves saves"
