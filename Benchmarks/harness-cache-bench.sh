#!/usr/bin/env bash
# The course's one runner (issue 24), from an empty cache:
#
#   first check      the very first `check` on a machine (the reference of ThumbnailCache):
#                    builds the audit, the runner and the exercise's tests, then checks
#   each other one   the first `check` of each other exercise's reference: its tests only
#   cache size       `du -sh` of the whole cache after one check of every exercise, and of
#                    the runner's folder
#   warm check       five more checks of the first exercise, each one's wall time
#
# Usage: Benchmarks/harness-cache-bench.sh     (run from anywhere; CONFIG=debug for the other build)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
config="${CONFIG:-release}"
echo "building cachetutor ($config)…" >&2
swift build --package-path "$root" -c "$config" --product cachetutor >&2
cachetutor="$(swift build --package-path "$root" -c "$config" --show-bin-path)/cachetutor"
work="$(mktemp -d "${TMPDIR:-/tmp}/harness-cache.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home"
now() { date +%s.%N; }
check() { env -i PATH="$PATH" HOME="$work/home" LC_ALL=C.UTF-8 "$cachetutor" check "$1" > "$work/out" 2>&1 || { cat "$work/out" >&2; exit 1; }; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
first=ThumbnailCache
others=$(cd "$root/Exercises" && for d in */; do if [ -d "$d.grading" ] && [ "${d%/}" != "$first" ]; then echo "${d%/}"; fi; done)
for name in "$first" $others; do
    mkdir -p "$work/$name"
    cp "$root/Exercises/$name/.grading/Reference/"*.swift "$work/$name/"
    start=$(now)
    check "$work/$name/$name.swift"
    printf 'first check of %-18s %6.2f s\n' "$name:" "$(echo "$(now) - $start" | bc)"
done
cache="$work/home/.cache/cachetutor"
echo "cache after one check of each exercise: $(du -sh "$cache" | cut -f1)"
echo "the runner's folder: $(du -sh "$cache"/runner-* | cut -f1)"
for i in 1 2 3 4 5; do
    start=$(now)
    check "$work/$first/$first.swift"
    printf 'warm check %d: %.3f s\n' "$i" "$(echo "$(now) - $start" | bc)"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
