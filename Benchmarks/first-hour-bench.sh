#!/usr/bin/env bash
# The waits a new learner meets in the first hour (issue 23), each with a fresh home and
# an empty cache:
#
#   first output   from starting `cachetutor check` on the starter, with nothing built,
#                  to the first byte of the build's progress line on standard error
#   start + 60 s   `exercises start ThumbnailCache`, a minute of "editing" (the background
#                  build runs meanwhile), then the first `check`: its wall time
#   Ctrl-C         a cold check interrupted 5 s in: time until it has exited, and what is
#                  left in the cache (no `.building-*` folder may remain)
#
# Usage: Benchmarks/first-hour-bench.sh [WAIT_SECONDS]   (default 60; run from anywhere)
set -euo pipefail

wait_seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Release, as the README's set-up builds it (CONFIG=debug for the other).
config="${CONFIG:-release}"
echo "building cachetutor ($config)…" >&2
swift build --package-path "$root" -c "$config" --product cachetutor >&2
cachetutor="$(swift build --package-path "$root" -c "$config" --show-bin-path)/cachetutor"
work="$(mktemp -d "${TMPDIR:-/tmp}/first-hour.XXXXXX")"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }

fresh() {
    rm -rf "$work/home" "$work/learner"
    mkdir -p "$work/home" "$work/learner"
}
run() { (cd "$work/learner" && exec env -i PATH="$PATH" HOME="$work/home" LC_ALL=C.UTF-8 "$cachetutor" "$@"); }

# 1. The first output of a check that has to build.
fresh
cp "$root/Exercises/ThumbnailCache/ThumbnailCache.swift" "$work/learner/"
start=$(now)
run check ThumbnailCache.swift 2> >(head -c 1 > "$work/first-byte"; cat > /dev/null) > /dev/null &
pid=$!
while [ ! -s "$work/first-byte" ]; do sleep 0.005; done
first=$(now)
kill -INT "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
printf 'first output of a cold check: %.3f s\n' "$(echo "$first - $start" | bc)"

# 2. exercises start, a minute of editing, the first check.
fresh
run exercises start ThumbnailCache > /dev/null
sleep "$wait_seconds"
start=$(now)
run check exercises/ThumbnailCache.swift > /dev/null 2>&1 || true
printf 'first check %s s after exercises start: %.2f s\n' "$wait_seconds" "$(echo "$(now) - $start" | bc)"

# 3. Ctrl-C during a cold build. A terminal sends SIGINT to the job's process group; and a
# script without job control starts its background commands with SIGINT ignored, which no
# terminal does, so the job gets a group of its own (set -m) and the signal goes to it.
fresh
cp "$root/Exercises/ThumbnailCache/ThumbnailCache.swift" "$work/learner/"
set -m
run check ThumbnailCache.swift > /dev/null 2>&1 &
pid=$!
set +m
sleep 5
start=$(now)
kill -INT -- -"$pid"
wait "$pid" || status=$?
printf 'Ctrl-C 5 s into a cold check: exited %s after %.3f s\n' "${status:-0}" "$(echo "$(now) - $start" | bc)"
left=$(find "$work/home/.cache/cachetutor" -maxdepth 1 -name '.building-*' | wc -l)
echo "half-built folders left in the cache: $left"
