#!/usr/bin/env bash
# Figures for the course's exercises (issue: six exercises as course content):
#
#   check (warm), per exercise   `cachetutor check` of each exercise's reference solution,
#                                harness cached: compile the file, run every hidden test
#   exercises verify (cold)      the whole course from an empty cache: six harnesses, the
#                                shared audit program, each reference 5 runs × 4 engine
#                                policies, every starter and every mutant
#
# Usage: Benchmarks/exercises-bench.sh [RUNS]     (needs hyperfine; default 5 runs per check)
set -euo pipefail

runs="${1:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/exercises-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "building cachetutor (release)…" >&2
swift build -c release --package-path "$root" --product cachetutor >&2
cachetutor="$(swift build -c release --package-path "$root" --show-bin-path)/cachetutor"
cd "$work"

echo "== exercises verify, cold (empty cache)"
start=$(date +%s.%N)
XDG_CACHE_HOME="$work/cold-cache" "$cachetutor" --course "$root" exercises verify
end=$(date +%s.%N)
echo "exercises verify, cold: $(echo "$end - $start" | bc) s"

echo "== check of each reference, warm"
commands=()
for folder in "$root"/Exercises/*/; do
    name=$(basename "$folder")
    [ -f "$folder/exercise.toml" ] || continue
    reference="$folder/.grading/Reference/$name.swift"
    "$cachetutor" --course "$root" check "$reference" > /dev/null   # warm the harness
    commands+=(--command-name "$name" "$cachetutor --course $root check $reference")
done
hyperfine --runs "$runs" --warmup 1 --export-json "$work/exercises.json" "${commands[@]}"
python3 - "$work/exercises.json" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"{result['command']:<20} median {result['median']:.3f} s  (min {result['min']:.3f}, max {result['max']:.3f})")
PY
