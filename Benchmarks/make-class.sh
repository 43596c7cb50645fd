#!/usr/bin/env bash
# Builds a class folder of graded-looking submissions from the fixture corpus, the way
# an LMS or GitHub Classroom download looks: half as student.swift, half as
# student/ThumbnailCache.swift, plus entries grade must skip (an empty file, a binary
# file, notes.txt). Deterministic: the same corpus gives the same class.
#
#   Benchmarks/make-class.sh OUT [COUNT]      # COUNT submissions (default 50) in OUT/class,
#                                             # and OUT/manifest.tsv: student, fixture, expected verdict
set -euo pipefail

out=${1:?usage: make-class.sh OUT [COUNT]}
count=${2:-50}
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/Tests/Fixtures/Submissions/ThumbnailCache"

# Hostile fixtures that compile or fail to compile (binary and Latin-1 ones are skipped by
# discovery and added below as skipped entries): forged output, early exit, hangs, a
# memory bomb, an output flood, child processes, killing the parent, a compile error.
hostile=(01-fake-pass-lines 02-forged-results 03-exit-zero-in-init 04-spins-ignoring-signals
         05-blocks-forever 06-memory-bomb 07-output-flood 08-lingering-children
         10-kills-parent 13-compile-error)

# Correct fixtures in the styles students write. The ones after 14 wait or log on purpose to
# prove the deadlock check never mistakes them for a deadlock; they measure that check, not a
# class, so the class stays the one the throughput figures were first measured on.
correct=(01-plain-sync 02-async-global-queue 03-import-uikit-main-queue 04-lazy-configured-cache
         05-extensions 06-delegate-counts-evictions 07-inflight-coalescing 08-both-limits
         09-struct-key-helper 10-nslock-statistics 11-serial-queue 12-product-truncation
         13-nsobject-subclass-decimal-limit 14-result-enum-loader)

fixtures=()
for name in "${correct[@]}"; do fixtures+=("$corpus/correct/$name.swift"); done
for name in "${hostile[@]}"; do fixtures+=("$corpus/hostile/$name.swift"); done
# Buggy ones are the exercise's mutants, each written out whole from its patch, under the
# patch's own `// expect:` line (CACHETUTOR picks the binary, else the debug build).
cachetutor=${CACHETUTOR:-$root/.build/debug/cachetutor}
[ -x "$cachetutor" ] || { echo "building cachetutor…" >&2; swift build --package-path "$root" >&2; }
mkdir -p "$out/mutants"
buggy=()
for patch in "$root"/Exercises/ThumbnailCache/.grading/Mutants/*.diff; do
    name=$(basename "$patch" .diff)
    { head -n1 "$patch"; "$cachetutor" exercises mutant ThumbnailCache "$name"; } > "$out/mutants/$name.swift"
    buggy+=("$out/mutants/$name.swift")
done
index=0
while (( ${#fixtures[@]} < count )); do
    fixtures+=("${buggy[index % ${#buggy[@]}]}")
    index=$((index + 1))
done

rm -rf "$out/class"
mkdir -p "$out/class"
: > "$out/manifest.tsv"
for (( n = 0; n < count; n++ )); do
    fixture=${fixtures[n]}
    student=$(printf 'student-%02d' $((n + 1)))
    if (( n % 2 == 0 )); then
        cp "$fixture" "$out/class/$student.swift"
    else
        mkdir -p "$out/class/$student"
        cp "$fixture" "$out/class/$student/ThumbnailCache.swift"
    fi
    expect=$(head -n1 "$fixture" | sed -n 's|^// expect: ||p')
    shown=${fixture#"$corpus"/}
    printf '%s\t%s\t%s\n' "$student" "${shown#"$out"/}" "$expect" >> "$out/manifest.tsv"
done
: > "$out/class/late-submission.swift"
cp "$corpus/hostile/16-binary.swift" "$out/class/mallory.swift"
echo "grading notes" > "$out/class/notes.txt"
echo "$count submissions in $out/class ($(ls "$out/class" | wc -l) entries)"
